#!/usr/bin/env node
/**
 * The page renderer at 10,000 articles. A throwaway PostgreSQL server filled with the scale bench's
 * 10,000 articles (bench/scale.cjs `fill`, articles only), one API instance with the render feed, the host's and the
 * public remotes' built dist/ (remotes served on loopback as their releases are), then:
 *   - a full render with 1 worker and with N (RENDER_WORKERS; default every core), each into a fresh folder, one
 *     process each (scripts/bench/render-runs.mts): pages, seconds, pages/s, the process's peak memory (all its
 *     threads), the output's size; and whether the two folders hold the same pages, byte for byte;
 *   - an incremental render through the real service (src/service.ts, on the API's feed): one news article's title
 *     written through the admin API, the time from the API's answer to its page file holding the new title, and the
 *     run that did it (pages, seconds).
 *
 * Everything runs with the default settings, the render lease's included (SITE_RENDER_LEASE_MS unset: 3 s), and a
 * standby renderer beside the service, as deployed with two: the service's full run reports whether it failed, how
 * often the lease changed hands (grants of its fencing token) and whether both renderers ever said `holder` at once
 * (both /status read every 200 ms), with the machine's load average through the run.
 *
 *   node scripts/bench/render-scale.cjs [--burners N | --loaded]     or     npm run bench -- --render-scale
 * The API's /health (no database, no turn among the renderer's reads) is timed once a second through the full run:
 * how long the API's event loop keeps a renewal waiting. BENCH_API_NODE_OPTIONS: the API process's NODE_OPTIONS
 * (e.g. `--require` of a probe; a CPU profile written in the API's event loop blocks it for seconds at load 30).
 * `--burners N`: N CPU burners (scale.cjs startBurners: busy loops at this process's priority) run beside the
 * service's full run, for a busy machine (N = 18 makes a load average near 20 on 2 cores); `--loaded`: as many as
 * cores. BENCH_LOADED_MINUTES: the burners stop after that many minutes if the run is still going (it then finishes
 * on the machine as it is; the report says how many pages it had rendered by then).
 * Env: BENCH_RENDER_WORKERS (N), BENCH_RENDER_SCALE_ONE=0 (skip the one-worker run). Prints a table and writes
 * bench-report-render-scale.json at the root; never fails on numbers.
 */
const fs = require('fs');
const http = require('http');
const os = require('os');
const path = require('path');
const { spawn, spawnSync, execFileSync } = require('child_process');
const { freePort, startPostgres, startApi, stopAll } = require('@site/origin-server/tools/cluster.cjs');
const { fill, startBurners } = require('./scale.cjs');
const { fullRuns, renderStatus, retitle, signIn, waitRendererIdle } = require('./render.cjs');

const root = path.resolve(__dirname, '../..');
const API_DIR = path.join(root, 'services/api-server');
const RENDERER_DIR = path.join(root, 'services/page-renderer');
const pg = require(require.resolve('pg', { paths: [API_DIR] }));
const TOKEN = 'bench-render-scale';
const round = (n) => Math.round(n * 10) / 10;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const argValue = (name) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
/** How many CPU burners run beside the service's full run (0: a quiet run). */
const BURNERS = process.argv.includes('--loaded') ? os.cpus().length : Number(argValue('--burners') || 0);
const LOADED_MINUTES = Number(process.env.BENCH_LOADED_MINUTES || 0);

