/**
 * The render feed (issue 26): a write to what visitors see records its changes in render_outbox in its own
 * transaction; the page renderer reads them through /internal/render/* (x-render-token) while it holds the lease, and
 * deletes them once rendered. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (run-pg.sh): the long poll
 * wakes by the database's NOTIFY on both.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import {
  BLOCK_IDS,
  CHANNEL_IDS,
  RENDER_READS_PATH,
  STALE_WRITE_MSG,
  type BlockItemAdmin,
  type ChannelAdmin,
  type RenderChanges,
  type RenderLease,
  type RenderPoll,
} from '@site/contract';
import type { FastifyInstance } from 'fastify';
import { buildServer, logFormat, prettyLogLine, renderLeaseMs } from '../src/app.js';
import { RENDER_READ_TURNS, Turns } from '../src/lib/render-reads.js';
import { rows } from '../src/db/index.js';
import { sql } from 'drizzle-orm';
import { login, req, startTestServer, suiteServer } from './helpers.js';

const TOKEN = 'render-secret-26';
/**
 * A held poll waits at most a third of the lease: 2 s here, time enough for a write on a busy machine (with 1 s, an
 * article's save under load 16 missed the 333 ms and the poll answered empty). A lapse is made with `lapse()`.
 */
const LEASE_MS = 6000;
const NEWS = CHANNEL_IDS.news;
const articleForm = (over: Record<string, unknown> = {}) => ({
  channelId: NEWS,
  title: `渲染变更测试 ${Math.random().toString(36).slice(2, 8)}`,
  text: '<p>正文</p>',
  status: 0,
  ...over,
});

// Configured as an operator would: through the environment.
const s = suiteServer({ signIn: ['admin'], env: { SITE_RENDER_HOOK_TOKEN: TOKEN, SITE_RENDER_LEASE_MS: String(LEASE_MS) } });

const call = (o: Parameters<typeof req>[1]) => req(s.app, { token: s.token.admin, ...o });
const internal = (o: Parameters<typeof req>[1]) => req(s.app, { ...o, headers: { 'x-render-token': TOKEN, ...(o.headers ?? {}) } });
const lease = async (holder: string) => {
  const r = await internal({ method: 'POST', url: '/internal/render/lease', payload: { holder } });
  if (r.status === 200) leaseTokens.set(holder, (r.body as RenderLease).token);
  return r;
};
/** Ends the lease now, as if its holder had been starved past it (by the database's clock, as the API reads it). */
const lapse = () => s.app.ctx.db.execute(sql`UPDATE render_lease SET expires_at = now() - interval '1 second'`);
const release = (holder: string) => internal({ method: 'POST', url: '/internal/render/release', payload: { holder } });
const ack = (holder: string, ids: number[], token?: number) =>
  internal({ method: 'POST', url: '/internal/render/ack', payload: { holder, ids, token: token ?? leaseTokens.get(holder) ?? 1 } });
/** The token of each holder's last grant (lease() keeps it): acknowledgements carry it as the renderer's do. */
const leaseTokens = new Map<string, number>();
const changes = async (after = 0, wait = 0): Promise<RenderChanges> => {
  const r = await internal({ method: 'GET', url: `/internal/render/changes?after=${after}&wait=${wait}` });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body as RenderChanges;
};
/** The holder's turn (POST /internal/render/poll) on `app` (the suite's server unless named). */
const poll = (body: { holder: string; token?: number; wait?: number; after?: number }, app: FastifyInstance = s.app) =>
  req(app, { method: 'POST', url: '/internal/render/poll', payload: body, headers: { 'x-render-token': TOKEN } }) as Promise<{
    status: number;
    body: RenderPoll & { msg?: string };
  }>;
const sleep = (ms: number) => new Promise<'still waiting'>((r) => setTimeout(() => r('still waiting'), ms));
/** The id of the newest outbox row (0 for none): what a test's own writes come after. */
const lastId = async () => (await changes()).changes.at(-1)?.id ?? 0;
const outboxCount = async () => Number((await rows<{ n: number }>(s.app.ctx.db, sql`SELECT count(*)::int AS n FROM render_outbox`))[0].n);
/** Waits (bounded, so a bug fails the test instead of hanging it) until `check` holds. */
async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`never happened: ${what}`);
}

