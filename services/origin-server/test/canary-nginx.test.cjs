/**
 * Issue 37.3 at the nginx front door: the configuration render-nginx.cjs writes for a shared storage applies
 * canary.cjs's rule itself (the site_bucket cookie, bucket < percent), reading the canary from the bucket, which
 * scripts/remote.cjs writes. Debian's nginx against s3rver; no API, database or renderer (a stand-in answers /health).
 * It FAILS when nginx is not installed (npm test installs it).
 */
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const http = require('http');
const os = require('os');
const path = require('path');
const zlib = require('zlib');
const { execFile } = require('child_process');
const { freePortsIn, remotePortsEnv, startS3, startStorageNginx, stopAll } = require('../tools/cluster.cjs');
const { siteStorage } = require('@site/releases');

const ROOT = path.resolve(__dirname, '../../..');
const BUCKET = 'site-canary-nginx';
const supportExposes = ['./Support', './DocumentCentre', './Question', './Video', './VideoDetail'];

/** A page as the page renderer publishes it (output.ts publishOutput): its .br and .gz, then the page. */
async function publishPage(storage, key, html) {
  const type = { contentType: 'text/html; charset=utf-8' };
  await storage.put(`${key}.br`, zlib.brotliCompressSync(Buffer.from(html)), { ...type, contentEncoding: 'br' });
  await storage.put(`${key}.gz`, zlib.gzipSync(Buffer.from(html)), { ...type, contentEncoding: 'gzip' });
  await storage.put(key, html, type);
}

/** A page asked with `Accept-Encoding: br` by a visitor of that bucket: its coding and the page it decodes to. */
function brotliGet(url, bucket) {
  return new Promise((resolve, reject) =>
    http
      .get(url, { headers: { 'accept-encoding': 'br', cookie: `site_bucket=${bucket}` } }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'] ?? null;
          resolve({ status: res.statusCode, encoding, page: (encoding === 'br' ? zlib.brotliDecompressSync(bytes) : bytes).toString('utf8') });
        });
      })
      .on('error', reject),
  );
}

function fakeBuild(dir, version) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({ metaData: { buildInfo: { buildVersion: version } }, exposes: supportExposes.map((p) => ({ path: p })) }),
  );
}