/** The remotes' dist/ folders on loopback, each at /<name>/ as a release folder (mf-manifest.json, server/server.js). */
function serveRemotes(port) {
  const dirs = { remote_content: path.join(root, 'remote-content/dist'), remote_support: path.join(root, 'remote-support/dist') };
  const server = http.createServer((req, res) => {
    const [, name, ...rest] = decodeURIComponent(req.url.split('?')[0]).split('/');
    const file = dirs[name] && path.join(dirs[name], ...rest);
    if (!file || !file.startsWith(dirs[name]) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.statusCode = 404;
      return res.end();
    }
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

const duBytes = (dir) => Number(execFileSync('du', ['-sb', dir], { encoding: 'utf8' }).split('\t')[0]);
const mb = (bytes) => round(bytes / 1024 / 1024);

/** Pages of two output folders compared byte for byte: how many, how many differ (the first few named). */
function comparePages(a, b) {
  const list = (dir) => (fs.readdirSync(path.join(dir, 'pages'), { recursive: true }) || []).filter((f) => f.endsWith('.html')).sort();
  const pa = list(a);
  const pb = new Set(list(b));
  const differ = [];
  for (const f of pa) if (!pb.has(f) || !fs.readFileSync(path.join(a, 'pages', f)).equals(fs.readFileSync(path.join(b, 'pages', f)))) differ.push(f);
  return { pages: pa.length, pagesOther: pb.size, differ: differ.length, firstDiffering: differ.slice(0, 5) };
}

/** The renderer service on the API's feed; resolves with its port once /status answers. */
async function startRenderer(renderEnv, port, log) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/service.ts'], {
    cwd: RENDERER_DIR,
    // No periodic full run inside the measurements (the start run alone can take longer than its 10 minutes).
    env: { ...renderEnv, RENDER_PORT: String(port), SITE_RENDER_HOOK_TOKEN: TOKEN, RENDER_FULL_INTERVAL_MS: String(6 * 3600_000) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => log(`[service] ${String(d).trim()}`));
  child.stderr.on('data', (d) => log(`[service] ${String(d).trim().slice(0, 300)}`));
  for (let i = 0; i < 600 && !(await renderStatus(port)); i++) await sleep(100);
  return child;
}

/** The service's runs by result (its /metrics). */
async function renderMetrics(port) {
  try {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(5000) })).text();
    const value = (re) => Number(re.exec(text)?.[1] ?? 0);
    return { ok: value(/^render_runs_total\{result="ok"\} (\d+)/m), failed: value(/^render_runs_total\{result="failed"\} (\d+)/m) };
  } catch {
    return { ok: 0, failed: 0 };
  }
}

/** The /health probes' times: how many, p50, p95 and the longest (ms). */
function healthFigures(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p) => Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
  return { probes: sorted.length, p50: at(50), p95: at(95), max: Math.round(sorted.at(-1)) };
}

/** Page files in an output folder (a run under way: how far it got). */
const pageFiles = (dir) => {
  try {
    return fs.readdirSync(path.join(dir, 'pages'), { recursive: true }).filter((f) => String(f).endsWith('.html')).length;
  } catch {
    return 0;
  }
};

/** One news article's title edited through the admin API; ms from the answer until its page file holds the title. */
async function incremental({ api, token, outDir, rendererPort, articleId }) {
  await waitRendererIdle(rendererPort, { timeoutMs: 30 * 60000 });
  const runsBefore = (await renderStatus(rendererPort))?.runs ?? 0;
  const title = `增量渲染 ${Date.now().toString(36)}`;
  await retitle(api, token, articleId, title);
  const answered = Date.now();
  const file = path.join(outDir, 'pages/newsDetail', `id-${articleId}.html`);
  let ms = null;
  // The page is served as soon as its file is written (the local storage driver): polled every 10 ms, up to 5 min.
  while (Date.now() - answered < 300_000) {
    try {
      if (fs.readFileSync(file, 'utf8').includes(title)) {
        ms = Date.now() - answered;
        break;
      }
    } catch {
      /* being replaced */
    }
    await sleep(10);
  }
  const after = await waitRendererIdle(rendererPort, { minRuns: runsBefore + 1, timeoutMs: 30 * 60000 });
  const last = after.status?.lastReport;
  return {
    articleId,
    pageMs: ms,
    runPages: last?.rendered ?? null,
    runSeconds: last ? round(last.ms / 1000) : null,
    runWorkers: last?.workers ?? null,
    // From the run's start (the scopes reached the worker) to its first page written: the rest is the feed and lease.
    runFirstPageMs: last?.firstPageMs ?? null,
  };
}

