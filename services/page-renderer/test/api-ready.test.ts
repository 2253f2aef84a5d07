/**
 * apiReady(): the service renders nothing before the API's /health answers 2xx, and starts once it does.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiReady } from '../src/api-ready';

test('apiReady waits through failing answers and resolves on the first 2xx of GET /health', async () => {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    // Starting up: the first answers are errors, as a server whose database is not open yet gives.
    res.writeHead(seen.length < 3 ? 503 : 200, { 'content-type': 'application/json' });
    res.end(seen.length < 3 ? '{"status":"starting"}' : '{"status":"ok","db":"pglite"}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  try {
    const { port } = server.address() as AddressInfo;
    await apiReady(`http://127.0.0.1:${port}`);
    assert.deepEqual(seen, ['GET /health', 'GET /health', 'GET /health']);
  } finally {
    server.close();
  }
});

test('apiReady goes direct to the API even when the environment names a proxy', async () => {
  let proxied = 0;
  // A proxy that answers 200 itself: a call sent through it would resolve apiReady without reaching the API.
  const proxy = http.createServer((_req, res) => {
    proxied++;
    res.writeHead(200).end('{"status":"ok"}');
  });
  let direct = 0;
  const api = http.createServer((_req, res) => {
    direct++;
    res.writeHead(200).end('{"status":"ok"}');
  });
  await Promise.all([proxy, api].map((s) => new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()))));
  const before = {
    HTTP_PROXY: process.env.HTTP_PROXY,
    http_proxy: process.env.http_proxy,
    NO_PROXY: process.env.NO_PROXY,
    no_proxy: process.env.no_proxy,
  };
  process.env.HTTP_PROXY = process.env.http_proxy = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  delete process.env.NO_PROXY;
  delete process.env.no_proxy;
  try {
    await apiReady(`http://127.0.0.1:${(api.address() as AddressInfo).port}`);
    assert.deepEqual({ proxied, direct }, { proxied: 0, direct: 1 });
  } finally {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    proxy.close();
    api.close();
  }
});
