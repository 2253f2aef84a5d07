/**
 * The feed's HTTP side (src/feed-api.ts) against a stand-in API on loopback: the holder's turn is one request to
 * `/internal/render/poll` naming its grant; an API instance from before the poll (404) is asked the old way, the lease
 * then the changes, and a lease it hands out under another grant counts as refused.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RenderLease } from '@site/contract';
import { httpFeedApi, renderReadsOrigin } from '../src/feed-api';

const SECRET = 'feed-api-test';

/** A stand-in API answering `answer(method, url, body)`; every request recorded. */
async function standIn(answer: (method: string, url: string, body: unknown) => { status: number; json: unknown }) {
  const seen: { method: string; url: string; body: unknown; token: string | undefined }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d: Buffer) => (raw += d.toString()));
    req.on('end', () => {
      const body = raw ? (JSON.parse(raw) as unknown) : undefined;
      seen.push({ method: req.method!, url: req.url!, body, token: req.headers['x-render-token'] as string | undefined });
      const a = answer(req.method!, req.url!, body);
      res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.json));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close: () => new Promise((r) => server.close(r)) };
}

const lease = (token: number, holder = 'r1'): RenderLease => ({ holder, expiresAt: new Date(Date.now() + 3000).toISOString(), leaseMs: 3000, token });
const entry = { id: 4, change: { kind: 'site' as const }, createdAt: new Date().toISOString() };

test('[issue 45.4] a turn is one POST /internal/render/poll with the holder, its grant and the wait; 409 is a refusal, not an error', async () => {
  let refuse = false;
  const api = await standIn(() =>
    refuse
      ? { status: 409, json: { held: false, lease: lease(8, 'other'), changes: [], more: false } }
      : { status: 200, json: { held: true, lease: lease(7), changes: [entry], more: false } },
  );
  try {
    const feed = httpFeedApi(api.origin, SECRET);
    const got = await feed.poll('r1', 7, 1, new AbortController().signal);
    assert.deepEqual(got.changes, [entry]);
    assert.equal(got.held, true);
    assert.deepEqual(
      api.seen.map(({ method, url, body, token }) => ({ method, url, body, token })),
      [{ method: 'POST', url: '/internal/render/poll', body: { holder: 'r1', token: 7, wait: 1 }, token: SECRET }],
    );
    // The first turn names no grant (it has none yet).
    await feed.poll('r1', 0, 0, new AbortController().signal);
    assert.deepEqual(api.seen[1].body, { holder: 'r1', wait: 0 });
    refuse = true;
    const refused = await feed.poll('r1', 7, 1, new AbortController().signal);
    assert.equal(refused.held, false);
    assert.equal(refused.lease.holder, 'other');
    // A renewal during a run names its grant too.
    assert.equal((await feed.lease('r1', 7)).held, false);
    assert.deepEqual(api.seen[3].body, { holder: 'r1', token: 7 });
  } finally {
    await api.close();
  }
});

test('[issue 45.4] an API instance from before the poll (404): the lease then the changes; a lease under another grant than the one renewed is a refusal', async () => {
  let grant = 7;
  const api = await standIn((method, url) => {
    if (url === '/internal/render/poll') return { status: 404, json: { code: 404, msg: 'Route not found' } };
    if (url === '/internal/render/lease') return { status: 200, json: lease(grant) };
    return { status: 200, json: { changes: [entry], more: false } };
  });
  try {
    const feed = httpFeedApi(api.origin, SECRET);
    const got = await feed.poll('r1', 7, 1, new AbortController().signal);
    assert.equal(got.held, true);
    assert.deepEqual(got.changes, [entry]);
    assert.deepEqual(
      api.seen.map((s) => s.url),
      ['/internal/render/poll', '/internal/render/lease', '/internal/render/changes?after=0&wait=1'],
    );
    // The old API re-grants a lapsed holder: a new token, so whatever this renderer did under 7 is over.
    grant = 9;
    const lapsed = await feed.poll('r1', 7, 1, new AbortController().signal);
    assert.equal(lapsed.held, false);
    assert.deepEqual(lapsed.changes, []);
    assert.equal(api.seen.length, 5, 'no changes read under a lost grant');
  } finally {
    await api.close();
  }
});

test("[issue 43.3] a run's page reads go under the API's renderer path (/internal/render/reads), or to the API itself when it has none (404: an API from before it)", async () => {
  let served = true;
  const api = await standIn((_method, url) =>
    served || !url.startsWith('/internal/render/reads/')
      ? { status: 200, json: [{ title: '公司' }] }
      : { status: 404, json: { code: 404, msg: '资源不存在' } },
  );
  try {
    assert.equal(await renderReadsOrigin(api.origin), `${api.origin}/internal/render/reads`);
    assert.equal(await renderReadsOrigin(`${api.origin}/`), `${api.origin}/internal/render/reads`);
    served = false;
    assert.equal(await renderReadsOrigin(api.origin), api.origin);
    assert.deepEqual(
      api.seen.map((s) => `${s.method} ${s.url} ${s.token ?? 'no token'}`),
      Array(3).fill('GET /internal/render/reads/api/company no token'),
    );
  } finally {
    await api.close();
  }
  // No answer at all (the API away): its path is taken (nothing tells of an older API; the run's reads fail either way).
  assert.equal(await renderReadsOrigin(api.origin), `${api.origin}/internal/render/reads`);
});
