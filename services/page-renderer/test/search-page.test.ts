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
import { until } from './until';
import { MAX_URL_LENGTH, SEARCH_BAD_REQUEST, SEARCH_BUSY, SEARCH_FAILED, SEARCH_TIMED_OUT, SEARCH_TOO_LONG, searchPages } from '../src/search-page';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const quiet = { error: () => undefined } as unknown as Console;

/** The smallest host server build whose search page asks the API, from the origin its render call is given. */
const hostRoot = mkdtempSync(path.join(os.tmpdir(), 'search-page-host-'));
mkdirSync(path.join(hostRoot, 'server'), { recursive: true });
after(() => rmSync(hostRoot, { recursive: true, force: true }));
writeFileSync(
  path.join(hostRoot, 'index.html'),
  '<!doctype html><html><head></head><body><noscript>请启用 JavaScript</noscript><div id="root"></div><script src="/main.js"></script></body></html>',
);
writeFileSync(
  path.join(hostRoot, 'server', 'server.js'),
  `module.exports = {
    PUBLIC_ROUTES: [], CLIENT_ROUTES: ['/search'], ClientOnlySlot: class extends Error {},
    beginRenderRun() {}, notFoundPages: async () => [],
    async renderPage({ url, settings }) {
      const text = new URL(url, 'http://x').searchParams.get('text') || '';
      if (!text) return { html: '<h1>站内搜索</h1>', data: null, errors: [], clientOnly: false, head: '', css: [] };
      try {
        const page = new URL(url, 'http://x').searchParams.get('page') || '1';
        const res = await fetch(settings.apiOrigin + '/api/article/es/page?text=' + encodeURIComponent(text) + '&page=' + encodeURIComponent(page));
        const body = await res.json();
        // As the real client: an error answer rejects with the API's code.
        if (!res.ok) return { html: '', data: null, errors: [{ message: body.msg, code: res.status }], clientOnly: false, head: '', css: [] };
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
  const pages = searchPages(configFor('http://127.0.0.1:9'), { timeoutMs: 1000, concurrency: 1, perVisitor: 1 }, quiet);
  const url = text('电'.repeat(300));
  assert.ok(url.length > MAX_URL_LENGTH);
  const answer = await pages.answer(url);
  assert.equal(answer.status, 414);
  assert.ok(answer.body.includes(SEARCH_TOO_LONG));
  assert.equal(answer.headers['cache-control'], 'no-store');
  assert.equal(pages.running(), 0);
});

test('[issue 36.5] the API down: 502 and 搜索服务暂时不可用, never cached, nothing of the request in the page', async () => {
  const pages = searchPages(configFor(`http://127.0.0.1:${await closedPort()}`), { timeoutMs: 20_000, concurrency: 2, perVisitor: 1 }, quiet);
  // Hostile text (markup); malformed text is a 400 before any render (below).
  const answer = await pages.answer('/search?text=<script>alert(1)</script>%3Cscript%3E&channel=all');
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
  const pages = searchPages(configFor(`http://127.0.0.1:${port}`), { timeoutMs: 300, concurrency: 1, perVisitor: 1 }, quiet);
  try {
    const first = await pages.answer(text('风险预警平台'));
    assert.equal(first.status, 504);
    // The render goes on after the answer (on a busy machine it may reach the API only after the timeout).
    await until(() => held.length === 1, 'the render asks the API and waits for it');
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
  await until(() => pages.running() === 0, 'the held render gives its slot back');
});

/** An API whose search answers are held until the test lets them go (`release`), counting what reached it. */
async function heldApi() {
  const held: { url: string; res: http.ServerResponse }[] = [];
  const asked = { count: 0 };
  const api = http.createServer((req, res) => {
    asked.count++;
    const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page'));
    if (page > 100000) {
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 400, msg: '页码超出范围' }));
      return;
    }
    held.push({ url: req.url ?? '', res });
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', () => r()));
  const { port } = api.address() as AddressInfo;
  const release = () => {
    for (const { res } of held.splice(0)) res.writeHead(200, { 'content-type': 'application/json' }).end('{"total":3}');
  };
  return { origin: `http://127.0.0.1:${port}`, held, asked, release, close: () => (api.closeAllConnections(), api.close()) };
}

