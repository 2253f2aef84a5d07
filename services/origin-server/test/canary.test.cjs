/**
 * Issue 37.3: the host origin decides live or canary by the visitor's `site_bucket` cookie (canary.cjs): the
 * `/remotes.json` it answers and the rendered page it sends. A temporary deploy folder (remotes file, canary state)
 * and renderer output (live pages, the canary's pages in `canary/`); requests through Fastify's inject.
 */
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const os = require('os');
const path = require('path');

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'origin-canary-'));
const hostRoot = path.join(tmp, 'host');
const deploy = path.join(tmp, 'deploy');
const rendered = path.join(tmp, 'rendered');
fs.mkdirSync(hostRoot);
fs.mkdirSync(deploy);
fs.writeFileSync(path.join(hostRoot, 'index.html'), '<!doctype html><html lang="zh-CN"><title>应用</title><div id="root"></div></html>');
const LIVE = { remote_content: 'http://localhost:8081/1.0.0/mf-manifest.json', remote_support: 'http://localhost:8082/1.0.0/mf-manifest.json' };
fs.writeFileSync(path.join(deploy, 'remotes.json'), JSON.stringify(LIVE));
Object.assign(process.env, {
  HOST_ROOT: hostRoot,
  REMOTES_FILE: path.join(deploy, 'remotes.json'),
  RENDER_OUT_DIR: rendered,
  STORAGE_DRIVER: 'local',
});
delete process.env.SITE_RENDER;
delete process.env.DATA_DIR;
const { serverFor } = require('../src/origin.cjs');
const { siteEnv } = require('../src/site-env.cjs');
const { bucketOf } = require('@site/releases');

const CANARY_URL = 'http://localhost:8082/2.0.0/mf-manifest.json';
const canaryFile = path.join(deploy, 'remotes.canary.json');
const openCanary = (percent) =>
  fs.writeFileSync(
    canaryFile,
    JSON.stringify({ remote: 'remote_support', version: '2.0.0', url: CANARY_URL, percent, started: new Date().toISOString(), by: 'test' }),
  );

function writeOutput(dir, pages) {
  const entries = {};
  for (const [url, { file, html }] of Object.entries(pages)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), html);
    entries[url] = { file, remote: 'remote_support', versions: {}, renderedAt: '2026-01-01T00:00:00.000Z' };
  }
  const index = { generatedAt: '', pages: entries, clientRoutes: ['/', '/support', '/question'], detailPaths: [], urls: Object.keys(pages) };
  fs.writeFileSync(path.join(dir, 'index.json'), JSON.stringify(index));
}
writeOutput(rendered, {
  '/': { file: 'pages/index.html', html: '<html><body>首页 live</body></html>' },
  '/support': { file: 'pages/support.html', html: '<html><body>服务支持 1.0.0</body></html>' },
});
writeOutput(path.join(rendered, 'canary'), { '/support': { file: 'pages/support.html', html: '<html><body>服务支持 2.0.0</body></html>' } });

const server = serverFor(siteEnv().host);
test.after(() => server.close().then(() => fs.rmSync(tmp, { recursive: true, force: true })));
const get = (url, bucket) => server.inject({ method: 'GET', url, headers: bucket === undefined ? {} : { cookie: `a=b; site_bucket=${bucket}` } });
const remotesOf = async (bucket) => JSON.parse((await get('/remotes.json', bucket)).body).remote_support;

test('[issue 37.3] the bucket cookie decides live or canary for /remotes.json and the canary remote’s rendered pages; sticky; ended by abort', async () => {
  fs.rmSync(canaryFile, { force: true });
  // A first visit gets its bucket.
  const first = await get('/remotes.json');
  const bucket = bucketOf(first.headers['set-cookie']);
  assert.ok(bucket !== null && bucket >= 0 && bucket <= 99, String(first.headers['set-cookie']));
  assert.match(String(first.headers['set-cookie']), /site_bucket=\d+; Path=\/; Max-Age=31536000; SameSite=Lax/);
  assert.strictEqual((await get('/remotes.json', 5)).headers['set-cookie'], undefined, 'a visitor with a bucket keeps it');
  assert.strictEqual(await remotesOf(5), LIVE.remote_support, 'no canary: everyone live');

  openCanary(50);
  assert.strictEqual(await remotesOf(0), CANARY_URL);
  assert.strictEqual(await remotesOf(49), CANARY_URL);
  assert.strictEqual(await remotesOf(50), LIVE.remote_support);
  assert.strictEqual(await remotesOf(99), LIVE.remote_support);
  const variant = JSON.parse((await get('/remotes.json', 10)).body);
  assert.strictEqual(variant.remote_content, LIVE.remote_content, 'the other remotes stay live');
  for (let i = 0; i < 5; i++) assert.strictEqual(await remotesOf(10), CANARY_URL, 'sticky');

  assert.match((await get('/support', 10)).body, /服务支持 2\.0\.0/);
  assert.match((await get('/support', 60)).body, /服务支持 1\.0\.0/);
  assert.match((await get('/', 10)).body, /首页 live/, 'a page the canary has not rendered is the live one');
  assert.match(String((await get('/support', 10)).headers.vary), /cookie/i);
  const csp = (await get('/support', 10)).headers['content-security-policy'];
  assert.match(csp, /script-src [^;]*http:\/\/localhost:8082/);

  fs.rmSync(canaryFile);
  assert.strictEqual(await remotesOf(10), LIVE.remote_support, 'aborted: the canary visitors are live again');
  assert.match((await get('/support', 10)).body, /服务支持 1\.0\.0/);
});

test('[issue 37.3] over 10,000 new visitors the canary gets its percent within 2 points, and each keeps its side', async () => {
  openCanary(30);
  const n = 10000;
  let canary = 0;
  const cookies = [];
  for (let i = 0; i < n; i++) {
    const res = await get('/remotes.json');
    const b = bucketOf(res.headers['set-cookie']);
    if (JSON.parse(res.body).remote_support === CANARY_URL) canary++;
    if (i % 50 === 0) cookies.push([b, JSON.parse(res.body).remote_support]);
  }
  const share = (canary / n) * 100;
  console.log(`[canary test] ${canary} of ${n} new visitors in a 30 % canary (${share.toFixed(2)} %)`);
  assert.ok(Math.abs(share - 30) <= 2, `${share} %`);
  for (const [b, url] of cookies) assert.strictEqual(await remotesOf(b), url, `bucket ${b} keeps its side`);
  fs.rmSync(canaryFile);
});
