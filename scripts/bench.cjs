#!/usr/bin/env node
/**
 * `npm run bench`: serves the production build (building it first if missing), waits for the page renderer's first
 * run, checks what each public route serves without JavaScript, and loads each route cold in headless Chromium,
 * printing per route the JS bytes (raw and compressed), the number of requests and which remotes were fetched; then
 * the API throughput of the read routes next to the server's minimal route; then the renderer (scripts/bench/render.cjs):
 * the time from an article's edit until its page serves it, and full renders of a site with 1,000 articles. The build
 * first (scripts/bench/build.cjs): the five apps cold, then one remote rebuilt after a one-line change. Last, the
 * production layout of docs/deploy.md (scripts/bench/scale-out.cjs): nginx before one and two API instances.
 * Prints numbers and writes bench-report.json; never fails on them.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn, execSync } = require('child_process');
const { APPS, PORT_BASES, REMOTE_NAMES, SERVICE_DIRS, portsFrom, serveEnv } = require('../shared/build-config/site.cjs');
const { siteEnv, defaultRemotes } = require('../services/origin-server/src/site-env.cjs');
const render = require('./bench/render.cjs');
const buildTimes = require('./bench/build.cjs');
const { measureScaleOut } = require('./bench/scale-out.cjs');

const root = path.resolve(__dirname, '..');
const ports = portsFrom(Number(process.env.BENCH_BASE || PORT_BASES.bench));
const remotePorts = Object.fromEntries(REMOTE_NAMES.map((n) => [n, ports[n]]));
const HOST = `http://localhost:${ports.host}`;
/** The API port itself: its test helpers (/dev/*) are never on the host's proxy list. */
const API = `http://127.0.0.1:${ports.api}`;
const ROUTES = [
  '/',
  '/product',
  '/productDetail?id=',
  '/solution',
  '/news',
  '/newsDetail?id=',
  '/support',
  '/document',
  '/question',
  '/video',
  '/videoDetail?id=',
  '/about',
  '/contact',
];

function requireFrom(dir, id) {
  return require(require.resolve(id, { paths: [path.join(root, dir)] }));
}

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

async function measureRoute(chromium, url) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const sizes = new Map();
  cdp.on('Network.loadingFinished', (e) => sizes.set(e.requestId, e.encodedDataLength));
  const reqs = new Map();
  const sentAt = new Map();
  cdp.on('Network.requestWillBeSent', (e) => sentAt.set(e.requestId, e.wallTime * 1000));
  cdp.on('Network.responseReceived', (e) => reqs.set(e.requestId, { url: e.response.url, type: e.type }));
  const started = Date.now();
  // The page's own needs end when its heading shows; later requests are idle-time prefetch of other pages.
  const shown = page
    .locator('main h1')
    .first()
    .waitFor({ state: 'visible', timeout: 30000 })
    .then(
      () => Date.now(),
      () => null,
    );
  await page.goto(url, { waitUntil: 'networkidle' });
  const loadMs = Date.now() - started;
  const shownAt = await shown;
  const raw = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => e.initiatorType === 'script')
      .reduce((n, e) => n + (e.decodedBodySize || 0), 0),
  );
  const nav = await page.evaluate(() => {
    const p = performance.getEntriesByName('first-contentful-paint')[0];
    return { fcp: p ? Math.round(p.startTime) : null };
  });
  let jsCompressed = 0;
  let jsUntilShown = 0;
  let requestsUntilShown = 0;
  const remotes = new Set();
  const remotesUntilShown = new Set();
  for (const [id, r] of reqs) {
    const before = shownAt !== null && (sentAt.get(id) ?? 0) <= shownAt;
    if (before) requestsUntilShown++;
    if (r.type === 'Script') jsCompressed += sizes.get(id) || 0;
    if (r.type === 'Script' && before) jsUntilShown += sizes.get(id) || 0;
    for (const [name, p] of Object.entries(remotePorts)) if (p === Number(new URL(r.url).port) && before) remotesUntilShown.add(name);
    const port = Number(new URL(r.url).port);
    for (const [name, p] of Object.entries(remotePorts)) if (p === port) remotes.add(name);
  }
  await browser.close();
  return {
    url: url.replace(HOST, ''),
    requests: reqs.size,
    jsRawKB: +(raw / 1024).toFixed(1),
    jsCompressedKB: +(jsCompressed / 1024).toFixed(1),
    // Up to the page's h1 being visible: what the page itself needs, before idle-time prefetch.
    shownMs: shownAt === null ? null : shownAt - started,
    requestsUntilShown,
    jsCompressedUntilShownKB: +(jsUntilShown / 1024).toFixed(1),
    remotesUntilShown: [...remotesUntilShown].sort(),
    fcpMs: nav.fcp,
    loadMs,
    remotes: [...remotes].sort(),
  };
}

