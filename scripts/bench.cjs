#!/usr/bin/env node
/**
 * `npm run bench`: builds if needed, then measures the site in two states, one after the other on the same port block
 * (BENCH_BASE, 19100). Prints numbers and writes bench-report.json; never fails on them.
 *
 * 1. A site started exactly as `npm start` starts it (scripts/start.cjs with SKIP_BUILD=1: each remote released into
 *    a deploy folder, precompressed, NODE_ENV=production, no test switches; its own DATA_DIR and DEPLOY_DIR), used for
 *    a while first: the page renderer's first run, then every public route visited twice in Chromium. All page numbers
 *    come from this site: the HTML served without JavaScript, the cold loads (requests, compressed JS, API requests
 *    per view; scripts/bench/pages.cjs), Lighthouse mobile on every public route with and without scripts, and the
 *    client-side navigation.
 * 2. After that site is stopped, a harness-mode site (serve.cjs with NODE_ENV=test, SITE_DEV_ENDPOINTS=1,
 *    SITE_TEST_ACCOUNTS=1, apps from their dist/, a fresh data folder) for what needs the test helpers (/dev/*,
 *    admin/admin123): the API throughput of the read routes next to the server's minimal route, the visit records
 *    stored, and the renderer (scripts/bench/render.cjs): an article's edit until its page serves it, full renders of
 *    a site with 1,000 articles.
 * The build first when it runs (scripts/bench/build.cjs): the five apps cold, then one remote rebuilt after a one-line
 * change. Then the renderer at 10,000 articles (scripts/bench/render-scale.cjs: full renders with 1 and N workers, an
 * incremental one; BENCH_SKIP_RENDER_SCALE=1 leaves it out). Last, the production layout of docs/deploy.md
 * (scripts/bench/scale-out.cjs): nginx before one and two API instances.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');
const { APPS, PORT_BASES, REMOTE_NAMES, SERVICE_DIRS, portsFrom, serveEnv } = require('@site/build-config/site');
const { siteEnv, defaultRemotes } = require('@site/origin-server/src/site-env.cjs');
const render = require('./bench/render.cjs');
const pages = require('./bench/pages.cjs');
const buildTimes = require('./bench/build.cjs');
const { measureScaleOut } = require('./bench/scale-out.cjs');

const root = path.resolve(__dirname, '..');
const ports = portsFrom(Number(process.env.BENCH_BASE || PORT_BASES.bench));
const remotePorts = Object.fromEntries(REMOTE_NAMES.map((n) => [n, ports[n]]));
const HOST = `http://localhost:${ports.host}`;
/** The API port itself: its test helpers (/dev/*) are never on the host's proxy list. */
const API = `http://127.0.0.1:${ports.api}`;
/**
 * Every public route of the route table (@site/contract/routes.json); a route that requires `?id=` (a detail page) is
 * completed with the first published article of its channel in DETAIL_CHANNELS.
 */
const PUBLIC_ROUTES = require('@site/contract/routes.json').filter((r) => r.layout === 'public');
const ROUTES = PUBLIC_ROUTES.map((r) => (r.search?.id === 'required' ? `${r.path}?id=` : r.path));
/** The channel of each detail route's article (CHANNEL_IDS of @site/contract). */
const DETAIL_CHANNELS = { productDetail: 14, solutionDetail: 10, newsDetail: 12, videoDetail: 17 };
const unchannelled = ROUTES.filter((r) => r.endsWith('?id=') && !(r.slice(1, -'?id='.length) in DETAIL_CHANNELS));
if (unchannelled.length) throw new Error(`[bench] DETAIL_CHANNELS names no channel for ${unchannelled.join(', ')}`);
/** The home page's targets (cold view; met / not met, never failing). */
const HOME_TARGETS = { requests: 25, jsCompressedKB: 200 };

