#!/usr/bin/env node
/**
 * The production layout's targets, from the production layout as the guide builds it: runs the scale-out test
 * (services/origin-server/test/scale-out.test.cjs: Debian's nginx, two API instances on Node 24, PostgreSQL, an S3
 * bucket, the real page renderer, docs/deploy.md's own commands) with SCALE_OUT_REPORT set, and prints the figures it
 * measured on the way: failed reads and writes during each fault (the writes as the site's client sends them: an
 * Idempotency-Key and one retry), write-to-page time through the front door (p50, p99), the standby's takeover with
 * the default lease. The same harness as `npm test` runs, not a parallel one: the numbers are the test's. Then the
 * bytes of the real home page's scripts through nginx and through the Node origin (bench/home-scripts.cjs: the real
 * build, every script `/` loads in Chromium). Never fails on numbers; a test that fails still gives the figures
 * measured before it (and its exit code is in the report).
 *
 * `npm run bench -- --production` (alone; writes bench-report-production.json), or last in `npm run bench`
 * (BENCH_SKIP_PRODUCTION=1 leaves it out). 150 to 250 s on the 2-core machine, and about 30 s for the home page.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');
const { measureHomeScripts, printHomeScripts } = require('./home-scripts.cjs');

const root = path.resolve(__dirname, '../..');
const TEST = path.join(root, 'services/origin-server/test/scale-out.test.cjs');

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null;
};

/** Runs the scale-out test with SCALE_OUT_REPORT and returns its figures (plus its exit code and run time). */
async function measureProduction() {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-production-')), 'scale-out.json');
  const started = Date.now();
  console.log('\nProduction layout: the scale-out test with SCALE_OUT_REPORT (150-250 s) ...');
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, ['--test', '--test-reporter=dot', TEST], {
      cwd: root,
      env: { ...process.env, SCALE_OUT_REPORT: file },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('exit', (c, sig) => resolve(c ?? sig));
  });
  let figures;
  try {
    figures = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    figures = { error: `no figures written: ${e.message}` };
  }
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  const samples = figures.writeToPageMs?.nginx ?? [];
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log('\nThe real home page’s scripts through nginx and the Node origin (bench/home-scripts.cjs) ...');
  return {
    testExitCode: code,
    seconds,
    ...figures,
    writeToPage: samples.length ? { samples: samples.length, p50ms: percentile(samples, 50), p99ms: percentile(samples, 99) } : null,
    homeScripts: await measureHomeScripts(),
  };
}

const or = (v, unit = '') => (v === undefined || v === null ? 'not measured' : `${v}${unit}`);

function printProduction(r) {
  const row = (what, value) => console.log(`  ${what.padEnd(66)} ${value}`);
  console.log(`\nProduction layout (scale-out test, exit ${r.testExitCode}, ${r.seconds} s)`);
  if (r.error) console.log(`  ${r.error}`);
  // Writes as the site's client sends them (Idempotency-Key, one retry); none both failed and stored (the test asserts it).
  const writes = (f) =>
    f?.writes !== undefined
      ? `${f.failedWrites} of ${f.writes} (${f.retried} retried${f.failedWrites ? `; ${JSON.stringify(f.failures)}` : ''})`
      : 'not measured';
  const b = r.backToBackKills;
  row('back-to-back kills: failed reads (probe every 100 ms)', b ? `${b.failedReads} of ${b.reads}` : 'not measured');
  row('back-to-back kills: failed writes (Idempotency-Key, one retry)', writes(b));
  const w = r.writesDuringKill;
  row('kill -9 during a write burst: failed writes', w ? `${w.failed} of ${w.writes} (${JSON.stringify(w.failures)})` : 'not measured');
  row(
    'PostgreSQL 10 s stop: failed page reads / API calls',
    r.postgresOutage
      ? `${r.postgresOutage.failedPageReads} of ${r.postgresOutage.pageReads} / ${JSON.stringify(r.postgresOutage.apiStatuses)}`
      : 'not measured',
  );
  row('PostgreSQL 10 s stop: failed writes (the API’s 503, retried once)', writes(r.postgresOutage));
  const s = r.storageOutage;
  row(`storage ${or(s?.seconds, ' s')} stop: failed page and /remotes.json reads`, s ? `${s.failedReads} of ${s.reads}` : 'not measured');
  row('storage stop: failed writes (Idempotency-Key, one retry)', writes(s));
  const p = r.writeToPage;
  row('write to page through nginx (bucket), ms', p ? `p50 ${p.p50ms}, p99 ${p.p99ms} (${p.samples} writes)` : 'not measured');
  if (r.writeToPageMs?.firstByDoor) row('  first article, ms by door', JSON.stringify(r.writeToPageMs.firstByDoor));
  const t = r.standbyTakeover;
  row('standby takeover (lease lapse seen through the other instance)', t ? `${t.ms} ms (lease ${t.leaseMs} ms, the default)` : 'not measured');
  printHomeScripts(r.homeScripts);
}

async function main() {
  const report = { date: new Date().toISOString(), machine: `${os.cpus().length} cores`, production: await measureProduction() };
  printProduction(report.production);
  fs.writeFileSync(path.join(root, 'bench-report-production.json'), JSON.stringify(report, null, 2));
  console.log('\nwrote bench-report-production.json');
}

module.exports = { measureProduction, printProduction, main };

if (require.main === module) main().catch((e) => console.error('[bench]', e));