describe('render feed', () => {
  test('[ISSUE-26] the internal routes need x-render-token (403 without it or with a wrong one) and are not under a proxied path', async () => {
    for (const [method, url] of [
      ['POST', '/internal/render/lease'],
      ['POST', '/internal/render/poll'],
      ['POST', '/internal/render/release'],
      ['GET', '/internal/render/changes'],
      ['POST', '/internal/render/ack'],
    ] as const) {
      const none = await req(s.app, { method, url, payload: method === 'POST' ? { holder: 'x', ids: [] } : undefined });
      assert.equal(none.status, 403, `${url} without the token`);
      assert.deepEqual(none.body, { code: 403, msg: '无权访问' });
      const wrong = await req(s.app, {
        method,
        url,
        headers: { 'x-render-token': `${TOKEN}x` },
        payload: method === 'POST' ? { holder: 'x', ids: [] } : undefined,
      });
      assert.equal(wrong.status, 403, `${url} with a wrong token`);
    }
    // The host origin proxies only its API paths to the server: /internal is not one of them.
    const { isApiPath } = createRequire(import.meta.url)('../../../shared/build-config/site.cjs') as { isApiPath: (p: string) => boolean };
    assert.equal(isApiPath('/internal/render/lease'), false);
    assert.equal(isApiPath('/system/article'), true);
  });

  test('[ISSUE-26] each write to what visitors see records its changes: articles (a move names both channels), channels, blocks', async () => {
    let from = await lastId();
    const created = await call({ method: 'POST', url: '/system/article', payload: articleForm() });
    assert.equal(created.body.code, 200, JSON.stringify(created.body));
    const a = created.body.data as { id: number; version: number };
    assert.deepEqual(
      (await changes(from)).changes.map((c) => c.change),
      [{ kind: 'article', id: a.id, channelId: NEWS }],
    );

    from = await lastId();
    const moved = await call({
      method: 'PUT',
      url: `/system/article/${a.id}`,
      payload: articleForm({ channelId: CHANNEL_IDS.solution, version: a.version }),
    });
    assert.equal(moved.body.code, 200, JSON.stringify(moved.body));
    assert.deepEqual(
      (await changes(from)).changes.map((c) => c.change),
      [
        { kind: 'article', id: a.id, channelId: NEWS },
        { kind: 'article', id: a.id, channelId: CHANNEL_IDS.solution },
      ],
    );

    from = await lastId();
    const withdrawn = await call({ method: 'PUT', url: `/system/article/${a.id}/status`, payload: { status: 2, version: moved.body.data.version } });
    assert.equal(withdrawn.body.code, 200, JSON.stringify(withdrawn.body));
    assert.equal(((await call({ method: 'DELETE', url: `/system/article/${a.id}` })).body as { code: number }).code, 200);
    assert.deepEqual(
      (await changes(from)).changes.map((c) => c.change),
      [
        { kind: 'article', id: a.id, channelId: CHANNEL_IDS.solution },
        { kind: 'article', id: a.id, channelId: CHANNEL_IDS.solution },
      ],
    );

    from = await lastId();
    const ch = (await call({ method: 'GET', url: `/system/channel/${CHANNEL_IDS.about}` })).body.data as ChannelAdmin;
    assert.equal((await call({ method: 'PUT', url: `/system/channel/${ch.id}`, payload: { nav: !ch.nav, version: ch.version } })).body.code, 200);
    assert.deepEqual(
      (await changes(from)).changes.map((c) => c.change),
      [{ kind: 'channel', id: ch.id }],
    );

    from = await lastId();
    const [item] = (await call({ method: 'GET', url: `/system/block/${BLOCK_IDS.copyright}/items` })).body.rows as BlockItemAdmin[];
    assert.equal(
      (await call({ method: 'PUT', url: `/system/block-item/${item.id}`, payload: { title: '版权所有（测试）', version: item.version } })).body.code,
      200,
    );
    const added = await call({ method: 'POST', url: '/system/block-item', payload: { blockId: BLOCK_IDS.news, title: '测试链接' } });
    assert.equal(added.body.code, 200, JSON.stringify(added.body));
    assert.equal((await call({ method: 'DELETE', url: `/system/block-item/${added.body.data.id}` })).body.code, 200);
    const got = (await changes(from)).changes;
    assert.deepEqual(
      got.map((c) => c.change),
      [
        { kind: 'block', blockId: BLOCK_IDS.copyright },
        { kind: 'block', blockId: BLOCK_IDS.news },
        { kind: 'block', blockId: BLOCK_IDS.news },
      ],
    );
    // In commit order, each with when it was written.
    assert.deepEqual(
      got.map((c) => c.id),
      [...got.map((c) => c.id)].sort((x, y) => x - y),
    );
    assert.ok(got.every((c) => !Number.isNaN(Date.parse(c.createdAt))));
  });

  test('[ISSUE-26] a write that fails records nothing: a refused one, and one that fails at commit after its row was inserted', async () => {
    const a = (await call({ method: 'POST', url: '/system/article', payload: articleForm() })).body.data as { id: number };
    const from = await lastId();
    const before = await outboxCount();
    const stale = await call({ method: 'PUT', url: `/system/article/${a.id}`, payload: articleForm({ version: 99 }) });
    assert.equal(stale.status, 409);
    assert.equal(stale.body.msg, STALE_WRITE_MSG);

    // A check the database makes only at commit, after the route has inserted its outbox row in the transaction.
    await s.app.ctx.database.execScript(`
      CREATE FUNCTION test_refuse_marked() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.title LIKE '%提交时失败%' THEN RAISE EXCEPTION 'refused at commit'; END IF;
        RETURN NEW;
      END $$;
      CREATE CONSTRAINT TRIGGER test_refuse_marked AFTER INSERT ON article DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW EXECUTE FUNCTION test_refuse_marked();`);
    try {
      const title = `提交时失败 ${Date.now()}`;
      const failed = await call({ method: 'POST', url: '/system/article', payload: articleForm({ title }) });
      assert.equal(failed.status, 500, JSON.stringify(failed.body));
      const [{ n }] = await rows<{ n: number }>(s.app.ctx.db, sql`SELECT count(*)::int AS n FROM article WHERE title = ${title}`);
      assert.equal(Number(n), 0, 'the article was not written');
    } finally {
      await s.app.ctx.database.execScript('DROP TRIGGER test_refuse_marked ON article; DROP FUNCTION test_refuse_marked();');
    }
    assert.deepEqual((await changes(from)).changes, []);
    assert.equal(await outboxCount(), before);
  });

  test('[ISSUE-26] one renderer holds the lease: a second gets 409 naming the holder, and takes over once it lapses', async () => {
    await release('renderer-a');
    await release('renderer-b');
    // Asked for at once by several: exactly one gets it.
    const race = await Promise.all(['r1', 'r2', 'r3', 'r4'].map((h) => lease(h)));
    assert.deepEqual(race.map((r) => r.status).sort(), [200, 409, 409, 409]);
    const winner = (race.find((r) => r.status === 200)!.body as RenderLease).holder;
    assert.ok(race.every((r) => (r.body as RenderLease).holder === winner));
    assert.equal((await release(winner)).body.released, true);

    const a = await lease('renderer-a');
    assert.equal(a.status, 200);
    const held = a.body as RenderLease;
    assert.equal(held.holder, 'renderer-a');
    assert.equal(held.leaseMs, LEASE_MS);
    const b = await lease('renderer-b');
    assert.equal(b.status, 409);
    assert.deepEqual(b.body, held);
    // The holder renews.
    const renewed = await lease('renderer-a');
    assert.equal(renewed.status, 200);
    assert.ok(Date.parse((renewed.body as RenderLease).expiresAt) >= Date.parse(held.expiresAt));
    // A release by another is a no-op.
    assert.equal((await release('renderer-b')).body.released, false);

    // renderer-a stops renewing (killed): renderer-b, retrying as the standby does, is refused while the lease runs
    // and gets it once it has lapsed (by the database's clock).
    assert.equal((await lease('renderer-b')).status, 409, 'refused while the lease ran');
    await lapse();
    assert.equal((await lease('renderer-b')).status, 200, 'renderer-b takes the lapsed lease');
    const back = await lease('renderer-a');
    assert.equal(back.status, 409);
    assert.equal((back.body as RenderLease).holder, 'renderer-b');
    assert.equal((await release('renderer-b')).body.released, true);
    assert.equal((await lease('renderer-a')).status, 200, 'a released lease is free at once');
    await release('renderer-a');
  });

  test('[ISSUE-26] only the lease holder acknowledges: its ids are deleted; another renderer gets 409 and deletes nothing', async () => {
    const from = await lastId();
    const a = (await call({ method: 'POST', url: '/system/article', payload: articleForm() })).body.data as { id: number };
    const pending = (await changes(from)).changes;
    assert.deepEqual(
      pending.map((c) => c.change),
      [{ kind: 'article', id: a.id, channelId: NEWS }],
    );
    const ids = pending.map((c) => c.id);

    assert.equal((await lease('holder-1')).status, 200);
    const refused = await ack('standby-2', ids);
    assert.equal(refused.status, 409);
    assert.deepEqual(refused.body, { code: 409, msg: '未持有渲染租约，不能确认变更' });
    assert.deepEqual(
      (await changes(from)).changes.map((c) => c.id),
      ids,
    );

    const ok = await ack('holder-1', ids);
    assert.equal(ok.status, 200);
    assert.deepEqual(ok.body, { acked: 1 });
    assert.deepEqual((await changes(from)).changes, []);
    await release('holder-1');
    // A released (or lapsed) lease acknowledges nothing either.
    assert.equal((await ack('holder-1', ids)).status, 409);
  });

  test('[issue 43.3] every grant of the lease gets a larger fencing token; a renewal keeps it; an acknowledgement with a stale token is refused (409) and deletes nothing', async () => {
    const from = await lastId();
    const a = (await call({ method: 'POST', url: '/system/article', payload: articleForm() })).body.data as { id: number };
    const ids = (await changes(from)).changes.filter((c) => c.change.kind === 'article' && c.change.id === a.id).map((c) => c.id);
    assert.equal(ids.length, 1);

    const first = (await lease('fenced-a')).body as RenderLease;
    const renewed = (await lease('fenced-a')).body as RenderLease;
    assert.equal(renewed.token, first.token, 'a renewal keeps the token');
    // fenced-a is starved past its lease; fenced-b takes it over.
    await lapse();
    const b = await lease('fenced-b');
    assert.equal(b.status, 200);
    assert.ok((b.body as RenderLease).token > first.token);
    const late = await ack('fenced-a', ids, first.token);
    assert.equal(late.status, 409);
    assert.deepEqual(late.body, { code: 409, msg: '未持有渲染租约，不能确认变更' });

    // fenced-a asks again once fenced-b's lease lapsed too: a new grant, so its old token stays refused.
    await lapse();
    const again = await lease('fenced-a');
    assert.equal(again.status, 200);
    const third = (again.body as RenderLease).token;
    assert.ok(third > (b.body as RenderLease).token, 'a lapsed lease taken again by its own holder is a new grant');
    assert.equal((await ack('fenced-a', ids, first.token)).status, 409);
    assert.equal((await ack('fenced-b', ids, (b.body as RenderLease).token)).status, 409);
    assert.deepEqual(
      (await changes(from)).changes.filter((c) => ids.includes(c.id)).map((c) => c.id),
      ids,
      'nothing deleted by the refused acknowledgements',
    );
    assert.deepEqual((await ack('fenced-a', ids, third)).body, { acked: 1 });

    // A release keeps the count going: the next grant's token is larger still.
    assert.equal((await release('fenced-a')).body.released, true);
    const next = await lease('fenced-b');
    assert.equal(next.status, 200, 'a released lease is free at once');
    assert.ok((next.body as RenderLease).token > third);
    await release('fenced-b');

    const noToken = await internal({ method: 'POST', url: '/internal/render/ack', payload: { holder: 'fenced-b', ids } });
    assert.equal(noToken.status, 400);
    assert.equal(noToken.body.msg, 'token 只能为数字');
  });

  test("[issue 45.4] POST /internal/render/poll, the holder's one request per turn: it takes the lease, then renews it under its grant (same token, later expiry) and answers at once with what is pending", async () => {
    await release('poller');
    const from = await lastId();
    const first = await poll({ holder: 'poller', wait: 0, after: from });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.held, true);
    assert.equal(first.body.lease.holder, 'poller');
    assert.equal(first.body.lease.leaseMs, LEASE_MS);
    assert.deepEqual(first.body.changes, []);
    const token = first.body.lease.token;
    const created = await call({ method: 'POST', url: '/system/article', payload: articleForm() });
    // Held for 30 s at most, but a change is pending: answered at once, and the lease renewed under the same grant.
    const second = await poll({ holder: 'poller', token, wait: 30, after: from });
    assert.equal(second.status, 200);
    assert.equal(second.body.lease.token, token);
    assert.ok(Date.parse(second.body.lease.expiresAt) >= Date.parse(first.body.lease.expiresAt));
    assert.deepEqual(
      second.body.changes.map((c) => c.change),
      [{ kind: 'article', id: created.body.data.id, channelId: NEWS }],
    );
    // A second renderer is refused, reads nothing, and learns who holds it.
    const other = await poll({ holder: 'poller-2', wait: 0, after: from });
    assert.equal(other.status, 409);
    assert.deepEqual({ ...other.body, lease: other.body.lease.holder }, { held: false, lease: 'poller', changes: [], more: false });
    const bad = await poll({ holder: 'poller', token: -1 });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.msg, 'token 不能小于0');
    await release('poller');
  });

  test('[issue 45.4] a poll waits for the next write and answers with it; with nothing new it answers empty within a third of the lease, however long it asked to wait', async () => {
    await release('poller');
    const from = await lastId();
    const token = (await poll({ holder: 'poller' })).body.lease.token;
    // Nothing comes: 30 s asked, answered at a third of the 6 s lease (bounded here by 10 s so a bug fails, not hangs).
    const quiet = await Promise.race([poll({ holder: 'poller', token, wait: 30, after: from }), sleep(10_000)]);
    assert.notEqual(quiet, 'still waiting', 'the poll was held past a third of the lease');
    assert.equal(typeof quiet === 'string' ? 0 : quiet.status, 200);
    assert.deepEqual(typeof quiet === 'string' ? null : quiet.body.changes, []);

    let settled = false;
    const waiting = poll({ holder: 'poller', token, wait: 30, after: from }).finally(() => (settled = true));
    await until(() => s.app.ctx.renderSignal.waiting === 1, 'the poll waits');
    assert.equal(settled, false);
    const created = await call({ method: 'POST', url: '/system/article', payload: articleForm() });
    const got = await waiting;
    assert.equal(got.body.held, true);
    assert.deepEqual(
      got.body.changes.map((c) => c.change),
      [{ kind: 'article', id: created.body.data.id, channelId: NEWS }],
    );
    await release('poller');
  });

  test('[issue 43.3] a renewal under a grant that is no longer the current one is refused (409) by the poll and by the lease, reads nothing, and hands out no new grant; the acknowledgement too', async () => {
    await release('stale');
    const from = await lastId();
    const held = (await poll({ holder: 'stale' })).body.lease.token;
    const created = await call({ method: 'POST', url: '/system/article', payload: articleForm() });
    const ids = (await changes(from)).changes.map((c) => c.id);
    assert.equal(ids.length, 1);
    // Starved past its lease, nobody else took it: its late renewal is still refused, not a new grant behind its back.
    await lapse();
    const late = await poll({ holder: 'stale', token: held, wait: 30, after: from });
    assert.equal(late.status, 409);
    assert.equal(late.body.held, false);
    assert.deepEqual(late.body.changes, [], 'nothing read under the lost grant');
    assert.equal((await internal({ method: 'POST', url: '/internal/render/lease', payload: { holder: 'stale', token: held } })).status, 409);
    const [row] = await rows<{ token: string | number }>(s.app.ctx.db, sql`SELECT token FROM render_lease`);
    assert.equal(Number(row.token), held, 'no new grant was made by the refused renewals');
    // Another renderer takes it: the stale holder's renewals and its acknowledgement stay refused.
    const taken = await poll({ holder: 'fresh', after: from });
    assert.equal(taken.status, 200);
    assert.ok(taken.body.lease.token > held);
    assert.deepEqual(
      taken.body.changes.map((c) => c.change),
      [{ kind: 'article', id: created.body.data.id, channelId: NEWS }],
    );
    assert.equal((await poll({ holder: 'stale', token: held })).status, 409);
    assert.equal((await internal({ method: 'POST', url: '/internal/render/lease', payload: { holder: 'stale', token: held } })).status, 409);
    assert.equal((await ack('stale', ids, held)).status, 409);
    assert.equal((await changes(from)).changes.length, 1, 'nothing deleted');
    // The current holder's renewal under its own grant holds.
    assert.equal(
      (await internal({ method: 'POST', url: '/internal/render/lease', payload: { holder: 'fresh', token: taken.body.lease.token } })).status,
      200,
    );
    assert.deepEqual((await ack('fresh', ids, taken.body.lease.token)).body, { acked: 1 });
    await release('fresh');
  });

  test(
    '[issue 45.4] a poll held by one API instance wakes for a write made through another on the same database (PostgreSQL)',
    { skip: !process.env.TEST_DATABASE_URL && 'two instances need a PostgreSQL server (test:pg)' },
    async () => {
      const b = await buildServer({
        logger: false,
        devEndpoints: true,
        testAccounts: true,
        print: () => {},
        dataDir: s.dataDir,
        databaseUrl: s.databaseUrl,
        renderToken: TOKEN,
        renderLeaseMs: 30_000,
      });
      try {
        await release('across');
        const from = await lastId();
        // A lease of 30 s on B, so its poll is held long enough for the write through A.
        const token = (await poll({ holder: 'across' }, b)).body.lease.token;
        let settled = false;
        const waiting = poll({ holder: 'across', token, wait: 30, after: from }, b).finally(() => (settled = true));
        await until(() => b.ctx.renderSignal.waiting === 1, 'the poll waits on B');
        assert.equal(settled, false);
        const created = await call({ method: 'POST', url: '/system/article', payload: articleForm() });
        const got = await Promise.race([waiting, sleep(10_000)]);
        assert.notEqual(got, 'still waiting', 'the write through A did not wake the poll on B');
        assert.deepEqual(typeof got === 'string' ? null : got.body.changes.map((c) => c.change), [
          { kind: 'article', id: created.body.data.id, channelId: NEWS },
        ]);
        await release('across');
      } finally {
        await b.close();
      }
    },
  );

  test("[issue 43.3] the renderer's page reads (GET /internal/render/reads/api/…) answer exactly as the /api/… route; nothing but GET and HEAD of /api/… is served under that path", async () => {
    const [article] = (await req(s.app, { method: 'GET', url: `/api/article?channelId=${NEWS}&limit=1` })).body as { id: number }[];
    const direct = await req(s.app, { method: 'GET', url: `/api/article/${article.id}` });
    const viaReads = await req(s.app, { method: 'GET', url: `${RENDER_READS_PATH}/api/article/${article.id}` });
    assert.equal(viaReads.status, 200);
    assert.deepEqual(viaReads.body, direct.body);
    const page = `/api/article/page?channelId=${NEWS}&page=1&pageSize=5`;
    assert.deepEqual(
      (await req(s.app, { method: 'GET', url: `${RENDER_READS_PATH}${page}` })).body,
      (await req(s.app, { method: 'GET', url: page })).body,
    );
    assert.equal((await req(s.app, { method: 'HEAD', url: `${RENDER_READS_PATH}/api/company` })).status, 200);
    assert.equal((await req(s.app, { method: 'POST', url: `${RENDER_READS_PATH}/api/message-board`, payload: {} })).status, 404);
    assert.equal((await req(s.app, { method: 'GET', url: `${RENDER_READS_PATH}/health` })).status, 404);
    assert.equal((await req(s.app, { method: 'GET', url: `${RENDER_READS_PATH}/internal/render/changes` })).status, 404);
  });

  test(
    "[issue 43.3] a lease renewal never waits behind the renderer's page reads: with twelve of them held in the database (their table locked), it is answered while all twelve wait, and only RENDER_READ_TURNS (two) of them are in the database (PostgreSQL)",
    { skip: !process.env.TEST_DATABASE_URL && 'holding reads in the database while a renewal runs needs a second session (test:pg)' },
    async () => {
      const [article] = (await req(s.app, { method: 'GET', url: `/api/article?channelId=${NEWS}&limit=1` })).body as { id: number }[];
      await release('behind-reads');
      const pg = (await import('pg')).default;
      // Another session locks the articles: each read that reaches the database waits there, holding a connection of
      // the pool, as a read does while its answer is on its way.
      const locker = new pg.Client({ connectionString: s.app.ctx.config.databaseUrl });
      locker.on('error', () => undefined);
      await locker.connect();
      const waitingOnLock = async () =>
        Number(
          (
            await locker.query<{ n: number }>(
              "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
            )
          ).rows[0].n,
        );
      let answered = 0;
      let reads: Promise<{ status: number }>[];
      try {
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE article IN ACCESS EXCLUSIVE MODE');
        // More reads than the pool has connections (PG_POOL_MAX, 10), as a full render sends them.
        reads = Array.from({ length: 12 }, () =>
          req(s.app, { method: 'GET', url: `${RENDER_READS_PATH}/api/article/${article.id}` }).then((r) => {
            answered++;
            return r;
          }),
        );
        const renewal = await Promise.race([lease('behind-reads'), sleep(10_000)]);
        assert.notEqual(renewal, 'still waiting', "the renewal waited behind the renderer's reads");
        assert.equal(typeof renewal === 'string' ? 0 : renewal.status, 200);
        await until(async () => (await waitingOnLock()) >= RENDER_READ_TURNS, 'the reads with a turn wait in the database');
        assert.equal(answered, 0);
        assert.equal(
          await waitingOnLock(),
          RENDER_READ_TURNS,
          "RENDER_READ_TURNS renderer reads at a time: the others wait for their turn, not in the database's pool",
        );
      } finally {
        await locker.query('ROLLBACK').catch(() => undefined);
        await locker.end();
      }
      const done = await Promise.all(reads);
      assert.deepEqual(
        done.map((r) => r.status),
        Array(12).fill(200),
      );
      await release('behind-reads');
    },
  );

  test('[issue 43.3] turns for the renderer reads: first come first served, a caller that goes away while it waits takes none', async () => {
    const turns = new Turns(1);
    const a = turns.take();
    const b = turns.take();
    const c = turns.take();
    assert.equal(await a.ready, true);
    assert.deepEqual([turns.active, turns.queued], [1, 2]);
    b.end(); // gone while it waited
    assert.equal(await b.ready, false);
    a.end();
    a.end(); // a second end changes nothing
    assert.equal(await c.ready, true);
    assert.deepEqual([turns.active, turns.queued], [1, 0]);
    c.end();
    assert.deepEqual([turns.active, turns.queued], [0, 0]);
  });

  test("[issue 45.4] the renderer's lease and change-feed calls are logged at debug level only, other requests at info", async () => {
    const logged: string[] = [];
    const quiet = await startTestServer({
      renderToken: TOKEN,
      logger: { level: 'info', stream: { write: (line: string) => void logged.push(line) } },
    });
    try {
      const head = { 'x-render-token': TOKEN };
      for (let i = 0; i < 3; i++) {
        assert.equal(
          (await req(quiet.app, { method: 'POST', url: '/internal/render/lease', headers: head, payload: { holder: 'quiet' } })).status,
          200,
        );
        assert.equal((await req(quiet.app, { method: 'GET', url: '/internal/render/changes?wait=0', headers: head })).status, 200);
        assert.equal(
          (await req(quiet.app, { method: 'POST', url: '/internal/render/poll', headers: head, payload: { holder: 'quiet' } })).status,
          200,
        );
      }
      assert.equal((await req(quiet.app, { method: 'GET', url: '/captchaImage' })).status, 200);
      const requests = logged.map((l) => JSON.parse(l) as { msg?: string; route?: string }).filter((l) => l.msg === 'request');
      assert.deepEqual(
        requests.filter((l) => l.route?.startsWith('/internal/')),
        [],
        'no internal render call in the info log',
      );
      assert.equal(requests.length, 1, 'an ordinary request is still logged');
    } finally {
      await quiet.close();
    }
  });

  test('[issue 45.4] LOG_FORMAT: pretty lines at a terminal (npm start), JSON for anything else (systemd, files) unless set; a wrong value stops the start', () => {
    assert.deepEqual(logFormat(undefined, { isTTY: false, write: () => true }), {});
    assert.deepEqual(logFormat('json', { isTTY: true, write: () => true }), {});
    const out: string[] = [];
    const pretty = logFormat(undefined, { isTTY: true, write: (s: string) => out.push(s) });
    assert.ok(pretty.stream);
    assert.deepEqual(logFormat('pretty', { isTTY: false, write: () => true }).stream !== undefined, true);
    assert.throws(() => logFormat('xml', { isTTY: true, write: () => true }), /LOG_FORMAT must be json or pretty: xml/);
    const time = new Date(2026, 10, 28, 9, 5, 7).getTime();
    pretty.stream.write(
      JSON.stringify({
        level: 30,
        time,
        pid: 1,
        hostname: 'h',
        reqId: 'r-1',
        msg: 'request',
        method: 'GET',
        url: '/captchaImage',
        route: '/captchaImage',
        status: 200,
        ms: 3,
        ip: '127.0.0.1',
      }),
    );
    pretty.stream.write(JSON.stringify({ level: 40, time, pid: 1, hostname: 'h', msg: '短信验证码', phone: '138****0000' }));
    assert.deepEqual(out, ['09:05:07 INFO  GET /captchaImage 200 3 ms 127.0.0.1 [r-1]\n', '09:05:07 WARN  短信验证码 phone=138****0000\n']);
    assert.equal(prettyLogLine('not json'), 'not json\n');
  });

  test('[ISSUE-26] a long poll waits for the next write and answers with it; with nothing new it answers empty at its end', async () => {
    const from = await lastId();
    assert.deepEqual(await changes(from, 0.2), { changes: [], more: false });

    let settled = false;
    const poll = changes(from, 30).finally(() => (settled = true));
    await until(() => s.app.ctx.renderSignal.waiting === 1, 'the poll waits');
    assert.equal(settled, false);
    const created = await call({ method: 'POST', url: '/system/article', payload: articleForm() });
    assert.equal(created.body.code, 200);
    const got = await poll;
    assert.deepEqual(
      got.changes.map((c) => c.change),
      [{ kind: 'article', id: created.body.data.id, channelId: NEWS }],
    );
    assert.equal(s.app.ctx.renderSignal.waiting, 0);
  });

  test('[ISSUE-26] changes come in pages of `limit`, `more` telling there are others; wrong parameters are refused in Chinese', async () => {
    const from = await lastId();
    for (let i = 0; i < 3; i++) assert.equal((await call({ method: 'POST', url: '/system/article', payload: articleForm() })).body.code, 200);
    const first = (await internal({ method: 'GET', url: `/internal/render/changes?after=${from}&limit=2` })).body as RenderChanges;
    assert.equal(first.changes.length, 2);
    assert.equal(first.more, true);
    const rest = (await internal({ method: 'GET', url: `/internal/render/changes?after=${first.changes[1].id}&limit=2` })).body as RenderChanges;
    assert.equal(rest.changes.length, 1);
    assert.equal(rest.more, false);

    const tooLong = await internal({ method: 'GET', url: '/internal/render/changes?wait=31' });
    assert.equal(tooLong.status, 400);
    assert.equal(tooLong.body.msg, 'wait 不能超过30秒');
    const noHolder = await internal({ method: 'POST', url: '/internal/render/lease', payload: {} });
    assert.equal(noHolder.status, 400);
    assert.equal(noHolder.body.msg, 'holder 不能为空');
  });

  test('[ISSUE-26] a poll held when the server closes answers at once (empty), so the close does not wait for it', async () => {
    const other = await startTestServer({ renderToken: TOKEN });
    try {
      const poll = req(other.app, { method: 'GET', url: '/internal/render/changes?wait=30', headers: { 'x-render-token': TOKEN } });
      await until(() => other.app.ctx.renderSignal.waiting === 1, 'the poll waits');
      await other.app.close();
      const r = await poll;
      assert.equal(r.status, 200);
      assert.deepEqual(r.body, { changes: [], more: false });
    } finally {
      await other.close().catch(() => undefined);
    }
  });

  test('[ISSUE-26] without SITE_RENDER_HOOK_TOKEN there is no feed: writes record nothing and the routes do not exist', async () => {
    const off = await startTestServer();
    try {
      assert.equal(off.app.ctx.config.render.token, '');
      const token = await login(off.app, 'admin', 'admin123');
      const r = await req(off.app, { method: 'POST', url: '/system/article', token, payload: articleForm() });
      assert.equal(r.body.code, 200, JSON.stringify(r.body));
      const [{ n }] = await rows<{ n: number }>(off.app.ctx.db, sql`SELECT count(*)::int AS n FROM render_outbox`);
      assert.equal(Number(n), 0);
      const lease404 = await req(off.app, {
        method: 'POST',
        url: '/internal/render/lease',
        headers: { 'x-render-token': '' },
        payload: { holder: 'x' },
      });
      assert.equal(lease404.status, 404);
    } finally {
      await off.close();
    }
  });

  test('[ISSUE-26] [issue 35.8] SITE_RENDER_LEASE_MS: default 3000 (a standby takes over within 5 s); less than 1000 or not a whole number stops the start', () => {
    assert.equal(renderLeaseMs(undefined), 3000);
    assert.equal(renderLeaseMs(''), 3000);
    assert.equal(renderLeaseMs('4000'), 4000);
    assert.throws(() => renderLeaseMs('500'), /SITE_RENDER_LEASE_MS must be a whole number of milliseconds from 1000: 500/);
    assert.throws(() => renderLeaseMs('2.5s'), /SITE_RENDER_LEASE_MS/);
  });
});
