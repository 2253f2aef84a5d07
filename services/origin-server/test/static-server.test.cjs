/**
 * The production static server (services/origin-server/src/static-server.cjs) on a temporary folder, without a build: it answers
 * the malformed-request corpus with a status and keeps serving, keeps the caching/CORS/CSP behaviour the site relies
 * on, never proxies /dev, and forwards the visitor's scheme and address to the API (issue 15).
 */
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const http = require('http');
const os = require('os');
const path = require('path');
const { createStaticServer } = require('../src/static-server.cjs');
const { precompressTree } = require('@site/releases');
const { sendCorpus, sendRaw } = require('../src/malformed-requests.cjs');

const JS = `console.log(${JSON.stringify('federation '.repeat(400))});\n`;

function makeBuild() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'static-server-'));
  fs.mkdirSync(path.join(root, 'static/js'), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><html lang="zh-CN"><title>首页</title><div id="root"></div></html>');
  fs.writeFileSync(path.join(root, 'static/js/main.3f9a1c2e.js'), JS);
  fs.writeFileSync(path.join(root, 'remoteEntry.js'), JS);
  fs.writeFileSync(path.join(root, 'mf-manifest.json'), JSON.stringify({ name: 'remote_x', exposes: [] }));
  return root;
}

/** A stand-in API: records what reached it; `/api/hang` never answers, `/api/status/<n>` answers n. */
async function startUpstream() {
  const seen = [];
  const closed = [];
  const server = http.createServer((req, res) => {
    seen.push({ url: req.url, headers: req.headers });
    if (req.url.startsWith('/api/hang')) return req.on('close', () => closed.push(req.url));
    const status = /^\/api\/status\/(\d{3})/.exec(req.url);
    res.writeHead(status ? Number(status[1]) : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ url: req.url, headers: req.headers }));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { port: server.address().port, seen, closed, close: () => (server.closeAllConnections(), new Promise((r) => server.close(r))) };
}

async function listen(app) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app.server.address().port;
}

