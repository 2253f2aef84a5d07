/**
 * Full renders repeated in one Node process, for the bench (scripts/bench/render.cjs): per run the pages rendered, the
 * time, pages per second and the heap after a gc(). Run from renderer/ (so react, jsdom etc. resolve there), with the
 * renderer's RENDER_* environment (services/page-renderer/src/config.ts):
 *
 *   cd services/page-renderer && node --expose-gc --import tsx ../../scripts/bench/render-runs.mts [runs=5]
 *
 * The result goes to the parent over IPC when there is one, else to stdout as JSON.
 */
import { readConfig } from '@site/page-renderer/src/config.ts';
import { runRender } from '@site/page-renderer/src/worker.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const runs = Math.max(1, Number(process.argv[2] || 5));
const config = readConfig();
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

// The renderer's own warnings and errors (a page kept, a remote without a server build) are counted, not printed per page.
let warnings = 0;
let errors = 0;
const firstProblems: string[] = [];
const note = (line: string) => firstProblems.length < 5 && firstProblems.push(line.slice(0, 300));
const log: Console = {
  ...console,
  warn: (...a: unknown[]) => (warnings++, note(a.join(' '))),
  error: (...a: unknown[]) => (errors++, note(a.join(' '))),
};

gc();
const heapBeforeMB = mb(process.memoryUsage().heapUsed);
const results = [];
for (let i = 1; i <= runs; i++) {
  const report = await runRender(config, [{ all: true }], log);
  gc();
  const mem = process.memoryUsage();
  const run = {
    run: i,
    rendered: report.rendered,
    kept: report.kept.length,
    clientOnly: report.clientOnly.length,
    ms: report.ms,
    pagesPerSecond: report.pagesPerSecond,
    heapUsedMB: mb(mem.heapUsed),
    rssMB: mb(mem.rss),
    workers: report.workers,
    peakRssMB: report.peakRssMB,
    sitemapFiles: report.sitemapFiles,
  };
  results.push(run);
  console.log(
    `[render-runs] run ${i}: ${run.rendered} pages in ${run.ms} ms (${run.pagesPerSecond}/s, ${run.workers} workers), heap after gc ${run.heapUsedMB} MB, peak RSS ${run.peakRssMB} MB`,
  );
}

const result = { outDir: config.outDir, heapBeforeMB, runs: results, warnings, errors, firstProblems };
if (process.send) process.send(result, () => process.exit(0));
else {
  console.log(JSON.stringify(result));
  process.exit(0);
}
