/**
 * The host origin's proxy over several API instances (API_UPSTREAMS): real servers on loopback behind the real
 * static server and undici's BalancedPool. Calls are spread, an instance that fails its health check is taken
 * out and comes back when it passes, and an idempotent call that finds an instance gone is answered by another.
 */
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const http = require('http');
const os = require('os');
const path = require('path');
const { createStaticServer } = require('../src/static-server.cjs');
const { parseUpstreams } = require('../src/api-upstreams.cjs');

/** One stand-in API instance: answers its name, counts calls, and its /health answers `healthy ? 200 : 503`. */
async function instance(name, port = 0) {
  const state = { name, healthy: true, calls: [], server: null, port };
  state.start = async () => {
    state.server = http.createServer((req, res) => {
      if (req.url === '/health') {
        res.writeHead(state.healthy ? 200 : 503, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ status: state.healthy ? 'ok' : 'down' }));
      }
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        state.calls.push({ method: req.method, url: req.url, body: Buffer.concat(chunks).toString() });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ instance: name }));
      });
    });
    await new Promise((r) => state.server.listen(state.port, '127.0.0.1', r));
    state.port = state.server.address().port;
  };
  state.stop = () => {
    state.server.closeAllConnections();
    return new Promise((r) => state.server.close(r));
  };
  await state.start();
  return state;
}

function call(port, pathname, method = 'GET', body) {
  return new Promise((resolve, reject) => {
    const headers = body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {};
    const req = http.request({ host: '127.0.0.1', port, path: pathname, method, headers, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

let root;
let a;
let b;
let front;
let port;

test.before(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'api-upstreams-'));
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><html lang="zh-CN"><title>首页</title></html>');
  a = await instance('A');
  b = await instance('B');
  // Checks only when the test asks (check()) or a call fails: no timing in the assertions.
  front = createStaticServer({
    root,
    spa: true,
    apiUpstreams: [`http://127.0.0.1:${a.port}`, `http://127.0.0.1:${b.port}`],
    healthIntervalMs: 600_000,
  });
  await front.listen({ port: 0, host: '127.0.0.1' });
  port = front.server.address().port;
});

test.after(async () => {
  await front.close();
  await Promise.allSettled([a.stop(), b.stop()]);
  fs.rmSync(root, { recursive: true, force: true });
});

test('API_UPSTREAMS: comma-separated origins; without it the one API on API_PORT', () => {
  assert.deepStrictEqual(parseUpstreams(' http://127.0.0.1:3000/ ,http://127.0.0.1:3001,http://127.0.0.1:3000', 3000), [
    'http://127.0.0.1:3000',
    'http://127.0.0.1:3001',
  ]);
  assert.deepStrictEqual(parseUpstreams(undefined, 3005), ['http://127.0.0.1:3005']);
  assert.deepStrictEqual(parseUpstreams('', 3005), ['http://127.0.0.1:3005']);
});

test('calls are spread over both instances', async () => {
  a.calls.length = 0;
  b.calls.length = 0;
  for (let i = 0; i < 20; i++) assert.strictEqual((await call(port, `/api/channel?i=${i}`)).status, 200);
  assert.strictEqual(a.calls.length + b.calls.length, 20);
  assert.ok(a.calls.length >= 5 && b.calls.length >= 5, `A ${a.calls.length}, B ${b.calls.length}`);
});

test('an instance failing its health check is taken out, and back once it passes', async () => {
  b.healthy = false;
  await front.apiUpstreams.check();
  assert.deepStrictEqual(front.apiUpstreams.active(), [`http://127.0.0.1:${a.port}`]);
  assert.strictEqual(front.apiUpstreams.isHealthy(`http://127.0.0.1:${b.port}`), false);
  a.calls.length = 0;
  b.calls.length = 0;
  for (let i = 0; i < 10; i++) assert.deepStrictEqual(JSON.parse((await call(port, '/api/notice')).body), { instance: 'A' });
  assert.strictEqual(b.calls.length, 0);

  b.healthy = true;
  await front.apiUpstreams.check();
  assert.strictEqual(front.apiUpstreams.active().length, 2);
  for (let i = 0; i < 10; i++) await call(port, '/api/notice');
  assert.ok(b.calls.length > 0, 'B gets calls again');
});

test('every instance failing its check: all stay in, so calls still reach whichever answers', async () => {
  a.healthy = false;
  b.healthy = false;
  await front.apiUpstreams.check();
  assert.strictEqual(front.apiUpstreams.active().length, 2);
  assert.strictEqual((await call(port, '/api/notice')).status, 200);
  a.healthy = true;
  b.healthy = true;
  await front.apiUpstreams.check();
});

test('an instance gone (connection refused): GETs are answered by the other, the gone one is taken out, and back when it listens again', async () => {
  await b.stop();
  a.calls.length = 0;
  for (let i = 0; i < 10; i++) {
    const r = await call(port, `/api/article/list?i=${i}`);
    assert.strictEqual(r.status, 200);
    assert.deepStrictEqual(JSON.parse(r.body), { instance: 'A' });
  }
  assert.strictEqual(a.calls.length, 10, 'each GET reached A exactly once');
  // The failed connect triggered a check: B is out without waiting for the interval.
  await front.apiUpstreams.check();
  assert.deepStrictEqual(front.apiUpstreams.active(), [`http://127.0.0.1:${a.port}`]);

  await b.start();
  await front.apiUpstreams.check();
  assert.strictEqual(front.apiUpstreams.active().length, 2);
  b.calls.length = 0;
  for (let i = 0; i < 10; i++) await call(port, '/api/notice');
  assert.ok(b.calls.length > 0, 'B gets calls again');
});

test('a write is never sent twice: a POST that found its instance gone is not retried on the other', async () => {
  // Only B in the pool for this call, so the POST surely goes to the gone instance.
  const only = createStaticServer({ root, apiUpstreams: [`http://127.0.0.1:${b.port}`, `http://127.0.0.1:${a.port}`], healthIntervalMs: 600_000 });
  await only.listen({ port: 0, host: '127.0.0.1' });
  try {
    only.apiUpstreams.pool.removeUpstream(`http://127.0.0.1:${a.port}`);
    await b.stop();
    a.calls.length = 0;
    await assert.rejects(call(only.server.address().port, '/api/message', 'POST', '{"text":"留言"}'), { code: 'ECONNRESET' });
    assert.strictEqual(a.calls.length, 0, 'the POST never reached A');
  } finally {
    await only.close();
    await b.start();
  }
});
