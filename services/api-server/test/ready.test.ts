/**
 * Issue 35.3 and 35.4: liveness and readiness, and a PostgreSQL outage answered 503 with a Chinese message.
 * `/health` answers as long as the process does; `/ready` makes a database round trip and a storage head within
 * READY_TIMEOUT_MS and answers 503 naming what failed. The outage runs on a PostgreSQL server of the test's own
 * (test/pg-server.ts), stopped and started again: API calls answer 503 (never 500) while it is down and work again
 * after.
 */
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { LocalStorage, type ObjectStorage } from '@site/object-storage';
import { buildServer } from '../src/app.js';
import { login, ok, req, suiteServer } from './helpers.js';
import { startOwnPg, type OwnPg } from './pg-server.js';

const UNAVAILABLE = '服务暂时不可用，请稍后重试';

/** Local storage whose heads can be made to hang (a storage service that stopped answering). */
class HangingStorage extends LocalStorage implements ObjectStorage {
  hang = false;
  override async head(key: string) {
    if (this.hang) return new Promise<never>(() => undefined);
    return super.head(key);
  }
}

describe('readiness on the default database', () => {
  let storage: HangingStorage;
  const s = suiteServer({
    prepare: async () => {
      storage = new HangingStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'site-ready-files-')));
    },
    server: {
      readyTimeoutMs: 200,
      get storage() {
        return storage;
      },
    },
  });

  test('[issue 35.3] /ready answers 200 {status: ready} with both checks; /health answers too', async () => {
    const r = await req(s.app, { method: 'GET', url: '/ready' });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.status, 'ready');
    assert.equal(r.body.checks.database.ok, true);
    assert.equal(r.body.checks.storage.ok, true);
    assert.equal(r.headers['cache-control'], 'no-store');
    assert.equal((await req(s.app, { method: 'GET', url: '/health' })).status, 200);
  });

  test('[issue 35.3] a storage that does not answer within the deadline: /ready 503 names storage, /health still 200', async () => {
    storage.hang = true;
    try {
      const started = Date.now();
      const r = await req(s.app, { method: 'GET', url: '/ready' });
      const took = Date.now() - started;
      assert.equal(r.status, 503, JSON.stringify(r.body));
      assert.deepEqual(r.body.failed, ['storage']);
      assert.equal(r.body.code, 503);
      assert.equal(r.body.msg, UNAVAILABLE);
      assert.match(r.body.checks.storage.error, /200 ms/);
      assert.equal(r.body.checks.database.ok, true);
      ok(took < 2_000, `answered after ${took} ms`);
      assert.equal((await req(s.app, { method: 'GET', url: '/health' })).status, 200);
    } finally {
      storage.hang = false;
    }
    assert.equal((await req(s.app, { method: 'GET', url: '/ready' })).status, 200);
  });
});

describe('a PostgreSQL outage', { skip: !!process.env.TEST_DATABASE_URL && 'runs its own PostgreSQL server in the PGlite pass' }, () => {
  let pg: OwnPg;
  let app: FastifyInstance;
  let dataDir: string;
  let admin: string;
  before(async () => {
    pg = await startOwnPg();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-ready-pg-'));
    app = await buildServer({
      logger: false,
      devEndpoints: true,
      testAccounts: true,
      print: () => undefined,
      dataDir,
      databaseUrl: pg.url,
      readyTimeoutMs: 1000,
    });
    admin = await login(app, 'admin', 'admin123');
  });
  after(async () => {
    await app?.close();
    pg?.destroy();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('[issue 35.3] PostgreSQL stopped while a transaction is under way: that query fails, the process goes on (no unheard error event)', async () => {
    const unheard: unknown[] = [];
    const onUncaught = (e: unknown) => unheard.push(e);
    process.on('uncaughtException', onUncaught);
    try {
      // A transaction holds its client (checked out of the pool) while the server goes away under it.
      const under = app.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        await tx.execute(sql`SELECT pg_sleep(30)`);
      });
      const failed = under.then(
        () => 'committed',
        (e: Error) => e.message,
      );
      await new Promise((r) => setTimeout(r, 300));
      pg.stop();
      assert.notEqual(await failed, 'committed');
      assert.equal((await req(app, { method: 'GET', url: '/health' })).status, 200, 'the process answers');
      assert.deepEqual(unheard, []);
    } finally {
      process.off('uncaughtException', onUncaught);
      pg.start();
    }
    let ready = await req(app, { method: 'GET', url: '/ready' });
    for (let i = 0; i < 20 && ready.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 250));
      ready = await req(app, { method: 'GET', url: '/ready' });
    }
    assert.equal(ready.status, 200, JSON.stringify(ready.body));
  });

  test('[issue 35.3][issue 35.4] PostgreSQL stopped: /ready 503 names the database, API calls answer 503 in Chinese (never 500); started again: both recover', async () => {
    assert.equal((await req(app, { method: 'GET', url: '/ready' })).status, 200);
    assert.equal((await req(app, { method: 'GET', url: '/api/channel' })).status, 200);
    assert.equal((await req(app, { method: 'GET', url: '/getInfo', token: admin })).status, 200);

    pg.stop();
    try {
      const ready = await req(app, { method: 'GET', url: '/ready' });
      assert.equal(ready.status, 503, JSON.stringify(ready.body));
      assert.deepEqual(ready.body.failed, ['database']);
      assert.equal(ready.body.checks.storage.ok, true);
      assert.equal((await req(app, { method: 'GET', url: '/health' })).status, 200, 'liveness stays: the process answers');

      const calls = [
        { method: 'GET' as const, url: '/api/channel' },
        { method: 'GET' as const, url: '/api/article?limit=3' },
        { method: 'GET' as const, url: '/getInfo', token: admin },
        { method: 'POST' as const, url: '/system/notice', token: admin, payload: { noticeTitle: '停机期间', noticeType: '1', status: '0' } },
      ];
      for (const call of calls) {
        const r = await req(app, call);
        assert.equal(r.status, 503, `${call.method} ${call.url}: ${r.status} ${JSON.stringify(r.body)}`);
        assert.deepEqual({ code: r.body.code, msg: r.body.msg }, { code: 503, msg: UNAVAILABLE });
        assert.equal(r.headers['retry-after'], '5');
      }
    } finally {
      pg.start();
    }
    let ready = await req(app, { method: 'GET', url: '/ready' });
    for (let i = 0; i < 20 && ready.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 250));
      ready = await req(app, { method: 'GET', url: '/ready' });
    }
    assert.equal(ready.status, 200, JSON.stringify(ready.body));
    assert.equal((await req(app, { method: 'GET', url: '/api/channel' })).status, 200);
    assert.equal((await req(app, { method: 'GET', url: '/getInfo', token: admin })).status, 200);
  });
});