async function waitFor(url, ms = 90000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} not ready`);
}

/**
 * Visit records the server stored for this run's visitor id (the dev endpoint flushes the batched inserts
 * first). A visitor id of its own per run, so nothing from earlier loads or runs is counted.
 */
async function storedVisits(uv) {
  try {
    const r = await (await fetch(`${API}/dev/visits?uv=${uv}`)).json();
    return Array.isArray(r.data) ? r.data.length : null;
  } catch {
    return null;
  }
}

async function firstId(channelId) {
  const r = await fetch(`${HOST}/api/article/page?channelId=${channelId}&page=1&pageSize=1`);
  const page = await r.json();
  return page.content?.[0]?.id ?? 1;
}

async function apiLoad(autocannon, pathName, opts = {}) {
  const started = Date.now();
  const limit = opts.amount ? {} : { duration: Number(process.env.BENCH_API_SECONDS || 10) };
  const result = await autocannon({ url: `http://127.0.0.1:${ports.api}${pathName}`, connections: 50, ...limit, ...opts });
  const seconds = (Date.now() - started) / 1000;
  const total2xx = result['2xx'];
  // With `amount` every request is answered before the run ends; rps is then answers over wall time.
  const rps = opts.amount ? Math.round((total2xx + result.non2xx) / seconds) : Math.round(result.requests.average);
  return {
    path: pathName,
    method: opts.method || 'GET',
    rps,
    p99ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    total2xx,
  };
}

/**
 * The renderer after the other measurements (1,000 articles would change their numbers): an article edit until its
 * page serves it, at the seeded size; then articles created up to BENCH_RENDER_ARTICLES (1,000), full renders in one
 * process (BENCH_RENDER_RUNS, 5) with the heap after each, and the same edit again at that size.
 */
const RENDER_ON = process.env.SITE_RENDER !== '0';

async function measureRenderer(report, ids, env) {
  const r = (report.renderer ??= {});
  try {
    // The administrator of SITE_TEST_ACCOUNTS=1 (services/api-server/src/seed/accounts.ts: admin/admin123).
    const token = await render.signIn(HOST, API, 'admin', 'admin123');
    const edit = () => render.reRender({ host: HOST, token, rendererPort: ports.renderer, articleId: ids.newsDetail, pagePath: '/newsDetail' });
    r.reRender = await edit();
    const rr = r.reRender;
    console.log(
      `\nRe-render after one article change (${rr.url}, title edited): ${rr.ms === null ? `not served within ${rr.capMs} ms` : `${rr.ms} ms`} ` +
        `from the API's answer to the new title served (the run rendered ${rr.runPages} pages in ${rr.runMs} ms)`,
    );

    const target = Number(process.env.BENCH_RENDER_ARTICLES || 1000);
    r.seed = await render.seedArticles({ host: HOST, token, target });
    console.log(`\nArticles: ${r.seed.before} published, ${r.seed.created} created in ${r.seed.ms} ms, ${r.seed.after} published now`);
    const settled = await render.waitRendererIdle(ports.renderer, { timeoutMs: 20 * 60000 });
    r.seed.rendererSettledMs = settled.waitedMs;
    console.log(`The site's renderer caught up ${settled.idle ? `after ${settled.waitedMs} ms` : `NOT within ${settled.waitedMs} ms`}`);

    const site = siteEnv(env);
    const renderEnv = {
      ...process.env,
      NODE_ENV: 'production',
      RENDER_OUT_DIR: path.join(env.DATA_DIR, 'render-runs'),
      RENDER_API_ORIGIN: `http://127.0.0.1:${site.apiPort}`,
      RENDER_SITE_ORIGIN: site.siteOrigin,
      RENDER_HOST_ROOT: site.host.root,
      RENDER_REMOTES: JSON.stringify(defaultRemotes(site)),
    };
    const runs = Math.max(5, Number(process.env.BENCH_RENDER_RUNS || 5));
    console.log(`\nFull renders, ${runs} in one process (scripts/bench/render-runs.mts):`);
    r.fullRuns = await render.fullRuns({ root, renderEnv, runs });
    const f = r.fullRuns;
    if (f.error) console.log(`render-runs failed: ${f.error}`);
    if (f.runs.length) {
      console.table(
        f.runs.map((x) => ({
          run: x.run,
          pages: x.rendered,
          kept: x.kept,
          ms: x.ms,
          'pages/s': x.pagesPerSecond,
          workers: x.workers,
          'heap MB (after gc)': x.heapUsedMB,
          'rss MB': x.rssMB,
          'peak rss MB': x.peakRssMB,
        })),
      );
    }
    if (!f.error) {
      console.log(
        `Heap after gc: first run ${f.heapFirstMB} MB, last run ${f.heapLastMB} MB, growth ${f.heapGrowthMB} MB (${f.heapGrowthPercent} %): ` +
          `${f.heapFlat ? 'flat' : 'NOT flat'}; renderer warnings ${f.warnings}, errors ${f.errors}`,
      );
    }

    r.reRenderAtSize = { articles: r.seed.after, ...(await edit()) };
    const ra = r.reRenderAtSize;
    console.log(
      `\nRe-render after one article change with ${ra.articles} articles: ${ra.ms === null ? `not served within ${ra.capMs} ms` : `${ra.ms} ms`} ` +
        `(the run rendered ${ra.runPages} pages in ${ra.runMs} ms)`,
    );
  } catch (e) {
    r.error = String(e.message).slice(0, 500);
    console.log(`\nRenderer measurements stopped: ${r.error}`);
  }
}

