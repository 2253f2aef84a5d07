/**
 * The render hook (issue 17): after a committed write to what visitors see, the server POSTs the changes to the page
 * renderer (SITE_RENDER_HOOK_URL, optional SITE_RENDER_HOOK_TOKEN as x-render-token) in one batch, each change once;
 * a failing renderer never fails the write; with no URL nothing is sent. The hook target is a real HTTP server on an
 * ephemeral port, and every wait is on a request it received.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import {
  BLOCK_IDS,
  CHANNEL_IDS,
  STALE_WRITE_MSG,
  type BlockItemAdmin,
  type ChannelAdmin,
  type ContentChange,
  type ContentChangeBatch,
} from '@site/contract';
import { buildServer } from '../src/app.js';
import { RenderHook, renderHookUrl } from '../src/lib/render-hook.js';
import { login, req, startTestServer, type TestServer } from './helpers.js';

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: ContentChangeBatch;
}

/** The page renderer's stand-in: records each POST; `answer` decides when and how it is answered. */
class HookTarget {
  received: Received[] = [];
  /** Set to hold the answers (a renderer that is slow to answer); the default answers 204 at once. */
  answer: (res: http.ServerResponse) => void = (res) => res.writeHead(204).end();
  private waiters: { test: (r: Received) => boolean; from: number; resolve: (r: Received) => void }[] = [];
  private server = http.createServer((rq, res) => {
    let raw = '';
    rq.setEncoding('utf8');
    rq.on('data', (d: string) => (raw += d));
    rq.on('end', () => {
      const r: Received = { method: rq.method ?? '', url: rq.url ?? '', headers: rq.headers, body: JSON.parse(raw) as ContentChangeBatch };
      const index = this.received.push(r) - 1;
      this.waiters = this.waiters.filter((w) => {
        if (index < w.from || !w.test(r)) return true;
        w.resolve(r);
        return false;
      });
      this.answer(res);
    });
  });
  url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/invalidate`;
    return this;
  }
  async stop() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
  /** Resolves with the first batch received from index `from` on that holds a change matching `match`. */
  waitFor(match: (c: ContentChange) => boolean, from = 0, what = 'the expected change'): Promise<Received> {
    const test = (r: Received) => r.body.changes.some(match);
    const seen = this.received.slice(from).find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise<Received>((resolve, reject) => {
      // A guard, not a wait: a change that never comes fails the test with a message instead of hanging it.
      const guard = setTimeout(() => reject(new Error(`the hook never received ${what}; got ${JSON.stringify(this.received.slice(from))}`)), 15_000);
      this.waiters.push({
        test,
        from,
        resolve: (r) => {
          clearTimeout(guard);
          resolve(r);
        },
      });
    });
  }
  /** Every change received from index `from` on. */
  since(from: number): ContentChange[] {
    return this.received.slice(from).flatMap((r) => r.body.changes);
  }
}

/** A port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const srv = http.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as AddressInfo;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

const TOKEN = 'render-secret-17';
const NEWS = CHANNEL_IDS.news;
const isArticle = (id: number, channelId?: number) => (c: ContentChange) =>
  c.kind === 'article' && c.id === id && (channelId === undefined || c.channelId === channelId);
const articleForm = (over: Record<string, unknown> = {}) => ({
  channelId: NEWS,
  title: `渲染通知测试 ${Math.random().toString(36).slice(2, 8)}`,
  text: '<p>正文</p>',
  status: 0,
  ...over,
});

let hook: HookTarget;
let s: TestServer;
let admin: string;
before(async () => {
  hook = await new HookTarget().start();
  // Configured as an operator would: through the environment.
  process.env.SITE_RENDER_HOOK_URL = hook.url;
  process.env.SITE_RENDER_HOOK_TOKEN = TOKEN;
  try {
    s = await startTestServer();
  } finally {
    delete process.env.SITE_RENDER_HOOK_URL;
    delete process.env.SITE_RENDER_HOOK_TOKEN;
  }
  admin = await login(s.app, 'admin', 'admin123');
});
after(async () => {
  await s?.close();
  await hook?.stop();
});

const call = (o: Parameters<typeof req>[1]) => req(s.app, { token: admin, ...o });

describe('render hook', () => {
  test('[ISSUE-17] creating an article POSTs {changes:[{kind:"article", id, channelId}]} as JSON with x-render-token, without delaying the answer', async () => {
    assert.equal(s.app.ctx.config.renderHook.url, hook.url);
    const from = hook.received.length;
    // The renderer is slow to answer: the write's answer does not wait for it.
    const held: http.ServerResponse[] = [];
    hook.answer = (res) => held.push(res);
    try {
      const created = await call({ method: 'POST', url: '/system/article', payload: articleForm() });
      assert.equal(created.body.code, 200, JSON.stringify(created.body));
      const a = created.body.data as { id: number; channelId: number };
      const got = await hook.waitFor(isArticle(a.id), from, `article ${a.id}`);
      assert.equal(got.method, 'POST');
      assert.equal(got.url, '/invalidate');
      assert.match(String(got.headers['content-type']), /^application\/json/);
      assert.equal(got.headers['x-render-token'], TOKEN);
      assert.deepEqual(Object.keys(got.body), ['changes']);
      assert.deepEqual(
        got.body.changes.filter((c) => c.kind === 'article' && c.id === a.id),
        [{ kind: 'article', id: a.id, channelId: NEWS }],
      );
    } finally {
      hook.answer = (res) => res.writeHead(204).end();
      for (const res of held) res.writeHead(204).end();
    }
  });

  test('[ISSUE-17] an article moved to another channel names both channels; publishing and deleting name its channel', async () => {
    const a = (await call({ method: 'POST', url: '/system/article', payload: articleForm() })).body.data as { id: number; version: number };
    await hook.waitFor(isArticle(a.id), 0, `article ${a.id} created`);

    let from = hook.received.length;
    const moved = await call({
      method: 'PUT',
      url: `/system/article/${a.id}`,
      payload: articleForm({ channelId: CHANNEL_IDS.solution, version: a.version }),
    });
    assert.equal(moved.body.code, 200, JSON.stringify(moved.body));
    await hook.waitFor(isArticle(a.id, NEWS), from, 'the old channel');
    await hook.waitFor(isArticle(a.id, CHANNEL_IDS.solution), from, 'the new channel');

    from = hook.received.length;
    const published = await call({ method: 'PUT', url: `/system/article/${a.id}/status`, payload: { status: 0, version: moved.body.data.version } });
    assert.equal(published.body.code, 200, JSON.stringify(published.body));
    await hook.waitFor(isArticle(a.id, CHANNEL_IDS.solution), from, 'the publish');

    from = hook.received.length;
    assert.equal((await call({ method: 'DELETE', url: `/system/article/${a.id}` })).body.code, 200);
    await hook.waitFor(isArticle(a.id, CHANNEL_IDS.solution), from, 'the delete');
  });

  test('[ISSUE-17] a refused write (stale version) notifies nothing: only committed writes are sent', async () => {
    const a = (await call({ method: 'POST', url: '/system/article', payload: articleForm() })).body.data as { id: number };
    const b = (await call({ method: 'POST', url: '/system/article', payload: articleForm() })).body.data as { id: number };
    await hook.waitFor(isArticle(b.id), 0, `article ${b.id} created`);
    const from = hook.received.length;
    const stale = await call({ method: 'PUT', url: `/system/article/${a.id}`, payload: articleForm({ version: 99 }) });
    assert.equal(stale.status, 409);
    assert.equal(stale.body.msg, STALE_WRITE_MSG);
    // A later committed write: a change queued by the refused one would be in this batch or an earlier one.
    const ok = await call({ method: 'PUT', url: `/system/article/${b.id}/status`, payload: { status: 2, version: 1 } });
    assert.equal(ok.body.code, 200, JSON.stringify(ok.body));
    await hook.waitFor(isArticle(b.id), from, `article ${b.id} withdrawn`);
    assert.ok(!hook.since(from).some(isArticle(a.id)), `the refused write was not sent: ${JSON.stringify(hook.since(from))}`);
  });

  test('[ISSUE-17] editing a channel POSTs {kind:"channel", id}', async () => {
    const ch = (await call({ method: 'GET', url: `/system/channel/${CHANNEL_IDS.about}` })).body.data as ChannelAdmin;
    const from = hook.received.length;
    const r = await call({ method: 'PUT', url: `/system/channel/${ch.id}`, payload: { nav: !ch.nav, version: ch.version } });
    assert.equal(r.body.code, 200, JSON.stringify(r.body));
    const got = await hook.waitFor((c) => c.kind === 'channel' && c.id === ch.id, from, `channel ${ch.id}`);
    assert.deepEqual(
      got.body.changes.filter((c) => c.kind === 'channel'),
      [{ kind: 'channel', id: ch.id }],
    );
  });

  test('[ISSUE-17] changing a block item POSTs {kind:"block", blockId}; adding, disabling and deleting one too', async () => {
    const isBlock = (blockId: number) => (c: ContentChange) => c.kind === 'block' && c.blockId === blockId;
    const [item] = (await call({ method: 'GET', url: `/system/block/${BLOCK_IDS.copyright}/items` })).body.rows as BlockItemAdmin[];
    let from = hook.received.length;
    const r = await call({ method: 'PUT', url: `/system/block-item/${item.id}`, payload: { title: '版权所有（测试）', version: item.version } });
    assert.equal(r.body.code, 200, JSON.stringify(r.body));
    const got = await hook.waitFor(isBlock(BLOCK_IDS.copyright), from, 'the copyright block');
    assert.deepEqual(
      got.body.changes.filter((c) => c.kind === 'block'),
      [{ kind: 'block', blockId: BLOCK_IDS.copyright }],
    );

    from = hook.received.length;
    const added = await call({ method: 'POST', url: '/system/block-item', payload: { blockId: BLOCK_IDS.news, title: '测试链接' } });
    assert.equal(added.body.code, 200, JSON.stringify(added.body));
    await hook.waitFor(isBlock(BLOCK_IDS.news), from, 'the added item');

    const fresh = (await call({ method: 'GET', url: `/system/block-item/${added.body.data.id}` })).body.data as BlockItemAdmin;
    from = hook.received.length;
    const disabled = await call({ method: 'PUT', url: `/system/block-item/${fresh.id}`, payload: { enabled: false, version: fresh.version } });
    assert.equal(disabled.body.code, 200, JSON.stringify(disabled.body));
    await hook.waitFor(isBlock(BLOCK_IDS.news), from, 'the disabled item');

    from = hook.received.length;
    assert.equal((await call({ method: 'DELETE', url: `/system/block-item/${added.body.data.id}` })).body.code, 200);
    await hook.waitFor(isBlock(BLOCK_IDS.news), from, 'the deleted item');
  });

  test('[ISSUE-17] the changes of one batch are each sent once', async () => {
    const target = await new HookTarget().start();
    try {
      const warnings: string[] = [];
      const rh = new RenderHook(target.url, '', (m) => warnings.push(m));
      rh.push([{ kind: 'block', blockId: 3 }, { kind: 'channel', id: 2 }, { kind: 'site' }]);
      rh.push([{ kind: 'block', blockId: 3 }, { kind: 'site' }, { kind: 'article', id: 9, channelId: 12 }, { kind: 'channel', id: 2 }]);
      const got = await target.waitFor((c) => c.kind === 'site', 0, 'the batch');
      assert.deepEqual(got.body.changes, [
        { kind: 'block', blockId: 3 },
        { kind: 'channel', id: 2 },
        { kind: 'site' },
        { kind: 'article', id: 9, channelId: 12 },
      ]);
      assert.equal(target.received.length, 1, 'one POST');
      assert.equal(got.headers['x-render-token'], undefined, 'no token configured, no header');
      await rh.close();
      assert.deepEqual(warnings, []);
    } finally {
      await target.stop();
    }
  });

  test('[ISSUE-17] a renderer that is down, answers an error or does not answer never fails a write; each failed batch is logged once', async () => {
    const port = await closedPort();
    const down = await startTestServer({ renderHookUrl: `http://127.0.0.1:${port}/invalidate` });
    try {
      const token = await login(down.app, 'admin', 'admin123');
      const r = await req(down.app, { method: 'POST', url: '/system/article', token, payload: articleForm() });
      assert.equal(r.body.code, 200, JSON.stringify(r.body));
      const [item] = (await req(down.app, { method: 'GET', url: `/system/block/${BLOCK_IDS.copyright}/items`, token })).body.rows as BlockItemAdmin[];
      const b = await req(down.app, {
        method: 'PUT',
        url: `/system/block-item/${item.id}`,
        token,
        payload: { title: '版权', version: item.version },
      });
      assert.equal(b.body.code, 200, JSON.stringify(b.body));
      // The queued batch goes out now and fails; that resolves, it does not reject.
      await down.app.ctx.renderHook.flush();
    } finally {
      await down.close();
    }

