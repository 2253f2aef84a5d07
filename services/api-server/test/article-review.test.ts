/**
 * Issue 34.3: publishing is its own right (文章管理·发布/下线, content:article:publish), with a review step. A writer
 * (文章管理 without 发布/下线) cannot publish or take an article off the site (403 naming the right as the role form
 * does, in 操作日志); it submits (待审核), which the public site does not show. A reviewer sees what waits (the
 * 待审核 filter and its count), sends it back with a comment (required) or publishes it (the render outbox is told);
 * each step is in the article's 记录.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { ARTICLE_STATUS, CHANNEL_IDS, type AdminArticle, type ArticleVersion, type RenderChanges } from '@site/contract';
import { rows } from '../src/db/index.js';
import { login, req, startTestServer, suiteServer } from './helpers.js';

const TOKEN = 'render-secret-34-3';
const NEWS = CHANNEL_IDS.news;
const { published, draft, offline, pending, returned } = ARTICLE_STATUS;

const s = suiteServer({ signIn: ['admin', 'editor'], env: { SITE_RENDER_HOOK_TOKEN: TOKEN } });

let seq = 0;
const uniq = (p: string) => `${p}${Date.now() % 100000}${seq++}`;

interface AuditRow {
  user_name: string;
  action: string;
  target_id: string | null;
  summary: string;
  after: Record<string, unknown> | null;
}
const auditOf = (userName: string) =>
  rows<AuditRow>(s.app.ctx.db, sql`SELECT * FROM audit_log WHERE resource = 'article' AND user_name = ${userName} ORDER BY id`);

/** A role (named from `label`) with the given menu rows, and a signed-in holder of it. */
async function staffWith(label: string, menuIds: number[]): Promise<{ userName: string; token: string }> {
  const roleKey = uniq(label);
  const role = await req(s.app, { method: 'POST', url: '/system/role', token: s.token.admin, payload: { roleKey, roleName: uniq(label), menuIds } });
  assert.equal(role.body.code, 200, JSON.stringify(role.body));
  const userName = uniq(label);
  const user = await req(s.app, {
    method: 'POST',
    url: '/system/user',
    token: s.token.admin,
    payload: { userName, nickName: label, password: 'First123', roles: [roleKey] },
  });
  assert.equal(user.body.code, 200, JSON.stringify(user.body));
  const first = await login(s.app, userName, 'First123');
  const changed = await req(s.app, {
    method: 'PUT',
    url: '/system/user/profile/updatePwd',
    token: first,
    payload: { oldPassword: 'First123', newPassword: 'Changed123' },
  });
  assert.equal(changed.body.code, 200, JSON.stringify(changed.body));
  return { userName, token: await login(s.app, userName, 'Changed123') };
}
/** 文章管理 and its actions 查询/查看/新增/修改/删除, not 发布/下线 (1016). */
const WRITER_MENUS = [1, 101, 1011, 1012, 1013, 1014, 1015];
const REVIEWER_MENUS = [...WRITER_MENUS, 1016];

const form = (over: Record<string, unknown> = {}) => ({
  channelId: NEWS,
  title: `审核测试 ${Math.random().toString(36).slice(2, 8)}`,
  description: '摘要',
  text: '<p>新产品发布会在北京举行。</p>',
  status: draft,
  publishDate: '2026-11-20 10:00:00',
  ...over,
});
const call = (token: string, o: Parameters<typeof req>[1]) => req(s.app, { token, ...o });
const get = async (token: string, id: number): Promise<AdminArticle & { version: number }> =>
  (await call(token, { method: 'GET', url: `/system/article/${id}` })).body.data;
const setStatus = (token: string, id: number, body: Record<string, unknown>) =>
  call(token, { method: 'PUT', url: `/system/article/${id}/status`, payload: body });
const isPublic = async (id: number) => (await req(s.app, { method: 'GET', url: `/api/article/${id}` })).status === 200;
const versions = async (token: string, id: number): Promise<ArticleVersion[]> =>
  (await call(token, { method: 'GET', url: `/system/article/${id}/versions` })).body.data;
const changesAfter = async (after: number): Promise<RenderChanges> =>
  (await req(s.app, { method: 'GET', url: `/internal/render/changes?after=${after}&wait=0`, headers: { 'x-render-token': TOKEN } })).body;
const lastChange = async () => (await changesAfter(0)).changes.at(-1)?.id ?? 0;