/**
 * The renderer at 10,000 articles (bench/render-scale.cjs): full renders with 1 and N workers, an
 * incremental one through the service; report.renderScale.
 */
async function benchRenderScale(report) {
  const scale = require('./bench/render-scale.cjs');
  console.log('\nThe renderer at 10,000 articles (scripts/bench/render-scale.cjs) ...');
  report.renderScale = await scale.measureRenderScale().catch((e) => ({ error: String(e), full: [] }));
  if (report.renderScale.error) console.log(`Renderer at scale: ${report.renderScale.error.slice(0, 500)}`);
  scale.printRenderScale(report.renderScale);
}

/** Each detail route's id: the first published article of its channel on the running site. */
async function detailIds() {
  const ids = {};
  for (const [route, channelId] of Object.entries(DETAIL_CHANNELS)) ids[route] = await firstId(channelId);
  return ids;
}

const routeUrls = (ids) => ROUTES.map((r) => (r.endsWith('id=') ? r + ids[r.split('?')[0].slice(1)] : r));

/** The renderer's first run over the site, reported and printed; the page numbers are of rendered pages only after it. */
async function firstRenderRun(label) {
  // SITE_RENDER=0 measures the site without the renderer (every page rendered by the browser), as before pages were rendered ahead (docs/decisions/0001).
  const firstRun = RENDER_ON
    ? await render.waitRendererIdle(ports.renderer, { minRuns: 1, timeoutMs: 300000 })
    : { idle: false, waitedMs: 0, status: null };
  const fr = firstRun.status?.lastReport;
  console.log(
    !RENDER_ON
      ? `${label}: page renderer off (SITE_RENDER=0): every page is rendered by the browser`
      : firstRun.idle
        ? `${label}: page renderer's first run done (${fr?.rendered ?? '?'} pages in ${fr?.ms ?? '?'} ms${firstRun.status?.lastError ? `; error: ${firstRun.status.lastError}` : ''})`
        : `${label}: page renderer's first run NOT done after ${firstRun.waitedMs} ms: the numbers below may be of pages the browser renders`,
  );
  return { waitedMs: firstRun.waitedMs, idle: firstRun.idle, lastReport: fr ?? null, lastError: firstRun.status?.lastError ?? null };
}

/**
 * The sites this bench has running. A bench stopped by a signal stops them first: the site is a child of its own
 * (a terminal's Ctrl-C reaches it through the process group, a `kill` of the bench alone would leave it serving on
 * the bench's ports with its data folder).
 */
const runningSites = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`[bench] ${signal}: stopping the bench's site before exiting`);
    void Promise.allSettled([...runningSites].map((stop) => stop())).then(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}

/** Variables that would turn a production start into a harness: never passed to the `npm start` site. */
const TEST_SWITCHES = ['NODE_ENV', 'SITE_DEV_ENDPOINTS', 'SITE_TEST_ACCOUNTS', 'SITE_WX_LOCAL', 'SITE_VISIT_COUNT_LOCAL'];

/**
 * Starts a whole site on the bench's ports: `production` = `node scripts/start.cjs` as `npm start` runs it (with
 * SKIP_BUILD=1, its own data and deploy folders), else the harness (serve.cjs, NODE_ENV=test and the test switches).
 * Its output goes to a log file, printed in part when the site does not come up.
 */
