/**
 * /search rendered on demand (issue 36.5, search-page.ts): what a visitor gets when the address is too long, when
 * the API is down, when it hangs, and when more searches arrive than may render at once. A stand-in host server build
 * (written here: this unit test runs before the apps are built) renders by asking the API for the search, as the
 * real one's search page loader does; the API is a closed port or a server that never answers. The real build's
 * page is the e2e suite's (e2e/tests/search-no-js.spec.ts).
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { RendererConfig } from '../src/config';
import { MAX_URL_LENGTH, SEARCH_BUSY, SEARCH_FAILED, SEARCH_TIMED_OUT, SEARCH_TOO_LONG, searchPages } from '../src/search-page';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const quiet = { error: () => undefined } as unknown as Console;

/** The smallest host server build whose search page asks the API, from the origin its render call is given. */
const hostRoot = mkdtempSync(path.join(os.tmpdir(), 'search-page-host-'));
mkdirSync(path.join(hostRoot, 'server'), { recursive: true });
after(() => rmSync(hostRoot, { recursive: true, force: true }));
writeFileSync(path.join(hostRoot, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
writeFileSync(
  path.join(hostRoot, 'server', 'server.js'),
  `module.exports = {
    PUBLIC_ROUTES: [], CLIENT_ROUTES: ['/search'], ClientOnlySlot: class extends Error {},
    beginRenderRun() {}, notFoundPages: async () => [],
    async renderPage({ url, settings }) {
      const text = new URL(url, 'http://x').searchParams.get('text') || '';
      if (!text) return { html: '<h1>站内搜索</h1>', data: null, errors: [], clientOnly: false, head: '', css: [] };
      try {
        const res = await fetch(settings.apiOrigin + '/api/article/es/page?text=' + encodeURIComponent(text));
        const body = await res.json();
        return { html: '<h1>站内搜索</h1><p>' + body.total + '</p>', data: null, errors: [], clientOnly: false, head: '', css: [] };
      } catch (e) {
        return { html: '', data: null, errors: [{ message: String(e) }], clientOnly: false, head: '', css: [] };
      }
    },
  };\n`,
);

function configFor(apiOrigin: string): RendererConfig {
  return {
    outDir: path.join(root, 'services', 'page-renderer', 'node_modules', '.cache', 'search-test'),
    store: null,
    apiOrigin,
    siteOrigin: 'http://www.example.cn',
    hostRoot,
    remotesFile: null,
    remotes: {},
    port: 0,
    token: '',
    cacheDir: path.join(root, 'services', 'page-renderer', 'node_modules', '.cache', 'server-builds'),
  };
}

/** A port nothing listens on: bound, read and closed again. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

const text = (s: string) => `/search?${new URLSearchParams({ text: s, channel: 'all' })}`;

test('[issue 36.5] an address longer than 2048 characters is refused with a Chinese page (414), nothing rendered', async () => {
  const pages = searchPages(configFor('http://127.0.0.1:9'), { timeoutMs: 1000, concurrency: 1 }, quiet);
  const url = text('电'.repeat(300));
  assert.ok(url.length > MAX_URL_LENGTH);
  const answer = await pages.answer(url);
  assert.equal(answer.status, 414);
  assert.ok(answer.body.includes(SEARCH_TOO_LONG));
  assert.equal(answer.headers['cache-control'], 'no-store');
  assert.equal(pages.running(), 0);
});

test('[issue 36.5] the API down: 502 and 搜索服务暂时不可用, never cached, nothing of the request in the page', async () => {
  const pages = searchPages(configFor(`http://127.0.0.1:${await closedPort()}`), { timeoutMs: 20_000, concurrency: 2 }, quiet);
  // Malformed and hostile text: an undecodable escape, markup, a control character.
  const answer = await pages.answer('/search?text=%zz%E0%A4<script>alert(1)</script>%00&channel=all');
  assert.equal(answer.status, 502);
  assert.equal(answer.headers['content-type'], 'text/html; charset=utf-8');
  assert.equal(answer.headers['cache-control'], 'no-store');
  assert.ok(answer.body.includes(SEARCH_FAILED));
  assert.ok(!answer.body.includes('<script>'));
  assert.ok(!answer.body.includes('alert(1)'));
  assert.equal(pages.running(), 0);
});

test('[issue 36.5] an API that never answers: 504 after the timeout; the hanging render keeps its slot, so the next search is 503 with Retry-After', async () => {
  const held: http.ServerResponse[] = [];
  const api = http.createServer((_req, res) => void held.push(res));
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', () => r()));
  const { port } = api.address() as AddressInfo;
  const pages = searchPages(configFor(`http://127.0.0.1:${port}`), { timeoutMs: 300, concurrency: 1 }, quiet);
  try {
    const first = await pages.answer(text('风险预警平台'));
    assert.equal(first.status, 504);
    assert.equal(held.length, 1, 'the render asked the API and waits for it');
    assert.ok(first.body.includes(SEARCH_TIMED_OUT));
    assert.equal(pages.running(), 1);

    const second = await pages.answer(text('配电网'));
    assert.equal(second.status, 503);
    assert.equal(second.headers['retry-after'], '2');
    assert.ok(second.body.includes(SEARCH_BUSY));
  } finally {
    // The API's calls end (connections cut): the held render ends and gives its slot back.
    api.closeAllConnections();
    api.close();
  }
  for (let i = 0; i < 100 && pages.running() > 0; i++) await new Promise((r) => setTimeout(r, 20));
  assert.equal(pages.running(), 0);
});
