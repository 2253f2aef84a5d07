/**
 * Issue 35.5, end to end: two real API processes on one PostgreSQL server (of the test's own, test/pg-server.ts); a
 * burst of writes with Idempotency-Keys goes to A, A is killed with SIGKILL in the middle of it, and every write that
 * got no answer is sent once more to B with the same key and body, as the site's client does after a network failure.
 * No write may be both failed and stored, and none stored twice; and none is lost for its sender: a retry of a write
 * that died with A runs on B at once (A's claims die with its lock connection), never a 409.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ok, startProcess } from './helpers.js';
import { startOwnPg } from './pg-server.js';

const WRITES = 60;
const PARALLEL = 8;
const KILL_AFTER = 20;

async function signIn(base: string): Promise<string> {
  const c = (await (await fetch(`${base}/captchaImage`)).json()) as { uuid: string };
  const a = (await (await fetch(`${base}/dev/captcha/${c.uuid}`)).json()) as { data: { answer: string } };
  const r = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin123', code: a.data.answer, uuid: c.uuid }),
  });
  const body = (await r.json()) as { token?: string };
  ok(body.token, JSON.stringify(body));
  return body.token;
}

test(
  '[issue 35.5] kill -9 of an instance during a burst of keyed writes, each unanswered write retried once on the other: none both failed and stored, none stored twice, every retry succeeds',
  { skip: !!process.env.TEST_DATABASE_URL && 'runs its own PostgreSQL server in the PGlite pass' },
  async (t) => {
    const own = await startOwnPg();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-idem-crash-'));
    const env = { DATABASE_URL: own.url, SITE_TEST_ACCOUNTS: '1', SITE_DEV_ENDPOINTS: '1', SITE_VISIT_COUNT_LOCAL: '1' };
    const a = startProcess(dataDir, env);
    let b: ReturnType<typeof startProcess> | undefined;
    try {
      const baseA = `http://127.0.0.1:${await a.port}`;
      b = startProcess(dataDir, env);
      const baseB = `http://127.0.0.1:${await b.port}`;
      const token = await signIn(baseA);
      const run = `${Date.now()}`;
      const send = (base: string, i: number) =>
        fetch(`${base}/system/notice`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': `crash-${run}-${i}` },
          body: JSON.stringify({ noticeTitle: `崩溃${run.slice(-6)}-${i}`, noticeType: '1', noticeContent: '突发写入', status: '0' }),
        }).then(
          async (r) => ({ status: r.status, body: await r.text() }),
          () => null,
        );

      const outcome: { first: number | null; retry?: number }[] = [];
      let answered = 0;
      let killed = false;
      let next = 0;
      const worker = async () => {
        while (next < WRITES) {
          const i = next++;
          const r = await send(baseA, i);
          outcome[i] = { first: r?.status ?? null };
          if (r) answered++;
          if (!killed && answered >= KILL_AFTER) {
            killed = true;
            a.child.kill('SIGKILL');
          }
        }
      };
      await Promise.all(Array.from({ length: PARALLEL }, worker));
      ok(killed, 'A was killed during the burst');
      // The client's one retry, on the instance that is left.
      for (let i = 0; i < WRITES; i++) {
        if (outcome[i].first !== null && outcome[i].first! < 500) continue;
        const r = await send(baseB, i);
        outcome[i].retry = r?.status;
      }

      const pg = (await import('pg')).default;
      const db = new pg.Client({ connectionString: own.url });
      await db.connect();
      const { rows } = await db.query<{ title: string; n: number }>(
        `SELECT notice_title AS title, count(*)::int AS n FROM sys_notice WHERE notice_title LIKE $1 GROUP BY notice_title`,
        [`崩溃${run.slice(-6)}-%`],
      );
      await db.end();
      const stored = new Map(rows.map((r) => [r.title, r.n]));
      const failedAndStored: number[] = [];
      const lost: number[] = [];
      let retried = 0;
      for (let i = 0; i < WRITES; i++) {
        const n = stored.get(`崩溃${run.slice(-6)}-${i}`) ?? 0;
        assert.ok(n <= 1, `write ${i} stored ${n} times`);
        const o = outcome[i];
        if (o.retry !== undefined) retried++;
        const final = o.retry ?? o.first;
        const succeeded = final === 200;
        if (!succeeded && n === 1) failedAndStored.push(i);
        if (succeeded && n === 0) lost.push(i);
      }
      const retries = outcome.filter((o) => o.retry !== undefined).map((o) => o.retry ?? 'none');
      t.diagnostic(
        `${WRITES - retried} answered by A, ${retried} cut by the kill and retried on B: ${JSON.stringify(retries)}; stored ${rows.length}`,
      );
      ok(retried > 0, `some writes were cut by the kill: ${JSON.stringify(outcome)}`);
      assert.deepEqual(failedAndStored, [], `failed but stored: ${JSON.stringify(failedAndStored.map((i) => outcome[i]))}`);
      assert.deepEqual(lost, [], 'answered 200 but not stored');
      assert.deepEqual(
        retries.filter((status) => status !== 200),
        [],
        `every write cut by the kill succeeds on its retry: ${JSON.stringify(retries)}`,
      );
    } finally {
      a.child.kill('SIGKILL');
      if (b) {
        b.child.kill('SIGTERM');
        await b.exited;
      }
      own.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