const LH_FLAGS =
  '--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking --disable-component-update --disable-sync --no-first-run';
const median = (xs) => {
  const v = xs.filter((x) => typeof x === 'number').sort((a, b) => a - b);
  return v.length ? v[Math.floor((v.length - 1) / 2)] : null;
};

/** One Lighthouse run (mobile by default, or desktop), reduced to the figures the report keeps. */
function lighthouseOnce(url, desktop) {
  const bin = path.join(root, 'e2e/node_modules/.bin/lighthouse');
  const out = path.join(os.tmpdir(), `lh-${process.pid}-${Date.now()}.json`);
  const args = [
    url,
    `--chrome-flags=${LH_FLAGS}`,
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
    '--only-categories=performance,accessibility,best-practices,seo',
  ];
  if (desktop) args.push('--preset=desktop');
  try {
    execSync(`${bin} ${args.map((a) => JSON.stringify(a)).join(' ')}`, {
      env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' },
      stdio: 'ignore',
      timeout: 120000,
    });
    const r = JSON.parse(fs.readFileSync(out, 'utf8'));
    const a = r.audits;
    const score = (c) => Math.round((r.categories[c]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: Math.round(a['largest-contentful-paint']?.numericValue ?? 0),
      fcpMs: Math.round(a['first-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(a['total-blocking-time']?.numericValue ?? 0),
      cls: +(a['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3),
      transferKB: Math.round((a['total-byte-weight']?.numericValue ?? 0) / 1024),
    };
  } catch (e) {
    return { error: String(e.message).slice(0, 200) };
  } finally {
    fs.rmSync(out, { force: true });
  }
}

function lighthouse(url, desktop, runs) {
  const results = Array.from({ length: runs }, () => lighthouseOnce(url, desktop)).filter((r) => !r.error);
  if (!results.length) return { error: 'lighthouse failed' };
  const keys = Object.keys(results[0]);
  return Object.fromEntries(keys.map((k) => [k, median(results.map((r) => r[k]))]));
}

/**
 * Client-side navigation between two remotes: click a header link, time (in the page) from the click until the
 * new page's h1, with its own text, is in the DOM and the next frame has been produced. The previous page stays on
 * screen during a navigation, so waiting for "an h1" or for the URL would time nothing.
 */
/* global window, document, MutationObserver, requestAnimationFrame -- navTimes' page.evaluate callbacks run in the browser */
async function navTimes(chromium, from, linkName, times) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const page = await browser.newPage();
  const out = [];
  for (let i = 0; i < times; i++) {
    await page.goto(HOST + from, { waitUntil: 'networkidle' });
    await page.evaluate((h1Text) => {
      const t = (window.__nav = {});
      document.addEventListener('click', () => (t.click = performance.now()), { capture: true, once: true });
      new MutationObserver((_, observer) => {
        if ([...document.querySelectorAll('main h1')].some((h) => h.textContent.trim() === h1Text)) {
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => (t.shown = performance.now())));
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    }, linkName);
    await page.locator('header nav a', { hasText: linkName }).first().click();
    await page.waitForFunction(() => window.__nav.shown !== undefined);
    out.push(Math.round(await page.evaluate(() => window.__nav.shown - window.__nav.click)));
  }
  await browser.close();
  return out;
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
          'heap MB (after gc)': x.heapUsedMB,
          'rss MB': x.rssMB,
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

(async () => {
  const report = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} cores`,
    notes: ['Lighthouse of the signed-in /index is not measured (it needs a token in the Lighthouse browser profile).'],
    build: {},
    routes: [],
    api: [],
  };
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
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));
  // A harness like the e2e suite (NODE_ENV=test, SITE_DEV_ENDPOINTS=1): the API's test helpers count the stored
  // visit records; serve.cjs alone would run the API in production mode, without them.
  // The renderer's periodic full run (every 10 minutes by default) would land inside the measurements: once a day here.
  const env = {
    ...process.env,
    ...serveEnv(ports),
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    SITE_DEV_ENDPOINTS: '1',
    SITE_TEST_ACCOUNTS: '1',
    RENDER_FULL_INTERVAL_MS: String(24 * 3600 * 1000),
  };
  const serve = spawn(process.execPath, [path.join(root, SERVICE_DIRS.originServer, 'src', 'serve.cjs')], { env, stdio: 'ignore' });
  try {
    await waitFor(`${HOST}/health`);
    // The numbers below are of rendered pages: the renderer's first full run has to be done. SITE_RENDER=0 measures
    // the site without the renderer (every page rendered by the browser), as before issue 17.
    const firstRun = RENDER_ON
      ? await render.waitRendererIdle(ports.renderer, { minRuns: 1, timeoutMs: 300000 })
      : { idle: false, waitedMs: 0, status: null };
    report.renderer = {
      firstRun: {
        waitedMs: firstRun.waitedMs,
        idle: firstRun.idle,
        lastReport: firstRun.status?.lastReport ?? null,
        lastError: firstRun.status?.lastError ?? null,
      },
    };
    const fr = firstRun.status?.lastReport;
    console.log(
      !RENDER_ON
        ? 'Page renderer: off (SITE_RENDER=0): every page is rendered by the browser'
        : firstRun.idle
          ? `Page renderer: first run done (${fr?.rendered ?? '?'} pages in ${fr?.ms ?? '?'} ms${firstRun.status?.lastError ? `; error: ${firstRun.status.lastError}` : ''})`
          : `Page renderer: first run NOT done after ${firstRun.waitedMs} ms: the numbers below may be of pages the browser renders`,
    );
    const { chromium } = requireFrom('e2e', '@playwright/test');
    const ids = { productDetail: await firstId(14), newsDetail: await firstId(12), videoDetail: await firstId(17) };
    const routeUrls = ROUTES.map((r) => (r.endsWith('id=') ? r + ids[r.split('?')[0].slice(1)] : r));

    report.servedHtml = await render.servedHtml(HOST, routeUrls);
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

    for (const r of routeUrls) report.routes.push(await measureRoute(chromium, HOST + r));
    console.log('\nCold loads (headless Chromium, no throttling):');
    console.table(
      report.routes.map((x) => ({
        route: x.url,
        'req (until h1)': `${x.requests} (${x.requestsUntilShown})`,
        'JS raw KB': x.jsRawKB,
        'JS br KB (until h1)': `${x.jsCompressedKB} (${x.jsCompressedUntilShownKB})`,
        'FCP ms': x.fcpMs,
        'h1 ms': x.shownMs,
        'load ms': x.loadMs,
        remotes: x.remotes.join(' '),
        'remotes until h1': x.remotesUntilShown.join(' '),
      })),
    );

    const lhRuns = Number(process.env.BENCH_LH_RUNS || 3);
    const lhRoutes = [
      '/',
      '/product',
      `/productDetail?id=${ids.productDetail}`,
      '/news',
      `/newsDetail?id=${ids.newsDetail}`,
      '/document',
      `/videoDetail?id=${ids.videoDetail}`,
    ];
    if (process.env.BENCH_SKIP_LH !== '1') {
      for (const r of lhRoutes) {
        report.lighthouse ??= [];
        report.lighthouse.push({ route: r, mobile: lighthouse(HOST + r, false, lhRuns), desktop: lighthouse(HOST + r, true, lhRuns) });
      }
      console.log(`\nLighthouse (median of ${lhRuns}; mobile / desktop):`);
      console.table(
        report.lighthouse.map((x) => ({
          route: x.route,
          perf: `${x.mobile.performance} / ${x.desktop.performance}`,
          a11y: `${x.mobile.accessibility} / ${x.desktop.accessibility}`,
          bp: `${x.mobile.bestPractices} / ${x.desktop.bestPractices}`,
          seo: `${x.mobile.seo} / ${x.desktop.seo}`,
          'LCP ms': `${x.mobile.lcpMs} / ${x.desktop.lcpMs}`,
          'FCP ms': x.mobile.fcpMs,
          'TBT ms': x.mobile.tbtMs,
          CLS: x.mobile.cls,
          KB: x.mobile.transferKB,
        })),
      );
    }

    const nav = await navTimes(chromium, '/news', '服务支持', 10);
    report.navigation = { from: '/news (remote_content)', to: '/support (remote_support)', samplesMs: nav, medianMs: median(nav) };
    console.log(`\nClient-side navigation /news -> /support (two remotes): median ${report.navigation.medianMs} ms of ${nav.length}`);

    const autocannon = requireFrom('e2e', 'autocannon');
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
    console.log('\nAPI under 50 connections (ratio = rps / minimal route rps):');
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

    if (RENDER_ON && process.env.BENCH_SKIP_RENDERER !== '1') await measureRenderer(report, ids, env);
  } finally {
    // serve.cjs stops its children (API, five origins) before it exits: the data folder is free after that.
    const exited = serve.exitCode === null ? new Promise((r) => serve.once('exit', r)) : null;
    serve.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  // After the site is stopped: its own processes and database, nothing else running beside them.
  if (process.env.BENCH_SKIP_SCALE_OUT !== '1') report.scaleOut = await measureScaleOut().catch((e) => ({ error: String(e) }));
  fs.writeFileSync(path.join(root, 'bench-report.json'), JSON.stringify(report, null, 2));
  console.log('\nwrote bench-report.json');
})().catch((e) => {
  console.error('[bench]', e);
  process.exitCode = 0;
});