describe('article review (issue 34.3)', () => {
  test('[issue 34.3] publishing is its own action of 文章管理; the seeded editor and administrator keep it', async () => {
    const menus = (await call(s.token.admin, { method: 'GET', url: '/system/role/menus' })).body.data as {
      menuId: number;
      parentId: number;
      menuName: string;
      perms: string | null;
    }[];
    const row = menus.find((m) => m.perms === 'content:article:publish');
    assert.ok(row, 'the action row');
    assert.equal(row.parentId, 101);
    assert.equal(row.menuName, '文章发布/下线');
    for (const token of [s.token.admin, s.token.editor]) {
      const a = (await call(token, { method: 'POST', url: '/system/article', payload: form() })).body.data;
      const r = await setStatus(token, a.id, { status: published, version: a.version });
      assert.equal(r.body.code, 200, JSON.stringify(r.body));
      assert.ok(await isPublic(a.id));
    }
  });

  test('[issue 34.3] a writer without 发布/下线 cannot publish (403 naming the right, in 操作日志); it submits (待审核), which is not public', async () => {
    const writer = await staffWith('writer', WRITER_MENUS);
    const info = (await call(writer.token, { method: 'GET', url: '/getInfo' })).body;
    assert.ok(info.permissions.includes('content:article:edit'));
    assert.ok(!info.permissions.includes('content:article:publish'));

    // Saving as published, or publishing a draft: refused, named as the role form names it, audited.
    const asPublished = await call(writer.token, { method: 'POST', url: '/system/article', payload: form({ status: published }) });
    assert.equal(asPublished.status, 403);
    assert.match(asPublished.body.msg, /您没有“文章管理·发布\/下线”权限，不能发布文章/);
    const a = (await call(writer.token, { method: 'POST', url: '/system/article', payload: form() })).body.data;
    const pub = await setStatus(writer.token, a.id, { status: published, version: a.version });
    assert.equal(pub.status, 403);
    assert.match(pub.body.msg, /文章管理·发布\/下线/);
    const refused = (await auditOf(writer.userName)).filter((r) => r.action === 'refused');
    assert.equal(refused.length, 2);
    assert.equal(refused[1].target_id, String(a.id));
    assert.equal(refused[1].after?.result, '已拒绝');
    assert.equal((await get(s.token.admin, a.id)).status, draft, 'nothing changed');

    // Taking a published article off the site, or editing its live content: refused too.
    const live = (await call(s.token.admin, { method: 'POST', url: '/system/article', payload: form({ status: published }) })).body.data;
    assert.equal((await setStatus(writer.token, live.id, { status: offline, version: live.version })).status, 403);
    assert.equal((await setStatus(writer.token, live.id, { status: pending, version: live.version })).status, 403);
    const liveEdit = await call(writer.token, {
      method: 'PUT',
      url: `/system/article/${live.id}`,
      payload: form({ title: '改了已发布的', status: published, version: live.version }),
    });
    assert.equal(liveEdit.status, 403);
    assert.ok(await isPublic(live.id));

    // Submitting: 待审核, not public.
    const sub = await setStatus(writer.token, a.id, { status: pending, version: a.version });
    assert.equal(sub.body.code, 200, JSON.stringify(sub.body));
    assert.equal(sub.body.data.status, pending);
    assert.equal(await isPublic(a.id), false);
    const again = await setStatus(writer.token, a.id, { status: pending, version: sub.body.data.version });
    assert.equal(again.status, 400);
    // A new article saved for publication is submitted with it.
    const direct = await call(writer.token, { method: 'POST', url: '/system/article', payload: form({ status: pending }) });
    assert.equal(direct.body.code, 200, JSON.stringify(direct.body));
    assert.equal(direct.body.data.status, pending);
    assert.equal(await isPublic(direct.body.data.id), false);
    // Nor may a writer send one back.
    const back = await setStatus(writer.token, direct.body.data.id, { status: returned, version: direct.body.data.version, comment: '不行' });
    assert.equal(back.status, 403);
  });

  test('[issue 34.3] review: the reviewer sees it waiting, sends it back with a comment (required), the writer resubmits, the reviewer publishes: public, in the outbox, each step in 记录', async () => {
    const writer = await staffWith('writer', WRITER_MENUS);
    const reviewer = await staffWith('reviewer', REVIEWER_MENUS);
    const count = async () => (await call(reviewer.token, { method: 'GET', url: '/system/article/review/count' })).body.data as number;
    const waiting = async () =>
      ((await call(reviewer.token, { method: 'GET', url: `/system/article/list?status=${pending}&pageSize=100` })).body.rows as AdminArticle[]).map(
        (r) => r.id,
      );
    const before = await count();

    const a = (await call(writer.token, { method: 'POST', url: '/system/article', payload: form() })).body.data;
    const sub = (await setStatus(writer.token, a.id, { status: pending, version: a.version })).body.data;
    assert.equal(await count(), before + 1);
    assert.ok((await waiting()).includes(a.id), 'in the 待审核 filter');

    // 退回 needs a comment.
    const bare = await setStatus(reviewer.token, a.id, { status: returned, version: sub.version });
    assert.equal(bare.status, 400);
    assert.equal(bare.body.msg, '请填写退回意见');
    const blank = await setStatus(reviewer.token, a.id, { status: returned, version: sub.version, comment: '   ' });
    assert.equal(blank.body.msg, '请填写退回意见');
    const back = await setStatus(reviewer.token, a.id, { status: returned, version: sub.version, comment: '标题请写明发布会日期' });
    assert.equal(back.body.code, 200, JSON.stringify(back.body));
    assert.equal(await count(), before);
    assert.equal(await isPublic(a.id), false);

    // The writer sees 已退回 and the comment, in the list and the article.
    const mine = (
      (await call(writer.token, { method: 'GET', url: `/system/article/list?status=${returned}&pageSize=100` })).body.rows as AdminArticle[]
    ).find((r) => r.id === a.id);
    assert.equal(mine?.reviewComment, '标题请写明发布会日期');
    const seen = await get(writer.token, a.id);
    assert.equal(seen.status, returned);
    assert.equal(seen.reviewComment, '标题请写明发布会日期');

    // Edits and submits again with the save.
    const resub = await call(writer.token, {
      method: 'PUT',
      url: `/system/article/${a.id}`,
      payload: form({ title: '11月20日新产品发布会', status: pending, version: seen.version }),
    });
    assert.equal(resub.body.code, 200, JSON.stringify(resub.body));
    assert.equal(resub.body.data.status, pending);
    assert.equal(resub.body.data.reviewComment, null);
    assert.ok((await waiting()).includes(a.id));

    // Published by the reviewer: public and in the render outbox.
    const mark = await lastChange();
    const ok = await setStatus(reviewer.token, a.id, { status: published, version: resub.body.data.version });
    assert.equal(ok.body.code, 200, JSON.stringify(ok.body));
    assert.ok(await isPublic(a.id));
    assert.deepEqual(
      (await changesAfter(mark)).changes.map((c) => c.change),
      [{ kind: 'article', id: a.id, channelId: NEWS }],
    );

    // 下线 by the reviewer.
    const off = await setStatus(reviewer.token, a.id, { status: offline, version: ok.body.data.version });
    assert.equal(off.body.code, 200);
    assert.equal(await isPublic(a.id), false);

    // Each step in 记录, with who did it and the send-back's comment.
    const list = await versions(writer.token, a.id);
    assert.deepEqual(
      list.map((v) => [v.action, v.userName, v.note ?? null]),
      [
        ['offline', reviewer.userName, null],
        ['approve', reviewer.userName, null],
        ['submit', writer.userName, null],
        ['return', reviewer.userName, '标题请写明发布会日期'],
        ['submit', writer.userName, null],
        ['add', writer.userName, null],
      ],
    );
    const trail = (await call(writer.token, { method: 'GET', url: `/system/article/${a.id}/history` })).body.data as { action: string }[];
    assert.deepEqual(
      trail.map((e) => e.action),
      ['offline', 'approve', 'submit', 'return', 'submit', 'add'],
    );
  });

  test('[issue 44.3] no side door: without 发布/下线 a published article is not deleted (403, in 操作日志, still public), and one a publisher deleted comes back from 回收站 as 草稿, not public', async () => {
    // 文章管理 with 删除, and 回收站 with 恢复 (1102), not 发布/下线.
    const clerk = await staffWith('clerk', [...WRITER_MENUS, 102, 1102]);
    const live = (await call(s.token.admin, { method: 'POST', url: '/system/article', payload: form({ status: published }) })).body.data;
    const draftOne = (await call(clerk.token, { method: 'POST', url: '/system/article', payload: form() })).body.data;
    const refused = await call(clerk.token, { method: 'DELETE', url: `/system/article/${live.id},${draftOne.id}` });
    assert.equal(refused.status, 403);
    assert.match(refused.body.msg, /您没有“文章管理·发布\/下线”权限，不能删除已发布的文章/);
    assert.ok(await isPublic(live.id), 'still on the site');
    assert.equal((await get(s.token.admin, draftOne.id)).id, draftOne.id, 'nothing deleted, the draft neither');
    const audit = (await auditOf(clerk.userName)).filter((r) => r.action === 'refused');
    assert.equal(audit.at(-1)?.summary, `删除已发布的文章：${live.title}`);
    // A draft the clerk may delete, as before.
    assert.equal((await call(clerk.token, { method: 'DELETE', url: `/system/article/${draftOne.id}` })).body.code, 200);

    // The publisher deletes the live one; the clerk restores it: back, as 草稿, not public.
    assert.equal((await call(s.token.admin, { method: 'DELETE', url: `/system/article/${live.id}` })).body.code, 200);
    assert.equal(await isPublic(live.id), false);
    const restored = await call(clerk.token, { method: 'PUT', url: `/system/article-recycle/${live.id}/restore` });
    assert.equal(restored.body.code, 200, JSON.stringify(restored.body));
    assert.equal((await get(s.token.admin, live.id)).status, draft);
    assert.equal(await isPublic(live.id), false);
    // A publisher restoring puts a published one back as it was: on the site.
    const other = (await call(s.token.admin, { method: 'POST', url: '/system/article', payload: form({ status: published }) })).body.data;
    assert.equal((await call(s.token.admin, { method: 'DELETE', url: `/system/article/${other.id}` })).body.code, 200);
    assert.equal((await call(s.token.admin, { method: 'PUT', url: `/system/article-recycle/${other.id}/restore` })).body.code, 200);
    assert.equal((await get(s.token.admin, other.id)).status, published);
    assert.ok(await isPublic(other.id));
  });

  test('[issue 34.3] only a submitted article is sent back; a writer cannot restore a version over a published article', async () => {
    const reviewer = await staffWith('reviewer', REVIEWER_MENUS);
    const writer = await staffWith('writer', WRITER_MENUS);
    const d = (await call(reviewer.token, { method: 'POST', url: '/system/article', payload: form() })).body.data;
    const r = await setStatus(reviewer.token, d.id, { status: returned, version: d.version, comment: '意见' });
    assert.equal(r.status, 400);
    assert.equal(r.body.msg, '只能退回待审核的文章');

    const live = (await call(s.token.admin, { method: 'POST', url: '/system/article', payload: form({ status: published }) })).body.data;
    const edited = (
      await call(s.token.admin, {
        method: 'PUT',
        url: `/system/article/${live.id}`,
        payload: form({ title: '第二版', status: published, version: live.version }),
      })
    ).body.data;
    const restore = await call(writer.token, {
      method: 'POST',
      url: `/system/article/${live.id}/versions/1/restore`,
      payload: { version: edited.version },
    });
    assert.equal(restore.status, 403);
    assert.match(restore.body.msg, /文章管理·发布\/下线/);
  });
});

