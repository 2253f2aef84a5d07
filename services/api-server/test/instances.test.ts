/**
 * Issue 26: two API instances on one PostgreSQL database, in this one process. What is written through A is
 * answered by B at once (config, channel, block, a newly published article), and the visit limit counts across
 * both. PostgreSQL only (`test:pg`): two PGlite instances cannot share one data folder.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { CHANNEL_IDS } from '@site/contract';
import { buildServer } from '../src/app.js';
import { rows } from '../src/db/index.js';
import { freshIp, login, req, startTestServer, type TestServer } from './helpers.js';

const pgOnly = !process.env.TEST_DATABASE_URL && 'two instances need a PostgreSQL server (test:pg)';
const VISIT_LIMIT = 6;

let s: TestServer;
let a: FastifyInstance;
let b: FastifyInstance;
let admin: string;
before(async () => {
  if (pgOnly) return;
  s = await startTestServer({ rateLimits: { visit: { limit: VISIT_LIMIT, windowMs: 60_000 } } });
  a = s.app;
  b = await buildServer({
    logger: false,
    devEndpoints: true,
    testAccounts: true,
    print: () => {},
    dataDir: s.dataDir,
    databaseUrl: s.databaseUrl,
    rateLimits: { visit: { limit: VISIT_LIMIT, windowMs: 60_000 } },
  });
  admin = await login(a, 'admin', 'admin123');
});
after(async () => {
  await b?.close();
  await s?.close();
});

describe('two instances on one database', { skip: pgOnly }, () => {
  test('[ISSUE-26.1] a config value changed through A is answered by B on its next request', async () => {
    const key = '/system/config/configKey/sys.account.captchaEnabled';
    assert.equal((await req(b, { method: 'GET', url: key })).body.data, 'true', 'B has it cached');
    assert.equal((await req(b, { method: 'GET', url: key })).body.data, 'true');
    await req(a, { method: 'POST', url: '/dev/captcha-enabled?enabled=false' });
    assert.equal((await req(b, { method: 'GET', url: key })).body.data, 'false');
    await req(a, { method: 'POST', url: '/dev/captcha-enabled?enabled=true' });
    assert.equal((await req(b, { method: 'GET', url: key })).body.data, 'true');
  });

  test('[ISSUE-26.1] a channel renamed through A: B answers the new name in the channel and in article lists', async () => {
    const id = CHANNEL_IDS.news;
    const before = (await req(b, { method: 'GET', url: `/api/channel/${id}` })).body.name;
    const listed = (await req(b, { method: 'GET', url: `/api/article?channelId=${id}&limit=1` })).body[0];
    assert.equal(listed.channel.name, before);
    const [{ version }] = await rows<{ version: number }>(a.ctx.db, sql`SELECT version FROM channel WHERE id = ${id}`);
    const renamed = await req(a, { method: 'PUT', url: `/system/channel/${id}`, token: admin, payload: { name: '企业新闻', version } });
    assert.equal(renamed.body.code, 200, JSON.stringify(renamed.body));
    assert.equal((await req(b, { method: 'GET', url: `/api/channel/${id}` })).body.name, '企业新闻');
    assert.equal((await req(b, { method: 'GET', url: `/api/article?channelId=${id}&limit=1` })).body[0].channel.name, '企业新闻');
  });

  test('[ISSUE-26.1] an article published through A is in B’s list and page at once; withdrawn, it is gone from both', async () => {
    const list = `/api/article?channelId=${CHANNEL_IDS.news}&limit=100`;
    const page = `/api/article/page?channelId=${CHANNEL_IDS.news}&pageSize=100`;
    const ids = async (url: string) => {
      const body = (await req(b, { method: 'GET', url })).body;
      return ((Array.isArray(body) ? body : body.content) as { id: number }[]).map((x) => x.id);
    };
    const listedBefore = await ids(list);
    await ids(page);
    const created = await req(a, {
      method: 'POST',
      url: '/system/article',
      token: admin,
      payload: { channelId: CHANNEL_IDS.news, title: '两个实例之间的新闻', description: '摘要', text: '<p>正文</p>', tags: [], status: 0 },
    });
    assert.equal(created.body.code, 200, JSON.stringify(created.body));
    const art = created.body.data;
    assert.ok(!listedBefore.includes(art.id));
    assert.ok((await ids(list)).includes(art.id), 'B lists it');
    assert.ok((await ids(page)).includes(art.id), 'B pages it');
    const withdrawn = await req(a, {
      method: 'PUT',
      url: `/system/article/${art.id}/status`,
      token: admin,
      payload: { status: 2, version: art.version },
    });
    assert.equal(withdrawn.body.code, 200, JSON.stringify(withdrawn.body));
    assert.ok(!(await ids(list)).includes(art.id), 'B no longer lists it');
  });

  test('[ISSUE-26.1] a block item changed through A is answered by B', async () => {
    const [item] = await rows<{ id: number; block_id: number; version: number }>(
      a.ctx.db,
      sql`SELECT id, block_id, version FROM block_item WHERE enabled ORDER BY id LIMIT 1`,
    );
    const title = (await req(b, { method: 'GET', url: `/api/block-item?blockId=${item.block_id}` })).body.find(
      (x: { id: number }) => x.id === item.id,
    ).title;
    const changed = await req(a, {
      method: 'PUT',
      url: `/system/block-item/${item.id}`,
      token: admin,
      payload: { title: `${title}（改）`, version: item.version },
    });
    assert.equal(changed.body.code, 200, JSON.stringify(changed.body));
    const after = (await req(b, { method: 'GET', url: `/api/block-item?blockId=${item.block_id}` })).body.find(
      (x: { id: number }) => x.id === item.id,
    );
    assert.equal(after.title, `${title}（改）`);
  });

  test('[ISSUE-26.1] the visit limit counts across both instances; an exit through B of an entry taken by A is always taken', async () => {
    const ip = freshIp();
    const uv = String(Date.now()).slice(-9) + String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
    const record = (si: number, count: 0 | 1) => ({
      method: 'POST' as const,
      url: '/api/visit/1',
      ip,
      payload: {
        siteId: '1',
        url: 'http://site.test/',
        entryUrl: 'http://site.test/',
        referrer: '',
        si,
        uv,
        newVisitor: false,
        count,
        duration: count ? 0 : 3,
      },
    });
    for (let si = 1; si <= VISIT_LIMIT; si++) assert.equal((await req(si % 2 ? a : b, record(si, 1))).status, 200, `entry ${si}`);
    for (const app of [a, b]) {
      const over = await req(app, record(100, 1));
      assert.deepEqual([over.status, over.body], [429, { code: 429, msg: '访问记录过于频繁，请稍后再试' }]);
    }
    // entries 1, 3, 5 went to A: their exits through B are taken (the open sessions are in the database)
    for (const si of [1, 3, 5]) assert.equal((await req(b, record(si, 0))).status, 200, `exit ${si} through B`);
    assert.equal((await req(b, record(1, 0))).status, 429, 'a second exit of a closed session counts like an entry');
    const [n] = await rows<{ entries: number; exits: number }>(
      a.ctx.db,
      sql`SELECT count(*) FILTER (WHERE count = 1)::int AS entries, count(*) FILTER (WHERE count = 0)::int AS exits FROM visit WHERE uv = ${uv}`,
    );
    assert.deepEqual([Number(n.entries), Number(n.exits)], [VISIT_LIMIT, 3], 'every answered record is stored, nothing else');
  });
});