function get(port, pathname, headers = {}, method = 'GET') {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathname, method, headers, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function waitFor(check, what, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

let root;
let upstream;
let host;
let remote;
let hostPort;
let remotePort;

test.before(async () => {
  root = makeBuild();
  upstream = await startUpstream();
  host = createStaticServer({
    root,
    spa: true,
    apiTarget: { host: '127.0.0.1', port: upstream.port },
    dynamic: { '/remotes.json': () => JSON.stringify({ remote_x: 'http://localhost:1/mf-manifest.json' }) },
    htmlHeaders: () => ({ 'content-security-policy': "default-src 'self'; frame-ancestors 'self'" }),
    trustedProxies: ['loopback'],
  });
  remote = createStaticServer({ root, cors: true, portalOrigins: ['http://portal.example'] });
  hostPort = await listen(host);
  remotePort = await listen(remote);
});

test.after(async () => {
  await host?.close();
  await remote?.close();
  await upstream?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

test('[issue 15 finding 2] GET /%00, //, ///, //[ answer with a status and the server keeps serving', async () => {
  for (const p of ['/%00', '//', '///', '//[', '/\\', '/%zz', '/%c0%af']) {
    const status = await sendRaw(hostPort, Buffer.from(`GET ${p} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`));
    assert.strictEqual(typeof status, 'number', `${p}: ${status}`);
    assert.ok(status < 500, `${p}: ${status}`);
  }
  assert.strictEqual((await get(hostPort, '/')).status, 200);
});

test('[issue 15 finding 2] the malformed-request corpus: every request to the host and a remote gets a status (no 5xx), then both still serve their files', async () => {
  for (const [name, port] of [
    ['host', hostPort],
    ['remote', remotePort],
  ]) {
    const { failures, statuses, sent } = await sendCorpus(port);
    assert.ok(sent > 300, `${name}: only ${sent} requests`);
    assert.deepStrictEqual(failures, [], `${name}: requests without a status`);
    const fivexx = Object.keys(statuses).filter((s) => Number(s) >= 500);
    assert.deepStrictEqual(fivexx, [], `${name}: server errors ${JSON.stringify(statuses)}`);
  }
  const page = await get(hostPort, '/');
  assert.strictEqual(page.status, 200);
  assert.match(String(page.body), /<div id="root">/);
  const manifest = await get(remotePort, '/mf-manifest.json');
  assert.strictEqual(manifest.status, 200);
  assert.strictEqual(JSON.parse(String(manifest.body)).name, 'remote_x');
});

test('[issue 15 finding 2] no request escapes the build folder, in any spelling of ..', async () => {
  const secret = path.join(path.dirname(root), 'package.json');
  const outside = fs.existsSync(secret);
  for (const p of [
    '/../package.json',
    '/%2e%2e/package.json',
    '/%252e%252e/package.json',
    '/..%2fpackage.json',
    '/..%5cpackage.json',
    '/static/../../package.json',
    '//../package.json',
  ]) {
    const status = await sendRaw(remotePort, Buffer.from(`GET ${p} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`));
    assert.ok(typeof status === 'number' && status >= 400 && status < 500, `${p}: ${status} (a file outside: ${outside})`);
  }
});

test('[issue 15 /dev] /dev is never proxied: the host answers 404 (its own 404 page for a GET) and the API never sees the call', async () => {
  upstream.seen.length = 0;
  // The host's own 404 page, with a 404 status; every method and spelling is a 404.
  const page = await get(hostPort, '/dev/sms-outbox?phone=13800000000');
  assert.strictEqual(page.status, 404);
  assert.match(String(page.headers['content-type']), /text\/html/);
  assert.strictEqual((await get(hostPort, '/dev/visits.json')).status, 404);
  assert.strictEqual((await get(hostPort, '/%64ev/visits')).status, 404);
  assert.strictEqual((await get(hostPort, '/dev/rate-limits/reset', {}, 'POST')).status, 404);
  assert.deepStrictEqual(
    upstream.seen.map((s) => s.url),
    [],
  );
  // The API paths still are.
  assert.strictEqual((await get(hostPort, '/api/channel?isNav=true')).status, 200);
  assert.deepStrictEqual(
    upstream.seen.map((s) => s.url),
    ['/api/channel?isNav=true'],
  );
});

test('[issue 15 X-Forwarded-Proto] the proxy sends the scheme the visitor used and appends its address to X-Forwarded-For', async () => {
  // A visitor straight to us (plain HTTP), even one claiming https, from a peer that is not a trusted proxy.
  const strict = createStaticServer({ root, spa: true, apiTarget: { host: '127.0.0.1', port: upstream.port }, trustedProxies: [] });
  const strictPort = await listen(strict);
  try {
    const direct = JSON.parse(String((await get(strictPort, '/api/whoami', { 'x-forwarded-proto': 'https', 'x-forwarded-for': '6.6.6.6' })).body));
    assert.strictEqual(direct.headers['x-forwarded-proto'], 'http');
    assert.strictEqual(direct.headers['x-forwarded-for'], '127.0.0.1');
  } finally {
    await strict.close();
  }
  // Behind a TLS terminator on a trusted address (loopback here): its scheme and chain are passed on.
  const behindTls = JSON.parse(String((await get(hostPort, '/api/whoami', { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' })).body));
  assert.strictEqual(behindTls.headers['x-forwarded-proto'], 'https');
  assert.strictEqual(behindTls.headers['x-forwarded-for'], '203.0.113.7, 127.0.0.1');
  const plain = JSON.parse(String((await get(hostPort, '/api/whoami')).body));
  assert.strictEqual(plain.headers['x-forwarded-proto'], 'http');
  assert.strictEqual(plain.headers['x-forwarded-for'], '127.0.0.1');
  assert.strictEqual(plain.headers['x-forwarded-host'], `127.0.0.1:${hostPort}`);
});

test('[ERR-5] the API unreachable: the proxy drops the connection instead of answering a 502 of its own', async () => {
  const down = createStaticServer({ root, spa: true, apiTarget: { host: '127.0.0.1', port: 1 } });
  const downPort = await listen(down);
  try {
    const r = await sendRaw(downPort, Buffer.from('GET /api/channel HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'));
    assert.strictEqual(r, 'closed without an answer');
    assert.strictEqual((await get(downPort, '/')).status, 200, 'the static files still answer');
  } finally {
    await down.close();
  }
});

test('[ERR-7] an HTTP error status of the API passes through unchanged and is not retried', async () => {
  upstream.seen.length = 0;
  assert.strictEqual((await get(hostPort, '/api/status/502')).status, 502);
  assert.strictEqual((await get(hostPort, '/api/status/503')).status, 503);
  assert.strictEqual(upstream.seen.length, 2);
});

test('[HTTP-2] the visitor gives up on a call the API never answers: the proxy stops waiting on the API', async () => {
  const req = http.get({ host: '127.0.0.1', port: hostPort, path: '/api/hang/1', agent: false });
  req.on('error', () => undefined);
  await waitFor(async () => upstream.seen.some((s) => s.url === '/api/hang/1'), 'call reached the API');
  req.destroy();
  await waitFor(async () => upstream.closed.includes('/api/hang/1'), 'upstream call closed');
});

test('[DEPLOY] caching, ETag/304, precompressed files, CORS and security headers as the site relies on', async () => {
  const hashed = await get(remotePort, '/static/js/main.3f9a1c2e.js');
  assert.strictEqual(hashed.headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.strictEqual(hashed.headers['access-control-allow-origin'], '*');
  assert.strictEqual(hashed.headers['timing-allow-origin'], '*');
  assert.strictEqual(hashed.headers['x-content-type-options'], 'nosniff');
  assert.match(hashed.headers['content-security-policy'], /frame-ancestors 'self' http:\/\/portal\.example/);

  for (const file of ['/remoteEntry.js', '/mf-manifest.json']) {
    const first = await get(remotePort, file);
    assert.strictEqual(first.headers['cache-control'], 'no-cache', file);
    assert.ok(first.headers.etag, `${file}: ETag`);
    const again = await get(remotePort, file, { 'if-none-match': first.headers.etag });
    assert.strictEqual(again.status, 304, file);
  }

  const page = await get(hostPort, '/news');
  assert.strictEqual(page.headers['cache-control'], 'no-cache');
  assert.match(page.headers['content-security-policy'], /^default-src 'self'/);
  assert.strictEqual(page.headers['referrer-policy'], 'strict-origin-when-cross-origin');
  const missing = await get(hostPort, '/static/js/missing.js');
  assert.strictEqual(missing.status, 404);
  assert.strictEqual(String(missing.body), 'Not found');
  assert.match(missing.headers['content-security-policy'], /default-src 'none'/);
  const remoteMissing = await get(remotePort, '/nope');
  assert.strictEqual(remoteMissing.status, 404);
  assert.strictEqual(remoteMissing.headers['access-control-allow-origin'], '*');

  const head = await get(remotePort, '/remoteEntry.js', {}, 'HEAD');
  assert.strictEqual(head.status, 200);
  assert.strictEqual(head.body.length, 0);
  assert.strictEqual((await get(remotePort, '/remoteEntry.js', {}, 'DELETE')).status, 405);
  const preflight = await get(remotePort, '/remoteEntry.js', { origin: 'http://localhost:8080' }, 'OPTIONS');
  assert.strictEqual(preflight.status, 204);
  assert.strictEqual(preflight.headers['access-control-allow-origin'], '*');

  const remotes = await get(hostPort, '/remotes.json');
  assert.strictEqual(remotes.headers['cache-control'], 'no-cache');
  assert.strictEqual(JSON.parse(String(remotes.body)).remote_x, 'http://localhost:1/mf-manifest.json');
  assert.strictEqual((await get(hostPort, '/remotes.json', { 'if-none-match': remotes.headers.etag })).status, 304);

  // Compressed once, beside the files, then sent as they are.
  assert.ok((await precompressTree(root)) >= 4);
  assert.strictEqual(await precompressTree(root), 0, 'up-to-date siblings are not written again');
  const br = await get(remotePort, '/remoteEntry.js', { 'accept-encoding': 'gzip, deflate, br' });
  assert.strictEqual(br.headers['content-encoding'], 'br');
  assert.match(String(br.headers.vary), /accept-encoding/i);
  assert.strictEqual(require('zlib').brotliDecompressSync(br.body).toString(), JS);
  assert.strictEqual(br.headers['cache-control'], 'no-cache');
  const gz = await get(remotePort, '/static/js/main.3f9a1c2e.js', { 'accept-encoding': 'gzip' });
  assert.strictEqual(gz.headers['content-encoding'], 'gzip');
  assert.strictEqual(gz.headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.strictEqual((await get(remotePort, '/remoteEntry.js')).headers['content-encoding'], undefined);
});

test("[issue 36.5][issue 44.4] /search goes to the page renderer with the visitor's address in X-Real-IP: its status, type, Cache-Control and Retry-After kept, the page policy added, no cookie sent; the app when it cannot be reached", async () => {
  const root = makeBuild();
  const seen = [];
  const renderer = http.createServer((req, res) => {
    seen.push({ url: req.url, cookie: req.headers.cookie, visitor: req.headers['x-real-ip'] });
    const busy = req.url.includes('busy');
    res.writeHead(busy ? 503 : 200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': busy ? 'no-store' : 'public, max-age=30, s-maxage=60',
      ...(busy ? { 'retry-after': '2' } : {}),
      'set-cookie': 'renderer=1',
    });
    res.end(busy ? '<p>搜索的人太多，请稍后重试。</p>' : '<main>共 3 条结果</main>');
  });
  await new Promise((r) => renderer.listen(0, '127.0.0.1', r));
  const app = createStaticServer({
    root,
    spa: true,
    searchRenderer: `http://127.0.0.1:${renderer.address().port}`,
    htmlHeaders: () => ({ 'content-security-policy': "default-src 'self'" }),
  });
  const port = await listen(app);
  try {
    const url = `/search?${new URLSearchParams({ text: '配电网 故障', channel: 'all' })}`;
    // The address Fastify believes (past the trusted proxies: loopback by default, as nginx on this machine), never
    // an X-Real-IP the visitor sent.
    const ok = await get(port, url, { cookie: 'site_session=secret', 'x-real-ip': '203.0.113.7', 'x-forwarded-for': '203.0.113.8' });
    assert.strictEqual(ok.status, 200);
    assert.strictEqual(ok.body.toString(), '<main>共 3 条结果</main>');
    assert.strictEqual(ok.headers['cache-control'], 'public, max-age=30, s-maxage=60');
    assert.strictEqual(ok.headers['content-security-policy'], "default-src 'self'");
    assert.strictEqual(ok.headers['set-cookie'], undefined);
    assert.deepStrictEqual(seen.at(-1), { url, cookie: undefined, visitor: '203.0.113.8' });

    const busy = await get(port, '/search?text=busy');
    assert.deepStrictEqual([busy.status, busy.headers['retry-after'], busy.headers['cache-control']], [503, '2', 'no-store']);
    assert.match(busy.body.toString(), /搜索的人太多/);

    renderer.closeAllConnections();
    await new Promise((r) => renderer.close(r));
    const away = await get(port, url);
    assert.strictEqual(away.status, 200);
    assert.match(away.body.toString(), /<div id="root"><\/div>/);
    assert.strictEqual(away.headers['cache-control'], 'no-cache');
  } finally {
    await app.close();
    if (renderer.listening) renderer.close();
  }
});