test('[issue 37.3][issue 45.5] nginx applies the canary rule: a new visitor gets a bucket, a 50 % canary serves its remotes file and pages (as their .br) by cookie, live again when it ends', async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'canary-nginx-'));
  // nginx's workers run as an unprivileged user when started as root: they must read the host's folder.
  fs.chmodSync(tmp, 0o755);
  // Ports far from the full run's (13000-13100, 18080-18092) and the scale-out test's.
  const [hostPort, apiPort, ...remotePorts] = await freePortsIn(6, 23000, 24000);
  const s3 = await startS3(path.join(tmp, 's3'), { bucket: BUCKET });
  const s3Env = s3.env;
  const api = http.createServer((_req, res) => res.end('ok')).listen(apiPort, '127.0.0.1');
  const ports = remotePortsEnv(remotePorts);
  const deploy = path.join(tmp, 'deploy');
  const env = { ...process.env, ...s3Env, ...ports, DEPLOY_DIR: deploy, PUBLIC_HOST: '127.0.0.1' };
  // Not execFileSync: s3rver answers from this process.
  const remote = (...args) =>
    new Promise((resolve, reject) =>
      execFile(process.execPath, [path.join(ROOT, 'scripts/remote.cjs'), ...args], { env }, (err, stdout, stderr) =>
        err ? reject(new Error(`remote.cjs ${args.join(' ')}: ${stderr}`)) : resolve(stdout),
      ),
    );
  const shared = siteStorage(s3Env);
  let nginx;
  try {
    for (const v of ['1.0.0', '1.1.0']) fakeBuild(path.join(deploy, 'remote-support', v), v);
    await remote('publish', 'remote-support', '1.0.0', '--by', 'ann');
    await publishPage(shared.storage, 'site/rendered/pages/news.html', '<p>live news</p>');
    await publishPage(shared.storage, 'site/rendered/pages/index.html', '<p>live home</p>');
    const hostRoot = path.join(tmp, 'host');
    fs.mkdirSync(hostRoot);
    fs.writeFileSync(path.join(hostRoot, 'index.html'), '<p>the app</p>');

    nginx = await startStorageNginx(path.join(tmp, 'nginx'), {
      s3Env,
      hostPort,
      hostRoot,
      deployDir: deploy,
      apiUpstreams: `http://127.0.0.1:${apiPort}`,
      remotePorts,
    });
    const get = async (p, bucket) => {
      const res = await fetch(`${nginx.origin}${p}`, { headers: bucket === undefined ? {} : { cookie: `theme=dark; site_bucket=${bucket}` } });
      return { status: res.status, body: await res.text(), setCookie: res.headers.get('set-cookie'), vary: res.headers.get('vary') };
    };
    const supportVersion = async (bucket) =>
      /\/(\d+\.\d+\.\d+)\/mf-manifest/.exec(JSON.parse((await get('/remotes.json', bucket)).body).remote_support)[1];
    const eventually = async (what, check) => {
      const until = Date.now() + 10_000;
      for (;;) {
        if (await check()) return;
        if (Date.now() > until) throw new Error(`not within 10 s: ${what}\n${nginx.output()}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    };

    // No canary: everyone gets the live file; a visitor without a bucket gets one (canary.cjs's cookie), one with
    // a bucket none.
    assert.strictEqual(await supportVersion(10), '1.0.0');
    const fresh = await get('/remotes.json');
    assert.match(fresh.setCookie ?? '', /^site_bucket=\d{1,2}; Path=\/; Max-Age=31536000; SameSite=Lax$/);
    assert.strictEqual((await get('/remotes.json', 10)).setCookie, null);
    assert.strictEqual((await get('/news', 10)).body, '<p>live news</p>');
    assert.match((await get('/news')).setCookie ?? '', /^site_bucket=\d{1,2};/, 'a page sets the bucket too');

    // A canary at 50 %: the release script writes the canary's state and nginx's copy of it; the renderer's canary
    // output has the canary remote's page.
    await remote('publish', 'remote-support', '1.1.0', '--canary', '50', '--by', 'bob');
    const variant = await shared.storage.head('site/remotes.canary-variant.json');
    assert.match(variant?.contentType ?? '', /canary-percent=50/, "the canary's percent, as nginx reads it");
    await publishPage(shared.storage, 'site/rendered-canary/pages/news.html', '<p>canary news</p>');
    await eventually('a canary cookie gets the canary', async () => (await supportVersion(10)) === '1.1.0');
    for (const b of [0, 10, 49]) assert.strictEqual(await supportVersion(b), '1.1.0', `bucket ${b} is in the canary`);
    for (const b of [50, 70, 99]) assert.strictEqual(await supportVersion(b), '1.0.0', `bucket ${b} keeps the live version`);
    assert.strictEqual(await supportVersion('07'), '1.1.0', 'the cookie read as canary.cjs bucketOf reads it');
    assert.match((await get('/remotes.json', 'x')).setCookie ?? '', /^site_bucket=\d{1,2};/, 'a cookie that is no bucket: a new one');
    assert.match((await get('/remotes.json', 10)).vary ?? '', /Cookie/);
    await eventually('the canary page', async () => (await get('/news', 10)).body === '<p>canary news</p>');
    assert.strictEqual((await get('/news', 70)).body, '<p>live news</p>');
    assert.strictEqual((await get('/', 10)).body, '<p>live home</p>', 'a page the canary did not render: the live one');
    assert.strictEqual((await get('/no-such-page', 10)).status, 200, 'the app for a page never rendered');
    // Issue 45.5: each side's page as its stored .br, the canary's first, then the live one's.
    for (const [p, bucket, page] of [
      ['/news', 10, '<p>canary news</p>'],
      ['/news', 70, '<p>live news</p>'],
      ['/', 10, '<p>live home</p>'],
    ]) {
      const r = await brotliGet(`${nginx.origin}${p}`, bucket);
      assert.deepStrictEqual([p, bucket, r.status, r.encoding, r.page], [p, bucket, 200, 'br', page]);
    }
    // New visitors: each gets a bucket and the side its bucket says, about half in the canary.
    let inCanary = 0;
    for (let i = 0; i < 200; i++) {
      const res = await get('/remotes.json');
      const bucket = Number(/^site_bucket=(\d+);/.exec(res.setCookie ?? '')?.[1]);
      assert.ok(bucket >= 0 && bucket <= 99, `a bucket for a new visitor: ${res.setCookie}`);
      const version = /\/(\d+\.\d+\.\d+)\/mf-manifest/.exec(JSON.parse(res.body).remote_support)[1];
      assert.strictEqual(version, bucket < 50 ? '1.1.0' : '1.0.0', `bucket ${bucket} got ${version}`);
      if (bucket < 50) inCanary += 1;
    }
    assert.ok(inCanary > 60 && inCanary < 140, `${inCanary} of 200 new visitors in a 50 % canary`);

    // The canary ends (abort, as the automatic rollback does): everyone is live again.
    await remote('abort', 'remote-support', '--reason', 'test', '--by', 'carol');
    assert.strictEqual(await shared.storage.head('site/remotes.canary-variant.json'), null);
    await eventually('the canary cookie is live again', async () => (await supportVersion(10)) === '1.0.0');
    await eventually('its pages too', async () => (await get('/news', 10)).body === '<p>live news</p>');
  } finally {
    shared.storage.client?.destroy();
    await stopAll([nginx?.child]);
    api.close();
    await s3.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