async function measureRenderScale() {
  const started = Date.now();
  const log = (m) => console.log(`[render-scale ${round((Date.now() - started) / 1000)} s] ${m}`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-render-scale-'));
  fs.chmodSync(tmp, 0o755);
  const [pgPort, apiPort, remotesPort, rendererPort, standbyPort] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
  const db = startPostgres(path.join(tmp, 'pg'), pgPort);
  const workers = Number(process.env.BENCH_RENDER_WORKERS) || os.availableParallelism();
  const report = { cpus: os.cpus().length, workers, full: [], incremental: null };
  const children = [];
  let remotesServer = null;
  const apiEnv = {
    DATABASE_URL: db.url,
    DATA_DIR: path.join(tmp, 'data'),
    SITE_DEV_ENDPOINTS: '1',
    SITE_TEST_ACCOUNTS: '1',
    SITE_RENDER_HOOK_TOKEN: TOKEN,
  };
  // The defaults, as an operator runs it: no lease length of the bench's own.
  delete apiEnv.SITE_RENDER_LEASE_MS;
  // To look inside the API during the runs (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`): its process only.
  if (process.env.BENCH_API_NODE_OPTIONS) apiEnv.NODE_OPTIONS = process.env.BENCH_API_NODE_OPTIONS;
  // Stopped by a signal: the API, the renderers and PostgreSQL (a daemon of pg_ctl, outside this process group) are
  // stopped and the folder removed before it exits, as at the end of a run.
  const onSignal = (signal) => {
    log(`${signal}: stopping the bench's processes and PostgreSQL`);
    remotesServer?.close();
    void stopAll(children).finally(() => {
      db.stop();
      fs.rmSync(tmp, { recursive: true, force: true });
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    log('migrating and seeding through the API server ...');
    let api = await startApi('render-scale', apiPort, apiEnv);
    await stopAll([api.child]);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await fill(client, log, { articlesOnly: true });
      const { rows } = await client.query(
        'SELECT channel_id AS channel, count(*)::int AS n FROM article WHERE status = 0 GROUP BY channel_id ORDER BY channel_id',
      );
      report.liveArticlesByChannel = Object.fromEntries(rows.map((r) => [r.channel, r.n]));
      // The render outbox the fill's inserts left (none through SQL, but the seed's): the service starts from a clean feed.
      await client.query('DELETE FROM render_outbox').catch(() => undefined);
    } finally {
      await client.end();
    }
    log(`live articles by channel: ${JSON.stringify(report.liveArticlesByChannel)}`);
    // The search index as the scale bench fills it (the server's own code): else the API's start does it first.
    log('search index (scale-index.mts) ...');
    const ix = spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'scale-index.mts'), db.url], { cwd: API_DIR, encoding: 'utf8' });
    if (ix.status !== 0) throw new Error(`scale-index.mts: ${(ix.stderr || ix.stdout).slice(-1000)}`);
    api = await startApi('render-scale', apiPort, apiEnv);
    children.push(api.child);
    remotesServer = await serveRemotes(remotesPort);
    const remotesOrigin = `http://127.0.0.1:${remotesPort}`;
    const renderEnv = (out) => ({
      ...process.env,
      NODE_ENV: 'production',
      STORAGE_DRIVER: 'local',
      RENDER_OUT_DIR: path.join(tmp, out),
      RENDER_API_ORIGIN: api.origin,
      RENDER_SITE_ORIGIN: 'https://www.example.cn',
      RENDER_HOST_ROOT: path.join(root, 'host/dist'),
      RENDER_REMOTES: JSON.stringify({
        remote_content: `${remotesOrigin}/remote_content/mf-manifest.json`,
        remote_support: `${remotesOrigin}/remote_support/mf-manifest.json`,
      }),
    });

    const output = (dir, run) => ({
      outputMB: mb(duBytes(dir)),
      htmlMB: mb(
        fs
          .readdirSync(path.join(dir, 'pages'), { recursive: true })
          .filter((f) => f.endsWith('.html'))
          .reduce((s, f) => s + fs.statSync(path.join(dir, 'pages', f)).size, 0),
      ),
      sitemapFiles: run.sitemapFiles,
    });
    if (process.env.BENCH_RENDER_SCALE_ONE !== '0') {
      log('full render with 1 worker (render-runs.mts) ...');
      const r = await fullRuns({ root, renderEnv: { ...renderEnv('full-1'), RENDER_WORKERS: '1' }, runs: 1, timeoutMs: 60 * 60000 });
      const run = r.runs[0];
      const row = run
        ? {
            workers: 1,
            via: 'render-runs.mts',
            pages: run.rendered,
            kept: run.kept,
            seconds: round(run.ms / 1000),
            pagesPerSecond: run.pagesPerSecond,
            peakRssMB: run.peakRssMB,
            ...output(path.join(tmp, 'full-1'), run),
            errors: r.errors,
            firstProblems: r.firstProblems,
          }
        : { workers: 1, error: r.error };
      report.full.push(row);
      log(JSON.stringify(row));
    }

    // N workers: the service's own start run (as deployed: its worker below the servers' priority), on a fresh
    // folder, with a standby renderer beside it (its own folder); then the incremental render through the same service.
    log(`full render with ${workers} workers: the service's start run, a standby beside it ...`);
    const serviceOut = 'service';
    const leaseToken = async () => {
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      try {
        return Number((await c.query('SELECT token FROM render_lease')).rows[0]?.token ?? 0);
      } finally {
        await c.end();
      }
    };
    const tokenBefore = await leaseToken();
    const service = await startRenderer({ ...renderEnv(serviceOut), RENDER_WORKERS: String(workers) }, rendererPort, log);
    children.push(service);
    // The standby comes once the service holds the lease (its start run then under way), so the run measured is its.
    for (let i = 0; i < 1200 && (await renderStatus(rendererPort))?.role !== 'holder'; i++) await sleep(100);
    const burners = startBurners(BURNERS);
    report.mode = BURNERS ? `loaded: ${BURNERS} CPU burners beside the full run (scale.cjs startBurners)` : 'quiet';
    const loadStarted = Date.now();
    let burnersStoppedAt = null;
    const stopBurners = () => {
      if (burnersStoppedAt === null) burnersStoppedAt = Date.now();
      for (const b of burners) b.kill('SIGKILL');
    };
    const loads = [];
    const watch = { samples: 0, bothHolder: 0, holderChanges: 0, last: null, pagesAtBurnersStop: null };
    // The service's own event loop (where its renewals are sent from): how long its /status took to answer.
    const serviceStatus = [];
    // The API's event loop as a renewal meets it: /health (no database, no turn) timed once a second.
    const health = [];
    let probing = true;
    const prober = (async () => {
      while (probing) {
        const t = performance.now();
        const ok = await fetch(`${api.origin}/health`, { signal: AbortSignal.timeout(60_000) }).then(
          (r) => r.ok,
          () => false,
        );
        health.push(ok ? performance.now() - t : 60_000);
        await sleep(1000);
      }
    })();
    const standby = await startRenderer({ ...renderEnv('standby'), RENDER_WORKERS: String(workers) }, standbyPort, (m) => log(`[standby] ${m}`));
    children.push(standby);
    let watching = true;
    const watcher = (async () => {
      let lastLoad = 0;
      let lastProgress = Date.now();
      while (watching) {
        const asked = performance.now();
        const [a, b] = await Promise.all([
          renderStatus(rendererPort).finally(() => serviceStatus.push(performance.now() - asked)),
          renderStatus(standbyPort),
        ]);
        watch.samples++;
        if (a?.role === 'holder' && b?.role === 'holder') watch.bothHolder++;
        const holder = a?.role === 'holder' ? 'service' : b?.role === 'holder' ? 'standby' : null;
        if (holder && watch.last && holder !== watch.last) {
          watch.holderChanges++;
          log(
            `the lease went from the ${watch.last} to the ${holder} (load ${round(os.loadavg()[0])}, the last /health ${Math.round(health.at(-1) ?? 0)} ms)`,
          );
        }
        if (holder) watch.last = holder;
        if (Date.now() - lastLoad >= 10_000) {
          lastLoad = Date.now();
          loads.push(os.loadavg()[0]);
        }
        // A line a minute, so a run stopped by hand still says how it went.
        if (Date.now() - lastProgress >= 60_000) {
          lastProgress = Date.now();
          const recent = health.slice(-60);
          log(
            `${pageFiles(path.join(tmp, serviceOut))} pages written, load ${round(os.loadavg()[0])}, holder ${holder ?? 'none'}; ` +
              `the last minute: /health max ${Math.round(Math.max(0, ...recent))} ms, the service's /status max ${Math.round(Math.max(0, ...serviceStatus.slice(-300)))} ms`,
          );
        }
        if (burners.length && burnersStoppedAt === null && LOADED_MINUTES && Date.now() - loadStarted >= LOADED_MINUTES * 60_000) {
          watch.pagesAtBurnersStop = pageFiles(path.join(tmp, serviceOut));
          log(`burners stopped after ${LOADED_MINUTES} min, the run goes on`);
          stopBurners();
        }
        await sleep(200);
      }
    })();
    let first;
    try {
      first = await waitRendererIdle(rendererPort, { minRuns: 1, timeoutMs: 60 * 60000 });
    } finally {
      stopBurners();
      watching = false;
      probing = false;
      await watcher;
      await prober;
    }
    const [held, spare] = [await renderMetrics(rendererPort), await renderMetrics(standbyPort)];
    report.lease = {
      mode: report.mode,
      leaseMs: 'default (SITE_RENDER_LEASE_MS unset)',
      grants: (await leaseToken()) - tokenBefore,
      failedRuns: held.failed + spare.failed,
      standbyRuns: spare.ok + spare.failed,
      statusSamples: watch.samples,
      bothHolderSamples: watch.bothHolder,
      holderChanges: watch.holderChanges,
      loadedSeconds: burners.length ? round(((burnersStoppedAt ?? Date.now()) - loadStarted) / 1000) : 0,
      pagesRenderedWhenBurnersStopped: watch.pagesAtBurnersStop,
      load1: loads.length
        ? { min: round(Math.min(...loads)), mean: round(loads.reduce((a, b) => a + b, 0) / loads.length), max: round(Math.max(...loads)) }
        : null,
      lastError: first.status?.lastError ?? null,
      apiHealthMs: health.length ? healthFigures(health) : null,
      serviceStatusMs: serviceStatus.length ? healthFigures(serviceStatus) : null,
    };
    log(`lease: ${JSON.stringify(report.lease)}`);
    const sr = first.status?.lastReport;
    const row = sr
      ? {
          workers: sr.workers,
          via: `service (nice 10), ${report.mode}`,
          pages: sr.rendered,
          kept: sr.kept.length,
          seconds: round(sr.ms / 1000),
          pagesPerSecond: sr.pagesPerSecond,
          peakRssMB: sr.peakRssMB,
          ...output(path.join(tmp, serviceOut), sr),
        }
      : { workers, error: first.status?.lastError ?? 'not idle' };
    report.full.push(row);
    log(JSON.stringify(row));
    await stopAll([standby]);
    if (report.full.length === 2 && sr) report.sameBytes = comparePages(path.join(tmp, 'full-1'), path.join(tmp, serviceOut));

    log('incremental render through the service on the feed (one news article) ...');
    const token = await signIn(api.origin, api.origin, 'admin', 'admin123');
    const pgc = new pg.Client({ connectionString: db.url });
    await pgc.connect();
    const { rows: d } = await pgc.query('SELECT id FROM article WHERE channel_id = 12 AND status = 0 ORDER BY publish_date DESC LIMIT 1 OFFSET 500');
    await pgc.end();
    report.incremental = await incremental({ api: api.origin, token, outDir: path.join(tmp, serviceOut), rendererPort, articleId: d[0].id });
    log(`incremental: ${JSON.stringify(report.incremental)}`);
  } catch (e) {
    report.error = String(e.stack || e).slice(0, 4000);
    console.log(`\nRender scale bench stopped: ${report.error}`);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    remotesServer?.close();
    await stopAll(children);
    db.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return report;
}