    // The same failures, one by one, with the warnings seen.
    const warnings: string[] = [];
    const refused = new RenderHook(`http://127.0.0.1:${port}/invalidate?key=secret`, '', (m) => warnings.push(m));
    refused.push([{ kind: 'site' }, { kind: 'channel', id: 1 }]);
    await refused.flush();
    assert.equal(warnings.length, 1, warnings.join('\n'));
    assert.match(warnings[0], /render hook failed, dropped: 2 change\(s\) to http:\/\/127\.0\.0\.1:\d+\/invalidate: /);
    assert.doesNotMatch(warnings[0], /secret/);

    const target = await new HookTarget().start();
    try {
      target.answer = (res) => res.writeHead(500).end('boom');
      const failing = new RenderHook(target.url, '', (m) => warnings.push(m));
      failing.push([{ kind: 'site' }]);
      await failing.flush();
      assert.equal(warnings.length, 2);
      assert.match(warnings[1], /HTTP 500/);

      // No answer at all: given up after the timeout (200 ms here, 3 s in the server).
      target.answer = () => undefined;
      const silent = new RenderHook(target.url, '', (m) => warnings.push(m), 10, 200);
      silent.push([{ kind: 'site' }]);
      await silent.flush();
      assert.equal(warnings.length, 3);
      assert.match(warnings[2], /no answer within 200 ms/);
    } finally {
      await target.stop();
    }
  });

  test('[ISSUE-17] with no SITE_RENDER_HOOK_URL nothing is queued or sent', async () => {
    assert.equal(process.env.SITE_RENDER_HOOK_URL, undefined);
    const off = await startTestServer();
    const realFetch = globalThis.fetch;
    const fetched: string[] = [];
    globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
      fetched.push(String(input));
      return realFetch(input, init);
    }) as typeof fetch;
    try {
      assert.equal(off.app.ctx.config.renderHook.url, '');
      assert.equal(off.app.ctx.renderHook.enabled, false);
      const from = hook.received.length;
      const token = await login(off.app, 'admin', 'admin123');
      const r = await req(off.app, { method: 'POST', url: '/system/article', token, payload: articleForm() });
      assert.equal(r.body.code, 200, JSON.stringify(r.body));
      const ch = (await req(off.app, { method: 'GET', url: `/system/channel/${CHANNEL_IDS.about}`, token })).body.data as ChannelAdmin;
      assert.equal(
        (await req(off.app, { method: 'PUT', url: `/system/channel/${ch.id}`, token, payload: { name: ch.name, version: ch.version } })).body.code,
        200,
      );
      // Whatever was queued would go out now.
      await off.app.ctx.renderHook.flush();
      assert.deepEqual(fetched, []);
      assert.deepEqual(hook.since(from), []);
    } finally {
      globalThis.fetch = realFetch;
      await off.close();
    }
  });

  test('[ISSUE-17] an address that is not http(s) stops the start with a clear error; a blank one is off', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-render-hook-'));
    try {
      await assert.rejects(
        buildServer({ logger: false, dataDir, databaseUrl: '', renderHookUrl: 'ftp://127.0.0.1/invalidate' }),
        /SITE_RENDER_HOOK_URL must be an http\(s\) address/,
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    assert.throws(() => renderHookUrl('not a url'), /SITE_RENDER_HOOK_URL is not a URL/);
    assert.equal(renderHookUrl('  '), '');
    assert.equal(renderHookUrl(undefined), '');
    assert.equal(renderHookUrl(' http://127.0.0.1:18090/invalidate '), 'http://127.0.0.1:18090/invalidate');
  });
});