describe('upgrade (issue 34.3)', () => {
  test('[issue 34.3] a database made before migration 027 gets 发布/下线, and every role that could publish (it may edit articles) keeps publishing', async () => {
    const old = await startTestServer();
    let current = old;
    try {
      const db = old.app.ctx.db;
      await db.execute(sql`DELETE FROM sys_role_menu WHERE menu_id = 1016`);
      await db.execute(sql`DELETE FROM sys_menu WHERE menu_id = 1016`);
      await db.execute(sql`UPDATE sys_role SET perms = perms - 'content:article:publish'`);
      await db.execute(
        sql`INSERT INTO sys_role (role_key, role_name, perms) VALUES
          ('news_writer', '新闻撰稿', '["content:article:list","content:article:query","content:article:edit"]'::jsonb),
          ('news_reader', '新闻阅读', '["content:article:list","content:article:query"]'::jsonb)`,
      );
      await db.execute(sql`INSERT INTO sys_role_menu (role_key, menu_id) VALUES ('news_writer', 101), ('news_reader', 101)`);
      await db.execute(sql`DELETE FROM schema_migrations WHERE name = '027_article_review.sql'`);
      const up = await old.restart();
      current = up;
      const roles = await rows<{ role_key: string; perms: string[]; menu: boolean }>(
        up.app.ctx.db,
        sql`SELECT r.role_key, r.perms, EXISTS (SELECT 1 FROM sys_role_menu m WHERE m.role_key = r.role_key AND m.menu_id = 1016) AS menu
            FROM sys_role r WHERE r.role_key IN ('admin', 'editor', 'news_writer', 'news_reader') ORDER BY r.role_key`,
      );
      assert.deepEqual(
        roles.map((r) => [r.role_key, r.perms.includes('content:article:publish'), r.menu]),
        [
          ['admin', false, true],
          ['editor', true, true],
          ['news_reader', false, false],
          ['news_writer', true, true],
        ],
      );
      const [menu] = await rows<{ menu_name: string; parent_id: number; perms: string }>(
        up.app.ctx.db,
        sql`SELECT menu_name, parent_id, perms FROM sys_menu WHERE menu_id = 1016`,
      );
      assert.deepEqual(menu, { menu_name: '文章发布/下线', parent_id: 101, perms: 'content:article:publish' });
    } finally {
      await current.close();
    }
  });
});
