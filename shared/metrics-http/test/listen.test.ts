import assert from 'node:assert/strict';
import { test } from 'node:test';
import { listenMetrics, type MetricsSource } from '../src/index.js';

const source = (metrics: () => Promise<string>): MetricsSource => ({ metrics, contentType: 'text/plain; version=0.0.4; charset=utf-8' });

test('[issue 46.5] GET /metrics answers the registry uncached, HEAD its headers only, any other path or method 404', async (t) => {
  const served = await listenMetrics(
    source(async () => 'up 1\n'),
    0,
  );
  t.after(() => served.close());
  const base = `http://127.0.0.1:${served.port}`;
  const got = await fetch(`${base}/metrics?x=1`);
  assert.equal(got.status, 200);
  assert.equal(got.headers.get('content-type'), 'text/plain; version=0.0.4; charset=utf-8');
  assert.equal(got.headers.get('cache-control'), 'no-store');
  assert.equal(await got.text(), 'up 1\n');
  const head = await fetch(`${base}/metrics`, { method: 'HEAD' });
  assert.equal(head.status, 200);
  assert.equal(await head.text(), '');
  for (const [method, path] of [
    ['GET', '/'],
    ['GET', '/metrics/x'],
    ['POST', '/metrics'],
  ]) {
    const r = await fetch(base + path, { method });
    assert.equal(r.status, 404, `${method} ${path}`);
    assert.equal(await r.text(), 'not found: the metrics are at /metrics\n');
  }
});

test('[issue 46.5] a registry that fails answers 500 and the listener keeps serving', async (t) => {
  let fail = true;
  const served = await listenMetrics(
    source(async () => {
      if (fail) throw new Error('collect failed');
      return 'up 1\n';
    }),
    0,
  );
  t.after(() => served.close());
  const r = await fetch(`http://127.0.0.1:${served.port}/metrics`);
  assert.equal(r.status, 500);
  assert.equal(await r.text(), 'metrics failed\n');
  fail = false;
  assert.equal((await fetch(`http://127.0.0.1:${served.port}/metrics`)).status, 200);
});

test('[issue 46.5] a port already taken rejects instead of throwing later', async (t) => {
  const first = await listenMetrics(
    source(async () => ''),
    0,
  );
  t.after(() => first.close());
  await assert.rejects(
    listenMetrics(
      source(async () => ''),
      first.port,
    ),
    { code: 'EADDRINUSE' },
  );
});

test('[issue 46.5] close ends a scrape still being answered instead of waiting for it', async () => {
  let asked!: () => void;
  const scraping = new Promise<void>((resolve) => (asked = resolve));
  // A registry that never answers: only ending the connection lets the listener close.
  const served = await listenMetrics(
    source(() => {
      asked();
      return new Promise<string>(() => {});
    }),
    0,
  );
  const pending = fetch(`http://127.0.0.1:${served.port}/metrics`);
  await scraping;
  await served.close();
  assert.equal(served.server.listening, false);
  await assert.rejects(pending);
});
