/**
 * Issue 35.5: a write is done once. A write with an Idempotency-Key (IETF draft httpapi-idempotency-key-header):
 * the same key and body answer the first answer again and write nothing more; another body with the same key is a
 * 422; a key whose first request still runs is a 409; an error answer releases the key; keys are the caller's own;
 * expired keys are deleted.
 */
import crypto from 'node:crypto';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/index.js';
import { advisoryKey } from '../src/db/key-locks.js';
import type { FastifyRequest } from 'fastify';
import { claimKey, lockName, purgeExpiredKeys, tokenScope } from '../src/lib/idempotency.js';
import { sysNotice } from '../src/db/schema.js';
import { freshPhone, multipart, ok, PNG_1x1, req, sendSms, suiteServer } from './helpers.js';

const s = suiteServer({ signIn: ['admin', 'editor'] });

const noticesTitled = async (title: string) =>
  Number((await rows<{ n: number }>(s.app.ctx.db, sql`SELECT count(*)::int AS n FROM sys_notice WHERE notice_title = ${title}`))[0].n);
const addNotice = (key: string, title: string, token = s.token.admin, content = '正文') =>
  req(s.app, {
    method: 'POST',
    url: '/system/notice',
    token,
    headers: { 'idempotency-key': key },
    payload: { noticeTitle: title, noticeType: '1', noticeContent: content, status: '0' },
  });
let n = 0;
const fresh = () => `test-key-${process.pid}-${Date.now()}-${n++}`;

test('[issue 35.5] the same key and body: the first answer again (status and body), one row written', async () => {
  const key = fresh();
  const title = `幂等公告${n}`;
  const first = await addNotice(key, title);
  assert.equal(first.status, 200, JSON.stringify(first.body));
  assert.equal(first.body.code, 200);
  assert.equal(first.headers['idempotent-replayed'], undefined);
  const again = await addNotice(key, title);
  assert.equal(again.status, first.status);
  assert.equal(again.raw.body, first.raw.body);
  assert.equal(again.headers['idempotent-replayed'], 'true');
  assert.match(String(again.headers['content-type']), /application\/json/);
  assert.equal(await noticesTitled(title), 1);
  // Without a key, a write is a write each time (nothing changes for callers that send none).
  const title2 = `无键公告${n}`;
  await req(s.app, { method: 'POST', url: '/system/notice', token: s.token.admin, payload: { noticeTitle: title2, noticeType: '1', status: '0' } });
  await req(s.app, { method: 'POST', url: '/system/notice', token: s.token.admin, payload: { noticeTitle: title2, noticeType: '1', status: '0' } });
  assert.equal(await noticesTitled(title2), 2);
});

test('[issue 35.5] the same key with another body: 422 in Chinese, nothing written; the quoted form of the key is the same key', async () => {
  const key = fresh();
  const title = `幂等公告${n}`;
  assert.equal((await addNotice(key, title)).status, 200);
  const other = await addNotice(key, title, s.token.admin, '另一段正文');
  assert.equal(other.status, 422, JSON.stringify(other.body));
  assert.deepEqual(other.body, { code: 422, msg: '该幂等键已用于另一个请求，请勿重复使用' });
  const quoted = await addNotice(`"${key}"`, title);
  assert.equal(quoted.headers['idempotent-replayed'], 'true');
  assert.equal(await noticesTitled(title), 1);
  const bad = await addNotice('含有空格 的键', title);
  assert.equal(bad.status, 400);
  assert.equal(await noticesTitled(title), 1);
});

