#!/usr/bin/env node
/**
 * `npm run bench`: serves the production build (building it first if missing) and loads each public
 * route cold in headless Chromium, printing per route the JS bytes (raw and compressed), the number of
 * requests and which remotes were fetched; then the API throughput of the read routes next to the
 * server's minimal route. Prints numbers and writes bench-report.json; never fails on them.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn, execSync } = require('child_process');
const { APPS } = require('../shared/build/site.cjs');

const root = path.resolve(__dirname, '..');
const BASE_PORT = Number(process.env.BENCH_BASE || 19100);
const ports = { api: BASE_PORT, host: BASE_PORT + 80 };
const remotePorts = Object.fromEntries(Object.keys(APPS).filter((n) => n !== 'host').map((n, i) => [n, BASE_PORT + 81 + i]));
const HOST = `http://localhost:${ports.host}`;
const ROUTES = ['/', '/product', '/productDetail?id=', '/solution', '/news', '/newsDetail?id=', '/support', '/document', '/question', '/video', '/videoDetail?id=', '/about', '/contact'];

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

async function firstId(channelId) {
  const r = await fetch(`${HOST}/api/article/page?channelId=${channelId}&page=1&pageSize=1`);
  const page = await r.json();
  return page.content?.[0]?.id ?? 1;
}

async function measureRoute(chromium, url) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const sizes = new Map();
  cdp.on('Network.loadingFinished', (e) => sizes.set(e.requestId, e.encodedDataLength));
  const reqs = new Map();
  cdp.on('Network.responseReceived', (e) => reqs.set(e.requestId, { url: e.response.url, type: e.type }));
  const started = Date.now();
  await page.goto(url, { waitUntil: 'networkidle' });
  const loadMs = Date.now() - started;
  const raw = await page.evaluate(() =>
    performance.getEntriesByType('resource').filter((e) => e.initiatorType === 'script').reduce((n, e) => n + (e.decodedBodySize || 0), 0),
  );
  const nav = await page.evaluate(() => {
    const p = performance.getEntriesByName('first-contentful-paint')[0];
    return { fcp: p ? Math.round(p.startTime) : null };
  });
  let jsCompressed = 0;
  const remotes = new Set();
  for (const [id, r] of reqs) {
    if (r.type === 'Script') jsCompressed += sizes.get(id) || 0;
    const port = Number(new URL(r.url).port);
    for (const [name, p] of Object.entries(remotePorts)) if (p === port) remotes.add(name);
  }
  await browser.close();
  return { url: url.replace(HOST, ''), requests: reqs.size, jsRawKB: +(raw / 1024).toFixed(1), jsCompressedKB: +(jsCompressed / 1024).toFixed(1), fcpMs: nav.fcp, loadMs, remotes: [...remotes].sort() };
}

async function apiLoad(autocannon, pathName, opts = {}) {
  const result = await autocannon({ url: `http://127.0.0.1:${ports.api}${pathName}`, connections: 50, duration: Number(process.env.BENCH_API_SECONDS || 10), ...opts });
  return { path: pathName, method: opts.method || 'GET', rps: Math.round(result.requests.average), p99ms: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

(async () => {
  const report = { date: new Date().toISOString(), machine: `${os.cpus().length} cores`, build: {}, routes: [], api: [] };
  if (!Object.values(APPS).every((a) => fs.existsSync(path.join(root, a.dir, 'dist')))) {
    execSync('node scripts/build.cjs', { cwd: root, stdio: 'inherit' });
  }
  for (const a of Object.values(APPS)) {
    const manifest = path.join(root, a.dir, 'dist', 'mf-manifest.json');
    const entry = path.join(root, a.dir, 'dist', 'remoteEntry.js');
    if (fs.existsSync(manifest)) report.build[a.dir] = { manifestBytes: fs.statSync(manifest).size, remoteEntryBytes: fs.statSync(entry).size };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));
  const env = { ...process.env, API_PORT: String(ports.api), HOST_PORT: String(ports.host), DATA_DIR: dataDir };
  Object.entries(remotePorts).forEach(([n, p]) => (env[`${n.toUpperCase()}_PORT`] = String(p)));
  const serve = spawn(process.execPath, [path.join(__dirname, 'serve.cjs')], { env, stdio: 'ignore' });
  try {
    await waitFor(`${HOST}/health`);
    const { chromium } = requireFrom('e2e', '@playwright/test');
    const ids = { productDetail: await firstId(14), newsDetail: await firstId(12), videoDetail: await firstId(17) };
    for (const r of ROUTES) {
      const key = r.split('?')[0].slice(1);
      const url = HOST + (r.endsWith('id=') ? r + ids[key] : r);
      report.routes.push(await measureRoute(chromium, url));
    }
    console.log('\nCold loads (headless Chromium, no throttling):');
    console.table(report.routes.map((x) => ({ route: x.url, requests: x.requests, 'JS raw KB': x.jsRawKB, 'JS compressed KB': x.jsCompressedKB, 'FCP ms': x.fcpMs, 'load ms': x.loadMs, remotes: x.remotes.join(' ') })));

    const autocannon = requireFrom('e2e', 'autocannon');
    const visit = JSON.stringify({ siteId: '1', url: 'http://bench/', entryUrl: 'http://bench/', referrer: '', si: 1, uv: 123456789012345, newVisitor: true, count: 1, duration: 0 });
    report.api.push(await apiLoad(autocannon, '/health'));
    report.api.push(await apiLoad(autocannon, '/api/channel?isNav=true'));
    report.api.push(await apiLoad(autocannon, '/api/block-item?blockId=1'));
    report.api.push(await apiLoad(autocannon, '/api/article/page?channelId=12&page=1&pageSize=10'));
    report.api.push(await apiLoad(autocannon, '/api/visit/1', { method: 'POST', body: visit, headers: { 'content-type': 'application/json' } }));
    const minimal = report.api[0].rps || 1;
    console.log('\nAPI under 50 connections (ratio = rps / minimal route rps):');
    console.table(report.api.map((a) => ({ route: `${a.method} ${a.path}`, rps: a.rps, 'p99 ms': a.p99ms, ratio: +(a.rps / minimal).toFixed(2), non2xx: a.non2xx, errors: a.errors })));
  } finally {
    serve.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  fs.writeFileSync(path.join(root, 'bench-report.json'), JSON.stringify(report, null, 2));
  console.log('\nwrote bench-report.json');
})().catch((e) => {
  console.error('[bench]', e);
  process.exitCode = 0;
});
