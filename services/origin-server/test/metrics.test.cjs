/**
 * The origins' Prometheus metrics (src/metrics.cjs, issue 35 item 7): requests by route kind (page, static, api,
 * remotes) and status with a latency histogram and the process's defaults, on a metrics port of its own; the public
 * port has no /metrics.
 */
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const http = require('http');
const os = require('os');
const path = require('path');
const { createStaticServer } = require('../src/static-server.cjs');
const { originMetrics, listenMetrics } = require('../src/metrics.cjs');

test('an origin counts its answers by route kind and status, with latency, on its own metrics port', async (t) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'origin-metrics-'));
  fs.mkdirSync(path.join(root, 'static/js'), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>首页</title>');
  fs.writeFileSync(path.join(root, 'static/js/main.3f9a1c2e.js'), 'console.log(1);\n');
  const api = http.createServer((req, res) => {
    res.writeHead(req.url.includes('missing') ? 404 : 200, { 'content-type': 'application/json' });
    res.end('{}');
  });
  await new Promise((r) => api.listen(0, '127.0.0.1', r));
  const metrics = originMetrics({ origin: 'host' });
  const app = createStaticServer({
    root,
    spa: true,
    apiUpstreams: [`http://127.0.0.1:${api.address().port}`],
    dynamic: { '/remotes.json': () => '{}' },
    metrics,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const metricsServer = await listenMetrics(metrics.registry, 0);
  t.after(async () => {
    await app.close();
    metricsServer.close();
    api.close();
    fs.rmSync(root, { recursive: true, force: true });
  });
  const base = `http://127.0.0.1:${app.server.address().port}`;
  for (const p of ['/', '/news', '/static/js/main.3f9a1c2e.js', '/static/js/none.js', '/remotes.json', '/api/x', '/api/missing'])
    await (await fetch(base + p)).arrayBuffer();

  const text = await (await fetch(`http://127.0.0.1:${metricsServer.address().port}/metrics`)).text();
  /** A series' value, whatever order prom-client writes its labels in (`origin` is a default label). */
  const value = (name, labels) => {
    const want = Object.entries({ ...labels, origin: 'host' }).map(([k, v]) => `${k}="${v}"`);
    const line = text.split('\n').find((l) => {
      const m = /^(\w+)\{([^}]*)\} /.exec(l);
      return m && m[1] === name && m[2].split(',').length === want.length && want.every((w) => m[2].split(',').includes(w));
    });
    return line ? Number(line.split(' ').pop()) : 0;
  };
  const count = (kind, status) => value('origin_requests_total', { kind, method: 'GET', status });
  assert.strictEqual(count('page', 200), 2);
  assert.strictEqual(count('static', 200), 1);
  assert.strictEqual(count('static', 404), 1);
  assert.strictEqual(count('remotes', 200), 1);
  assert.strictEqual(count('api', 200), 1);
  assert.strictEqual(count('api', 404), 1);
  assert.strictEqual(value('origin_request_duration_seconds_count', { kind: 'page' }), 2);
  assert.strictEqual(value('origin_request_duration_seconds_bucket', { kind: 'api', le: '+Inf' }), 2);
  // prom-client's process defaults.
  assert.match(text, /process_resident_memory_bytes\{origin="host"\} \d/);
  assert.match(text, /nodejs_eventloop_lag_seconds\{origin="host"\}/);

  // The public port has no metrics: /metrics is the app (an HTML page), never the Prometheus text.
  const pub = await fetch(`${base}/metrics`);
  assert.doesNotMatch(await pub.text(), /origin_requests_total/);
});