/** Until the API has been asked `n` times (each render asks once). */
async function untilAsked(held: unknown[], n: number) {
  await until(() => held.length >= n, `the API asked ${n} times`);
  assert.equal(held.length, n);
}

test('[issue 44.4] six searches at once from one address hold only its share of the renders; another visitor is still rendered, and the turned-away ones get the app page (503)', async () => {
  const api = await heldApi();
  const pages = searchPages(configFor(api.origin), { timeoutMs: 20_000, concurrency: 4, perVisitor: 2 }, quiet);
  try {
    const loop = ['风险', '配电网', '故障', '预警', '平台', '诊断'].map((t) => pages.answer(text(t), '203.0.113.7'));
    await untilAsked(api.held, 2);
    const turned = await Promise.all(loop.slice(2));
    for (const away of turned) {
      assert.equal(away.status, 503);
      assert.equal(away.headers['retry-after'], '2');
      assert.equal(away.headers['cache-control'], 'no-store');
      // The app's own page: it starts and searches through the API; without JavaScript the notice says why.
      assert.ok(away.body.includes('<div id="root"></div><script src="/main.js"></script>'));
      assert.ok(away.body.includes(`<noscript><p role="alert">${SEARCH_BUSY}</p></noscript>`));
      assert.ok(!away.body.includes('请启用 JavaScript'));
    }
    assert.equal(pages.running(), 2);

    const other = pages.answer(text('智能'), '198.51.100.9');
    await untilAsked(api.held, 3);
    api.release();
    const answers = await Promise.all([...loop.slice(0, 2), other]);
    assert.deepEqual(
      answers.map((a) => a.status),
      [200, 200, 200],
    );
    assert.ok(answers[2].body.includes('<p>3</p>'));
  } finally {
    api.close();
  }
});

test('[issue 44.4] the same search asked again while it renders is answered by that one render', async () => {
  const api = await heldApi();
  const pages = searchPages(configFor(api.origin), { timeoutMs: 20_000, concurrency: 4, perVisitor: 1 }, quiet);
  try {
    const first = pages.answer(text('配电网'), '203.0.113.7');
    await untilAsked(api.held, 1);
    const again = [pages.answer(text('配电网'), '203.0.113.7'), pages.answer(text('配电网'), '198.51.100.9')];
    assert.equal(pages.running(), 1);
    api.release();
    const all = await Promise.all([first, ...again]);
    assert.equal(api.asked.count, 1, 'one render asked the API once for all three');
    assert.deepEqual(
      all.map((a) => a.status),
      [200, 200, 200],
    );
    assert.equal(all[1].body, all[0].body);
  } finally {
    api.close();
  }
});

test("[issue 44.4] undecodable escapes, control characters and a page the API refuses are the visitor's error: 400 with a Chinese page, nothing logged", async () => {
  const api = await heldApi();
  const logged: string[] = [];
  const log = { error: (line: string) => void logged.push(line) } as unknown as Console;
  const pages = searchPages(configFor(api.origin), { timeoutMs: 20_000, concurrency: 2, perVisitor: 1 }, log);
  try {
    for (const url of ['/search?text=%ff%fe%00', '/search?text=%E9%85%8D%00', '/search?text=a%0Ab', '/search?text=%zz']) {
      const answer = await pages.answer(url, '203.0.113.7');
      assert.equal(answer.status, 400, url);
      assert.ok(answer.body.includes(SEARCH_BAD_REQUEST));
      assert.equal(answer.headers['cache-control'], 'no-store');
    }
    assert.equal(api.asked.count, 0, 'nothing malformed reached the API');
    const absurd = await pages.answer(`/search?${new URLSearchParams({ text: '配电', page: '99999999999' })}`, '203.0.113.7');
    assert.equal(absurd.status, 400);
    assert.ok(absurd.body.includes(SEARCH_BAD_REQUEST));
    assert.deepEqual(logged, []);
    assert.equal(pages.running(), 0);
  } finally {
    api.close();
  }
});