test('[issue 35.5] a key whose first request is still running (its lock held): 409; once its instance is gone (the lock free), the same request runs at once', async () => {
  const key = fresh();
  const scope = tokenScope(s.token.admin);
  const locks = s.app.ctx.database.keyLocks;
  // The claim of an instance of an older version (no claim_id): held by its locked_until.
  await s.app.ctx.db.execute(
    sql`INSERT INTO idempotency_key (scope, key, fingerprint, locked_until, expires_at) VALUES (${scope}, ${key}, ${'0'.repeat(64)}, now() + interval '1 minute', now() + interval '1 day')`,
  );
  const title = `幂等公告${n}`;
  // Same key, other fingerprint: 422 beats 409. Make it the same request first: take the fingerprint the server computes.
  const other = await addNotice(key, title);
  assert.equal(other.status, 422);
  await s.app.ctx.db.execute(sql`DELETE FROM idempotency_key WHERE scope = ${scope} AND key = ${key}`);
  // A real first request, then its row put back to "running, not committed", its request alive: holding the key's lock.
  assert.equal((await addNotice(key, title)).status, 200);
  await s.app.ctx.db.execute(sql`UPDATE idempotency_key SET status = NULL, body = NULL, committed_at = NULL WHERE scope = ${scope} AND key = ${key}`);
  ok(await locks.tryHold(lockName(scope, key)), 'the test holds the key as its running request would');
  const running = await addNotice(key, title);
  assert.equal(running.status, 409, JSON.stringify(running.body));
  assert.equal(running.body.msg, '相同的请求正在处理中，请稍后再试');
  // Its instance died: the lock is free, the claim has no answer and no commit: the same request runs, at once.
  await locks.release(lockName(scope, key));
  const rerun = await addNotice(key, title);
  assert.equal(rerun.status, 200, JSON.stringify(rerun.body));
  assert.equal(rerun.headers['idempotent-replayed'], undefined);
  assert.equal(await noticesTitled(title), 2, 'the write that never committed runs again');
  assert.equal(locks.held(), 0, 'every lock given back');
  // A claim of an older version's instance (claim_id NULL) holds until its locked_until, then runs again.
  await s.app.ctx.db.execute(
    sql`UPDATE idempotency_key SET status = NULL, body = NULL, committed_at = NULL, claim_id = NULL, locked_until = now() + interval '1 minute'
        WHERE scope = ${scope} AND key = ${key}`,
  );
  assert.equal((await addNotice(key, title)).status, 409);
  await s.app.ctx.db.execute(sql`UPDATE idempotency_key SET locked_until = now() - interval '1 second' WHERE scope = ${scope} AND key = ${key}`);
  const lapsed = await addNotice(key, title);
  assert.equal(lapsed.status, 200);
  assert.equal(lapsed.headers['idempotent-replayed'], undefined);
});

test('[issue 35.5] an instance killed after its write committed: the write’s own transaction marked the key, so the retry answers success and writes nothing', async () => {
  const key = fresh();
  const scope = tokenScope(s.token.admin);
  const title = `幂等公告${n}`;
  assert.equal((await addNotice(key, title)).status, 200);
  const [mark] = await rows<{ committed: boolean }>(
    s.app.ctx.db,
    sql`SELECT committed_at IS NOT NULL AS committed FROM idempotency_key WHERE scope = ${scope} AND key = ${key}`,
  );
  assert.equal(mark.committed, true, 'the route’s transaction set committed_at');
  // As if the instance died between its commit and keeping the answer, 3 s ago (its lock free; its locked_until, for
  // instances of an older version, still ahead or lapsed).
  for (const lock of [`now() + interval '1 minute'`, `now() - interval '1 second'`]) {
    await s.app.ctx.db.execute(
      sql`UPDATE idempotency_key SET status = NULL, body = NULL, content_type = NULL, committed_at = now() - interval '3 seconds',
          locked_until = ${sql.raw(lock)} WHERE scope = ${scope} AND key = ${key}`,
    );
    const retry = await addNotice(key, title);
    assert.equal(retry.status, 200, JSON.stringify(retry.body));
    assert.deepEqual(retry.body, { code: 200, msg: '操作成功' });
    assert.equal(retry.headers['idempotent-replayed'], 'true');
    assert.equal(await noticesTitled(title), 1);
  }
  // Committed a moment ago, its request alive (its lock held), and the answer kept while the retry waits: the retry
  // answers that answer.
  await s.app.ctx.db.execute(
    sql`UPDATE idempotency_key SET status = NULL, body = NULL, committed_at = now(), locked_until = now() + interval '1 minute' WHERE scope = ${scope} AND key = ${key}`,
  );
  ok(await s.app.ctx.database.keyLocks.tryHold(lockName(scope, key)));
  const waiting = addNotice(key, title);
  await new Promise((r) => setTimeout(r, 300));
  await s.app.ctx.db.execute(
    sql`UPDATE idempotency_key SET status = 201, content_type = 'application/json; charset=utf-8', body = '{"code":200,"msg":"kept"}' WHERE scope = ${scope} AND key = ${key}`,
  );
  const answered = await waiting;
  await s.app.ctx.database.keyLocks.release(lockName(scope, key));
  assert.equal(answered.status, 201);
  assert.equal(answered.body.msg, 'kept');
  assert.equal(await noticesTitled(title), 1);
});