async function startSite(production) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), production ? 'bench-site-' : 'bench-data-'));
  const log = path.join(dataDir, 'site.log');
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !production || !TEST_SWITCHES.includes(k)));
  const env = production
    ? { ...base, ...serveEnv(ports), DATA_DIR: path.join(dataDir, 'data'), DEPLOY_DIR: path.join(dataDir, 'deploy'), SKIP_BUILD: '1' }
    : {
        ...base,
        ...serveEnv(ports),
        DATA_DIR: path.join(dataDir, 'data'),
        NODE_ENV: 'test',
        SITE_DEV_ENDPOINTS: '1',
        SITE_TEST_ACCOUNTS: '1',
        // The bench's visit records come from loopback: counted, so the stored records can be compared.
        SITE_VISIT_COUNT_LOCAL: '1',
        // The renderer's periodic full run (every 10 minutes by default) would land inside the renderer's numbers.
        RENDER_FULL_INTERVAL_MS: String(24 * 3600 * 1000),
      };
  const script = production ? path.join(root, 'scripts', 'start.cjs') : path.join(root, SERVICE_DIRS.originServer, 'src', 'serve.cjs');
  const out = fs.openSync(log, 'a');
  const child = spawn(process.execPath, [script], { cwd: root, env, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  const stop = async () => {
    runningSites.delete(stop);
    // serve.cjs stops its children (API, renderer, origins) before it exits: the folders are free after that.
    const exited = child.exitCode === null && child.signalCode === null ? new Promise((r) => child.once('exit', r)) : null;
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  runningSites.add(stop);
  try {
    // npm start installs, releases and precompresses before it serves: minutes on a loaded machine.
    await waitFor(`${HOST}/health`, production ? 600000 : 120000);
  } catch (e) {
    const tail = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').slice(-30).join('\n') : '';
    await stop();
    throw new Error(`${e.message}; the site's output ended with:\n${tail}`, { cause: e });
  }
  return { env, stop };
}

const yesNo = (ok) => (ok ? 'met' : 'NOT met');

/** The page measurements on the `npm start` site, after its warm-up (scripts/bench/pages.cjs). */
async function measurePages(report, chromium) {
  report.productionSite = { renderer: await firstRenderRun('npm start site') };
  const ids = await detailIds();
  const urls = routeUrls(ids);
  const warm = await pages.warmUp(chromium, HOST, urls, Number(process.env.BENCH_WARM_VISITS || 2));
  report.productionSite.warmUp = warm;
  console.log(`Warm-up: ${warm.views} page views (${warm.failed} failed) of the ${urls.length} public routes in ${warm.ms} ms`);

  report.servedHtml = await render.servedHtml(HOST, urls);
  console.log('\nServed HTML without JavaScript (plain fetch; rendered = render data and an <h1> in the HTML):');
  console.table(
    report.servedHtml.map((x) => ({
      route: x.url,
      status: x.status,
      rendered: x.rendered,
      'HTML KB': +(x.htmlBytes / 1024).toFixed(1),
      'sent KB': x.transferBytes === null || x.transferBytes === undefined ? '?' : +(x.transferBytes / 1024).toFixed(1),
      encoding: x.encoding ?? x.error,
    })),
  );

  for (const r of urls) {
    report.routes.push(await pages.coldLoad(chromium, HOST, r, remotePorts).catch((e) => ({ url: r, error: String(e.message).slice(0, 200) })));
  }
  console.log('\nCold views (headless Chromium, empty cache, no throttling; until network idle, in brackets until the h1 shows):');
  console.table(
    report.routes.map((x) =>
      x.error
        ? { route: x.url, error: x.error }
        : {
            route: x.url,
            'requests (until h1)': `${x.requests} (${x.requestsUntilShown})`,
            'JS br KB (until h1)': `${x.jsCompressedKB} (${x.jsCompressedUntilShownKB})`,
            'JS br KB before hydrated': x.jsCompressedBeforeHydratedKB,
            'hydrated ms': x.hydratedMs,
            'JS raw KB': x.jsRawKB,
            'API for content': x.apiContent,
            'visit records': x.visitRecords,
            'form captcha': x.url.startsWith('/contact') ? x.captcha : '',
            'FCP ms': x.fcpMs,
            'h1 ms': x.shownMs,
            'load ms': x.loadMs,
            remotes: x.remotes.join(' '),
          },
    ),
  );
  console.log('API requests for content per cold view (target 0 on a rendered page):');
  for (const x of report.routes) if (!x.error) console.log(`  ${x.url}: ${x.apiContent}${x.apiContent ? ` (${x.apiContentCalls.join(', ')})` : ''}`);
  const home = report.routes.find((x) => x.url === '/');
  if (home && !home.error) {
    report.homeTargets = {
      requests: { value: home.requests, target: HOME_TARGETS.requests, met: home.requests <= HOME_TARGETS.requests },
      jsCompressedKB: { value: home.jsCompressedKB, target: HOME_TARGETS.jsCompressedKB, met: home.jsCompressedKB <= HOME_TARGETS.jsCompressedKB },
    };
    const h = report.homeTargets;
    console.log(
      `Home page targets: requests ${h.requests.value} <= ${h.requests.target}: ${yesNo(h.requests.met)}; ` +
        `compressed JS ${h.jsCompressedKB.value} KB <= ${h.jsCompressedKB.target} KB: ${yesNo(h.jsCompressedKB.met)}`,
    );
  }

  // 3's target: hydrated within 2.5 s on a slow phone, on the four routes it names.
  report.slowPhone = { loadBefore: os.loadavg().map((x) => +x.toFixed(2)), routes: [] };
  for (const r of ['/', '/news', '/product', '/contact']) report.slowPhone.routes.push(await pages.slowPhoneHydration(chromium, HOST, r, 3));
  report.slowPhone.loadAfter = os.loadavg().map((x) => +x.toFixed(2));
  const sp = pages.SLOW_PHONE;
  console.log(
    `\nHydrated on a slow phone (CPU ${sp.cpu}x, ${sp.latencyMs} ms, ${sp.downKbps / 1000} Mbps down; median of 3; target 2,500 ms; ` +
      `load ${report.slowPhone.loadBefore.join(' ')} -> ${report.slowPhone.loadAfter.join(' ')}):`,
  );
  for (const x of report.slowPhone.routes) console.log(`  ${x.route}: ${x.medianMs ?? 'not hydrated'} ms (runs ${x.runs.join(', ')})`);

  const lhRuns = Number(process.env.BENCH_LH_RUNS || 3);
  if (process.env.BENCH_SKIP_LH !== '1') {
    const t = pages.LH_TARGETS;
    const started = Date.now();
    const before = await render.renderStatus(ports.renderer);
    report.lighthouse = [];
    for (const r of urls) report.lighthouse.push({ route: r, ...pages.lighthouseRoute(HOST + r, lhRuns) });
    const after = await render.renderStatus(ports.renderer);
    report.lighthouseMeta = {
      runsPerRoute: lhRuns,
      ms: Date.now() - started,
      targets: t,
      // The renderer's periodic full run (every 10 minutes, as on any npm start site) may land inside these runs.
      rendererRunsDuring: before && after ? after.runs - before.runs : null,
    };
    console.log(
      `\nLighthouse mobile, median of ${lhRuns}, with scripts and with every script blocked (--blocked-url-patterns=*.js) in the same run ` +
        `(${Math.round(report.lighthouseMeta.ms / 1000)} s; renderer runs meanwhile: ${report.lighthouseMeta.rendererRunsDuring ?? '?'}). ` +
        `Targets: performance >= ${t.performance}, LCP <= ${t.lcpMs} ms, TBT <= ${t.tbtMs} ms, CLS <= ${t.cls}, LCP / LCP without scripts <= ${t.lcpRatio}:`,
    );
    console.table(
      report.lighthouse.map((x) => {
        const m = x.mobile;
        const n = x.noScripts;
        if (m.error) return { route: x.route, error: m.error };
        const missed = Object.entries(x.met)
          .filter(([, ok]) => !ok)
          .map(([k]) => k);
        return {
          route: x.route,
          perf: m.performance,
          'LCP ms': m.lcpMs,
          'TBT ms': m.tbtMs,
          CLS: m.cls,
          'no-JS perf': n.error ? '?' : n.performance,
          'no-JS LCP ms': n.error ? '?' : n.lcpMs,
          'LCP ratio': x.lcpRatio ?? '?',
          'a11y/bp/seo': `${m.accessibility}/${m.bestPractices}/${m.seo}`,
          targets: missed.length ? `not met: ${missed.join(', ')}` : 'met',
        };
      }),
    );
    const allMet = report.lighthouse.filter((x) => x.allMet).length;
    console.log(`Lighthouse targets met on ${allMet} of ${report.lighthouse.length} routes`);
  }

  const nav = await pages.navTimes(chromium, HOST, '/news', '服务支持', 10);
  report.navigation = { from: '/news (remote_content)', to: '/support (remote_support)', samplesMs: nav, medianMs: pages.median(nav) };
  console.log(`\nClient-side navigation /news -> /support (two remotes): median ${report.navigation.medianMs} ms of ${nav.length}`);
}

/** The measurements that need the test helpers, on the harness-mode site. */
async function measureApi(report) {
  const autocannon = require('autocannon');
  // A visitor id of this run only, so the stored records can be counted exactly.
  const uv = String(Date.now()).slice(-12) + String(Math.floor(Math.random() * 1000)).padStart(3, '0');
  const visit = JSON.stringify({
    siteId: '1',
    url: 'http://bench/',
    entryUrl: 'http://bench/',
    referrer: '',
    si: 1,
    uv: Number(uv),
    newVisitor: true,
    count: 1,
    duration: 0,
  });
  report.api.push(await apiLoad(autocannon, '/health'));
  report.api.push(await apiLoad(autocannon, '/api/channel?isNav=true'));
  report.api.push(await apiLoad(autocannon, '/api/block-item?blockId=1'));
  report.api.push(await apiLoad(autocannon, '/api/article/page?channelId=12&page=1&pageSize=10'));
  // A fixed number of requests rather than a duration: a duration stops with up to 50 requests in flight,
  // which the server stores but autocannon never counts as answered (the old 674 stored vs 624 2xx).
  const visitAmount = Number(process.env.BENCH_VISIT_REQUESTS || 3000);
  report.api.push(
    await apiLoad(autocannon, '/api/visit/1', {
      method: 'POST',
      body: visit,
      headers: { 'content-type': 'application/json' },
      amount: visitAmount,
    }),
  );
  const visitRun = report.api[report.api.length - 1];
  report.visitStored = await storedVisits(uv);
  report.visitAnswered2xx = visitRun.total2xx;
  const minimal = report.api[0].rps || 1;
  console.log('\nAPI under 50 connections (harness-mode site; ratio = rps / minimal route rps):');
  console.table(
    report.api.map((a) => ({
      route: `${a.method} ${a.path}`,
      rps: a.rps,
      'p99 ms': a.p99ms,
      ratio: +(a.rps / minimal).toFixed(2),
      non2xx: a.non2xx,
      errors: a.errors,
    })),
  );
  console.log(`Visit records: ${report.visitAnswered2xx} answered 2xx, ${report.visitStored ?? '?'} stored`);
}

/**
 * The production layout's targets (bench/production.cjs): the scale-out test run with SCALE_OUT_REPORT, its figures printed and kept
 * as report.production; last, with every site of the bench stopped. BENCH_SKIP_PRODUCTION=1 leaves it out.
 */
async function benchProduction(report) {
  if (process.env.BENCH_SKIP_PRODUCTION === '1') return;
  const production = require('./bench/production.cjs');
  report.production = await production.measureProduction().catch((e) => ({ error: String(e) }));
  production.printProduction(report.production);
}

/**
 * The field and canary rows (bench/field.cjs): the web-vitals chunk's bytes from host/dist and the canary
 * share over 10,000 synthetic new visitors (canary.cjs, and through nginx on a throwaway bucket); report.field.
 */
async function benchField(report) {
  const field = require('./bench/field.cjs');
  report.field = await field.measureField().catch((e) => ({ error: String(e) }));
  if (report.field.error) return console.log(`\nField figures: ${report.field.error}`);
  field.printField(report.field);
}

(async () => {
  // `npm run bench -- --scale`: the site at 10,000 articles alone (bench/scale.cjs).
  if (process.argv.includes('--scale')) return require('./bench/scale.cjs').main();
  // `npm run bench -- --render-scale`: the renderer at 10,000 articles alone (bench/render-scale.cjs).
  if (process.argv.includes('--render-scale')) return require('./bench/render-scale.cjs').main();
  // `npm run bench -- --production`: the production layout's targets alone, from the scale-out test (bench/production.cjs).
  if (process.argv.includes('--production')) return require('./bench/production.cjs').main();
  const report = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} cores`,
    notes: [
      'Page numbers (servedHtml, routes, lighthouse, navigation) are of a site started as `npm start` starts it, after a warm-up; ' +
        'api, visitStored and renderer are of a harness-mode site (NODE_ENV=test, test helpers on).',
      'Lighthouse of the signed-in /index is not measured (it needs a token in the Lighthouse browser profile).',
    ],
    build: {},
    routes: [],
    api: [],
  };
  // The page numbers assume the fonts of a Chinese visitor's machine (Debian: fonts-noto-cjk).
  report.cjkFonts = pages.cjkFonts();
  const fontWarning = report.cjkFonts.length
    ? null
    : 'WARNING: `fc-list :lang=zh` finds no CJK font: the page numbers are of a machine without Chinese fonts (Debian: apt-get install fonts-noto-cjk)';
  if (fontWarning) {
    report.notes.unshift(fontWarning);
    console.log(fontWarning);
  } else {
    console.log(`CJK fonts: ${report.cjkFonts.join(', ')}`);
  }
  if (process.env.BENCH_SKIP_BUILD !== '1' || !Object.values(APPS).every((a) => fs.existsSync(path.join(root, a.dir, 'dist')))) {
    // Build times (scripts/bench/build.cjs): the five apps cold, then one remote after a one-line change.
    report.buildTimes = await buildTimes.measureBuild();
    buildTimes.printBuild(report.buildTimes);
  }
  for (const a of Object.values(APPS)) {
    const manifest = path.join(root, a.dir, 'dist', 'mf-manifest.json');
    const entry = path.join(root, a.dir, 'dist', 'remoteEntry.js');
    if (fs.existsSync(manifest)) report.build[a.dir] = { manifestBytes: fs.statSync(manifest).size, remoteEntryBytes: fs.statSync(entry).size };
  }
  const { chromium } = require('@playwright/test');

  console.log('\nStarting the site as `npm start` does (scripts/start.cjs, SKIP_BUILD=1, production mode) ...');
  try {
    const site = await startSite(true);
    try {
      await measurePages(report, chromium);
    } finally {
      await site.stop();
    }
  } catch (e) {
    report.productionSite = { ...report.productionSite, error: String(e.message).slice(0, 2000) };
    console.log(`\nPage measurements stopped: ${report.productionSite.error}`);
  }

  console.log('\nStarting the harness-mode site (test helpers on) for the API and renderer numbers ...');
  const site = await startSite(false);
  try {
    report.renderer = { firstRun: await firstRenderRun('harness site') };
    const ids = await detailIds();
    await measureApi(report);
    if (RENDER_ON && process.env.BENCH_SKIP_RENDERER !== '1') await measureRenderer(report, ids, site.env);
  } finally {
    await site.stop();
  }
  // After the site is stopped: its own processes and database, nothing else running beside them.
  if (RENDER_ON && process.env.BENCH_SKIP_RENDER_SCALE !== '1') await benchRenderScale(report);
  if (process.env.BENCH_SKIP_SCALE_OUT !== '1') report.scaleOut = await measureScaleOut().catch((e) => ({ error: String(e) }));
  await benchProduction(report);
  await benchField(report);
  fs.writeFileSync(path.join(root, 'bench-report.json'), JSON.stringify(report, null, 2));
  if (fontWarning) console.log(`\n${fontWarning}`);
  console.log('\nwrote bench-report.json');
})().catch((e) => {
  console.error('[bench]', e);
  process.exitCode = 0;
});