function printRenderScale(report) {
  console.log('\nRenderer at 10,000 articles: full renders (one process each)');
  console.table(
    report.full.map((r) => ({
      workers: r.workers,
      pages: r.pages,
      seconds: r.seconds,
      'pages/s': r.pagesPerSecond,
      'peak MB': r.peakRssMB,
      'output MB': r.outputMB,
      'html MB': r.htmlMB,
      'target ≤ 180 s': r.seconds === undefined ? '' : r.seconds <= 180 ? 'met' : 'missed',
      error: r.error ?? '',
    })),
  );
  const l = report.lease;
  if (l)
    console.log(
      `The service's full run, ${l.mode}, lease ${l.leaseMs}: failed runs ${l.failedRuns}, lease grants ${l.grants} (1 = never changed hands), ` +
        `both renderers holder in ${l.bothHolderSamples} of ${l.statusSamples} samples, holder changes ${l.holderChanges}, standby runs ${l.standbyRuns}; ` +
        `load average (1 min) ${l.load1 ? `${l.load1.min}-${l.load1.max}, mean ${l.load1.mean}` : 'not sampled'}` +
        (l.apiHealthMs
          ? `; the API's /health once a second: p50 ${l.apiHealthMs.p50} ms, p95 ${l.apiHealthMs.p95} ms, max ${l.apiHealthMs.max} ms`
          : '') +
        (l.loadedSeconds
          ? `; burners ran ${l.loadedSeconds} s${l.pagesRenderedWhenBurnersStopped === null ? '' : `, ${l.pagesRenderedWhenBurnersStopped} page files written by then`}`
          : ''),
    );
  if (report.sameBytes)
    console.log(`Pages of the two runs: ${report.sameBytes.pages} and ${report.sameBytes.pagesOther}, ${report.sameBytes.differ} differ`);
  const i = report.incremental;
  if (i)
    console.log(
      `Incremental: article ${i.articleId}'s page ${i.pageMs === null ? 'NOT written within 5 min' : `written ${i.pageMs} ms after the API's answer`} ` +
        `(target ≤ 2,000 ms: ${i.pageMs !== null && i.pageMs <= 2000 ? 'met' : 'missed'}; its run's first page ${i.runFirstPageMs} ms after the run began); ` +
        `the run rendered ${i.runPages} pages in ${i.runSeconds} s`,
    );
}

async function main() {
  const report = { date: new Date().toISOString(), machine: `${os.cpus().length} cores`, ...(await measureRenderScale()) };
  printRenderScale(report);
  fs.writeFileSync(path.join(root, 'bench-report-render-scale.json'), JSON.stringify(report, null, 2));
  console.log('\nwrote bench-report-render-scale.json');
}

module.exports = { measureRenderScale, printRenderScale, main };

if (require.main === module)
  main().catch((e) => {
    console.error('[render-scale]', e);
    process.exitCode = 0;
  });