test('[issue 35.5] a request whose claim was taken over cannot commit: its transaction is rolled back with a 409; the request holding the claim commits and marks it', async () => {
  const key = fresh();
  const scope = 'ip:192.0.2.7';
  const title = `幂等公告${n}`;
  const ours = crypto.randomUUID();
  await s.app.ctx.db.execute(
    sql`INSERT INTO idempotency_key (scope, key, fingerprint, claim_id, expires_at) VALUES (${scope}, ${key}, ${'b'.repeat(64)}, ${ours}, now() + interval '1 day')`,
  );
  // A route's write transaction, its claim step first, as the request holding claim `id`.
  const write = (id: string) =>
    s.app.ctx.db.transaction(async (tx) => {
      const req = { idempotencyClaim: { scope, key, id, lock: lockName(scope, key), settled: false, unlocked: false } } as FastifyRequest;
      await claimKey(tx, req);
      await tx.insert(sysNotice).values({ noticeTitle: title, noticeType: '1', status: '0' });
    });
  await assert.rejects(
    write(crypto.randomUUID()),
    (err: { statusCode?: number; message?: string }) => err.statusCode === 409 && err.message === '相同的请求正在处理中，请稍后再试',
  );
  assert.equal(await noticesTitled(title), 0, 'the fenced-out write was rolled back');
  const unmarked = await rows<{ committed: boolean }>(
    s.app.ctx.db,
    sql`SELECT committed_at IS NOT NULL AS committed FROM idempotency_key WHERE scope = ${scope} AND key = ${key}`,
  );
  assert.equal(unmarked[0].committed, false);
  await write(ours);
  assert.equal(await noticesTitled(title), 1);
  const marked = await rows<{ committed: boolean }>(
    s.app.ctx.db,
    sql`SELECT committed_at IS NOT NULL AS committed FROM idempotency_key WHERE scope = ${scope} AND key = ${key}`,
  );
  assert.equal(marked[0].committed, true);
});

test('[issue 35.5] an error answer releases the key: the same key then runs the corrected request', async () => {
  const key = fresh();
  const title = `幂等公告${n}`;
  const invalid = await addNotice(key, '');
  assert.equal(invalid.status, 400);
  const fixed = await addNotice(key, title);
  assert.equal(fixed.status, 200, JSON.stringify(fixed.body));
  assert.equal(fixed.headers['idempotent-replayed'], undefined);
  assert.equal(await noticesTitled(title), 1);
});

test('[issue 35.5] keys are the caller’s own: another user with the same key and body runs their own write, never sees the first answer', async () => {
  const key = fresh();
  const title = `幂等公告${n}`;
  assert.equal((await addNotice(key, title, s.token.admin)).status, 200);
  const theirs = await addNotice(key, title, s.token.editor);
  assert.equal(theirs.status, 200, JSON.stringify(theirs.body));
  assert.equal(theirs.headers['idempotent-replayed'], undefined);
  assert.equal(await noticesTitled(title), 2);
});

test('[issue 35.5] a multipart upload retried with its key: the first answer, one stored file', async () => {
  const key = fresh();
  const count = async () => Number((await rows<{ n: number }>(s.app.ctx.db, sql`SELECT count(*)::int AS n FROM upload_file`))[0].n);
  const before = await count();
  const send = () => {
    const m = multipart('file', 'a.png', PNG_1x1, 'image/png');
    return req(s.app, {
      method: 'POST',
      url: '/common/upload',
      token: s.token.admin,
      payload: m.payload,
      headers: { ...m.headers, 'idempotency-key': key },
    });
  };
  const first = await send();
  assert.equal(first.body.code, 200, JSON.stringify(first.body));
  const again = await send();
  assert.equal(again.raw.body, first.raw.body);
  assert.equal(again.headers['idempotent-replayed'], 'true');
  assert.equal(await count(), before + 1);
});

test('[issue 35.5] sign-in calls and visit records ignore the key (a token is never stored; one record per page view)', async () => {
  const key = fresh();
  const visit = {
    siteId: '1',
    url: 'http://test/',
    entryUrl: 'http://test/',
    referrer: '',
    si: 1,
    uv: Date.now(),
    newVisitor: true,
    count: 1,
    duration: 0,
  };
  for (let i = 0; i < 2; i++) {
    const r = await req(s.app, { method: 'POST', url: '/api/visit/1', headers: { 'idempotency-key': key }, payload: visit });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.headers['idempotent-replayed'], undefined);
  }
  const login = await req(s.app, {
    method: 'POST',
    url: '/login',
    headers: { 'idempotency-key': key },
    payload: { username: 'admin', password: 'x' },
  });
  assert.equal(login.headers['idempotent-replayed'], undefined);
  const stored = await rows<{ n: number }>(s.app.ctx.db, sql`SELECT count(*)::int AS n FROM idempotency_key WHERE key = ${key}`);
  assert.equal(stored[0].n, 0);
});

test('[issue 35.5] keys are kept 24 hours: the purge deletes the expired ones only', async () => {
  const scope = 'ip:192.0.2.1';
  await s.app.ctx.db.execute(
    sql`INSERT INTO idempotency_key (scope, key, fingerprint, status, expires_at) VALUES
        (${scope}, 'old', ${'a'.repeat(64)}, 200, now() - interval '1 second'),
        (${scope}, 'new', ${'a'.repeat(64)}, 200, now() + interval '1 hour')`,
  );
  ok((await purgeExpiredKeys(s.app.ctx.db)) >= 1, 'the expired key is deleted');
  const left = await rows<{ key: string }>(s.app.ctx.db, sql`SELECT key FROM idempotency_key WHERE scope = ${scope} ORDER BY key`);
  assert.deepEqual(
    left.map((r) => r.key),
    ['new'],
  );
  const [{ hours }] = await rows<{ hours: number }>(
    s.app.ctx.db,
    sql`SELECT round(extract(epoch FROM max(expires_at - created_at)) / 3600)::int AS hours FROM idempotency_key WHERE scope LIKE 'token:%'`,
  );
  assert.equal(hours, 24);
});

test(
  '[issue 35.5] a claim whose instance’s connection is terminated is taken over at once by the same key and body, and the write runs once; while that connection lives, 409',
  { skip: !process.env.TEST_DATABASE_URL && 'advisory locks across connections: PostgreSQL only' },
  async () => {
    const key = fresh();
    const scope = tokenScope(s.token.admin);
    const title = `幂等公告${n}`;
    // A real request, its notice then deleted and its claim put back to "claimed, nothing written yet" by another
    // instance (another claim_id), whose lock connection is the client below.
    assert.equal((await addNotice(key, title)).status, 200);
    await s.app.ctx.db.execute(sql`DELETE FROM sys_notice WHERE notice_title = ${title}`);
    await s.app.ctx.db.execute(
      sql`UPDATE idempotency_key SET status = NULL, body = NULL, content_type = NULL, committed_at = NULL, claim_id = gen_random_uuid()
          WHERE scope = ${scope} AND key = ${key}`,
    );
    const pg = (await import('pg')).default;
    const other = new pg.Client({ connectionString: s.app.ctx.config.databaseUrl });
    other.on('error', () => undefined);
    await other.connect();
    try {
      const [{ pid }] = (await other.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows;
      await other.query('SELECT pg_advisory_lock($1::bigint)', [advisoryKey(lockName(scope, key))]);
      const live = await addNotice(key, title);
      assert.equal(live.status, 409, JSON.stringify(live.body));
      assert.equal(live.body.code, 409);
      assert.equal(live.body.msg, '相同的请求正在处理中，请稍后再试');
      assert.equal(await noticesTitled(title), 0);
      // The instance dies: PostgreSQL ends its connection, and its locks with it (the call waits until it has).
      const [{ gone }] = await rows<{ gone: boolean }>(s.app.ctx.db, sql`SELECT pg_terminate_backend(${pid}, 10000) AS gone`);
      ok(gone, 'the other instance’s connection is terminated');
      const retry = await addNotice(key, title);
      assert.equal(retry.status, 200, JSON.stringify(retry.body));
      assert.equal(retry.body.code, 200);
      assert.equal(retry.headers['idempotent-replayed'], undefined);
      assert.equal(await noticesTitled(title), 1);
      const again = await addNotice(key, title);
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.equal(again.raw.body, retry.raw.body);
      assert.equal(await noticesTitled(title), 1, 'the write ran once');
      assert.equal(s.app.ctx.database.keyLocks.held(), 0, 'every lock given back');
    } finally {
      await other.end().catch(() => undefined);
    }
  },
);

test('[issue 44.6] an answer carrying a secret is never kept: a registration replayed with its key answers the plain success without the session token, a created user\u2019s replay without the password', async () => {
  const phone = freshPhone();
  const code = await sendSms(s.app, phone, 'register');
  const key = fresh();
  const register = () =>
    req(s.app, {
      method: 'POST',
      url: `/bus/customer/create?phone=${phone}&name=${encodeURIComponent('幂等客户')}&code=${code}`,
      // One visitor: an anonymous caller's keys are its address's.
      ip: '10.250.1.1',
      headers: { 'idempotency-key': key },
    });
  const first = await register();
  assert.equal(first.body.code, 200, JSON.stringify(first.body));
  ok(typeof first.body.token === 'string' && first.body.token.length > 0);
  const again = await register();
  assert.equal(again.headers['idempotent-replayed'], 'true');
  assert.deepEqual(again.body, { code: 200, msg: '操作成功' });
  const kept = await rows<{ body: string }>(s.app.ctx.db, sql`SELECT body FROM idempotency_key WHERE key = ${key}`);
  assert.equal(kept.length, 1);
  assert.ok(!kept[0].body.includes(first.body.token), 'the token is not stored');

  const userKey = fresh();
  const userName = `idem${Date.now() % 100000}`;
  const create = () =>
    req(s.app, {
      method: 'POST',
      url: '/system/user',
      token: s.token.admin,
      headers: { 'idempotency-key': userKey },
      payload: { userName, nickName: '幂等员工', roles: ['editor'] },
    });
  const made = await create();
  assert.equal(made.body.code, 200, JSON.stringify(made.body));
  ok(typeof made.body.data.password === 'string' && made.body.data.password.length > 0);
  const replay = await create();
  assert.equal(replay.headers['idempotent-replayed'], 'true');
  assert.deepEqual(replay.body, { code: 200, msg: '操作成功' });
  const stored = await rows<{ body: string }>(s.app.ctx.db, sql`SELECT body FROM idempotency_key WHERE key = ${userKey}`);
  assert.ok(!stored[0].body.includes(made.body.data.password), 'the password is not stored');
});

test('[issue 46.4] a write that was one statement outside a transaction (the profile) now claims in its own transaction: a keyed save marks its key committed', async () => {
  const key = fresh();
  const scope = tokenScope(s.token.editor);
  const saved = await req(s.app, {
    method: 'PUT',
    url: '/system/user/profile',
    token: s.token.editor,
    headers: { 'idempotency-key': key },
    payload: { nickName: '幂等编辑' },
  });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  assert.equal(saved.body.code, 200, JSON.stringify(saved.body));
  const [mark] = await rows<{ committed: boolean }>(
    s.app.ctx.db,
    sql`SELECT committed_at IS NOT NULL AS committed FROM idempotency_key WHERE scope = ${scope} AND key = ${key}`,
  );
  assert.equal(mark.committed, true, 'the profile’s transaction set committed_at');
});
