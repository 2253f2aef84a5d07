/**
 * Issue 27.3: an article's versions (记录: the difference between two, 恢复此版本) and the recycle bin (回收站:
 * deleted articles listed, restored under their own id, purged for good); issue 27.5: SEO title and keywords, and the
 * image library (媒体库). Restores reach the page renderer through the render outbox, in the write's transaction.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CHANNEL_IDS,
  RECYCLE_CHANNEL_GONE_MSG,
  STALE_WRITE_MSG,
  type ArticleVersion,
  type ArticleVersionDiff,
  type MediaImage,
  type RecycledArticle,
  type RenderChanges,
} from '@site/contract';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/index.js';
import { login, multipart, PNG_1x1, req, startTestServer, suiteServer } from './helpers.js';

const TOKEN = 'render-secret-27-3';
const NEWS = CHANNEL_IDS.news;

const s = suiteServer({ signIn: ['admin', 'editor', 'customer'], env: { SITE_RENDER_HOOK_TOKEN: TOKEN } });

const call = (o: Parameters<typeof req>[1], token = s.token.admin) => req(s.app, { token, ...o });
const form = (over: Record<string, unknown> = {}) => ({
  channelId: NEWS,
  title: `版本测试 ${Math.random().toString(36).slice(2, 8)}`,
  description: '摘要',
  text: '<p>公司发布了新产品，性能提升明显。</p>',
  tags: ['新品'],
  status: 0,
  // A fixed publish time: without one, a save takes the current second, and a write that crosses into the next
  // second would show 发布时间 among the changes.
  publishDate: '2026-11-20 10:00:00',
  ...over,
});
const create = async (over: Record<string, unknown> = {}, token = s.token.admin) => {
  const r = await call({ method: 'POST', url: '/system/article', payload: form(over) }, token);
  assert.equal(r.body.code, 200, JSON.stringify(r.body));
  return r.body.data as { id: number; version: number; title: string; status: number; channelId: number };
};
const edit = async (id: number, over: Record<string, unknown>, version: number) => {
  const r = await call({ method: 'PUT', url: `/system/article/${id}`, payload: form({ ...over, version }) });
  assert.equal(r.body.code, 200, JSON.stringify(r.body));
  return r.body.data as { version: number; title: string; text: string };
};
const versions = async (id: number): Promise<ArticleVersion[]> => (await call({ method: 'GET', url: `/system/article/${id}/versions` })).body.data;
const diff = async (id: number, from: number, to: number): Promise<ArticleVersionDiff> =>
  (await call({ method: 'GET', url: `/system/article/${id}/versions/diff?from=${from}&to=${to}` })).body.data;
const changesAfter = async (after: number): Promise<RenderChanges> =>
  (await req(s.app, { method: 'GET', url: `/internal/render/changes?after=${after}&wait=0`, headers: { 'x-render-token': TOKEN } })).body;
const lastChange = async () => (await changesAfter(0)).changes.at(-1)?.id ?? 0;
const recycled = async (token = s.token.admin): Promise<RecycledArticle[]> =>
  (await call({ method: 'GET', url: '/system/article-recycle/list?pageSize=100' }, token)).body.rows;

describe('article versions (issue 27.3)', () => {
  test('[ISSUE-27.3] every write is a version; two versions differ by the fields and the words that changed', async () => {
    const a = await create();
    const b = await edit(a.id, { title: '新标题', text: '<p>公司今天发布了两款新产品，性能提升明显。</p>', tags: ['新品', '发布'] }, a.version);
    const c = (await call({ method: 'PUT', url: `/system/article/${a.id}/status`, payload: { status: 2, version: b.version } })).body.data;
    const list = await versions(a.id);
    assert.deepEqual(
      list.map((v) => [v.version, v.action, v.current, v.userName]),
      [
        [3, 'offline', true, 'admin'],
        [2, 'edit', false, 'admin'],
        [1, 'add', false, 'admin'],
      ],
    );
    assert.equal(c.version, 3);

    const d = await diff(a.id, 1, 2);
    assert.deepEqual(
      d.fields.map((f) => [f.label, f.before, f.after]),
      [
        ['标题', a.title, '新标题'],
        ['标签', '新品', '新品、发布'],
        ['正文', '公司发布了新产品，性能提升明显。', '公司今天发布了两款新产品，性能提升明显。'],
      ],
    );
    assert.deepEqual(
      d.text.filter((p) => p.added || p.removed),
      [
        { value: '今天', added: true },
        { value: '两款', added: true },
      ],
    );
    assert.deepEqual(
      (await diff(a.id, 2, 3)).fields.map((f) => [f.label, f.before, f.after]),
      [['状态', '已发布', '已下线']],
    );
    assert.equal((await call({ method: 'GET', url: `/system/article/${a.id}/versions/diff?from=1&to=9` })).body.code, 404);
  });

  test('[ISSUE-27.3] 恢复此版本 makes a new version with that content, keeps the state, and feeds the renderer', async () => {
    const a = await create();
    const b = await edit(a.id, { title: '改坏的标题', text: '<p>被改坏的正文</p>', channelId: CHANNEL_IDS.news }, a.version);
    const mark = await lastChange();
    // A stale present version is refused and changes nothing.
    const stale = await call({ method: 'POST', url: `/system/article/${a.id}/versions/1/restore`, payload: { version: a.version } });
    assert.equal(stale.body.code, 409);
    assert.equal(stale.body.msg, STALE_WRITE_MSG);

    const r = await call({ method: 'POST', url: `/system/article/${a.id}/versions/1/restore`, payload: { version: b.version } });
    assert.equal(r.body.code, 200, JSON.stringify(r.body));
    assert.equal(r.body.data.version, 3);
    assert.equal(r.body.data.title, a.title);
    assert.equal(r.body.data.text, '<p>公司发布了新产品，性能提升明显。</p>');
    assert.equal(r.body.data.status, 0);
    assert.equal((await req(s.app, { method: 'GET', url: `/api/article/${a.id}` })).body.title, a.title, 'the public detail shows it');
    const [newest] = await versions(a.id);
    assert.deepEqual([newest.version, newest.action, newest.current], [3, 'restore', true]);
    assert.deepEqual((await diff(a.id, 1, 3)).fields, [], 'version 3 is version 1 again');
    assert.deepEqual(
      (await changesAfter(mark)).changes.map((c) => c.change),
      [{ kind: 'article', id: a.id, channelId: NEWS }],
    );
    const audit = (await call({ method: 'GET', url: `/system/article/${a.id}/history` })).body.data[0];
    assert.equal(audit.action, 'restore');
    assert.equal(audit.summary, `${a.title}（恢复到版本 1）`);

    const same = await call({ method: 'POST', url: `/system/article/${a.id}/versions/3/restore`, payload: { version: 3 } });
    assert.equal(same.body.code, 400);
    assert.equal(same.body.msg, '已是当前版本');
    // The editor may edit, so may restore; a customer may not.
    assert.equal(
      (await call({ method: 'POST', url: `/system/article/${a.id}/versions/2/restore`, payload: { version: 3 } }, s.token.editor)).body.code,
      200,
    );
    assert.equal(
      (await call({ method: 'POST', url: `/system/article/${a.id}/versions/1/restore`, payload: { version: 4 } }, s.token.customer)).status,
      403,
    );
  });

  test('[ISSUE-27.3] a long body comes back exactly (the audit trail cuts at 20,000 characters; versions do not)', async () => {
    const long = `<p>${'长'.repeat(60_000)}</p>`;
    const a = await create({ text: long });
    const b = await edit(a.id, { text: '<p>短</p>' }, a.version);
    const r = await call({ method: 'POST', url: `/system/article/${a.id}/versions/1/restore`, payload: { version: b.version } });
    assert.equal(r.body.data.text, long);
  });

  test('[ISSUE-27.3] two long versions (100,000 characters) compare to the one sentence that changed; a rewrite beyond 5,000 word edits is shown whole', async () => {
    const para = (i: number, what = '公司发布了新产品') => `<p>第${i}段：${what}，性能提升明显，客户反馈良好，运维成本下降。</p>`;
    const body = (change: (i: number) => string) => Array.from({ length: 3000 }, (_, i) => change(i)).join('');
    const a = await create({ text: body((i) => para(i)) });
    const b = await edit(a.id, { title: a.title, text: body((i) => (i === 1500 ? para(i, '集团发布了新产品') : para(i))) }, a.version);
    const d = await diff(a.id, 1, 2);
    assert.deepEqual(
      d.text.filter((p) => p.added || p.removed),
      [
        { value: '公司', removed: true },
        { value: '集团', added: true },
      ],
    );
    await edit(a.id, { title: a.title, text: body((i) => para(i, '集团推出了新方案')) }, b.version);
    const rewrite = await diff(a.id, 2, 3);
    assert.deepEqual(
      rewrite.text.map((p) => [p.added ?? false, p.removed ?? false, p.value.length > 100_000]),
      [
        [false, true, true],
        [true, false, true],
      ],
    );
  });

  test('[ISSUE-27.3] a seeded article (no version stored) shows its present state, and its first edit keeps it as 原始版本', async () => {
    const seeded = (await call({ method: 'GET', url: `/system/article/list?channelId=${NEWS}&pageSize=1&orderByColumn=publishDate&isAsc=asc` })).body
      .rows[0];
    const before = await versions(seeded.id);
    assert.deepEqual(
      before.map((v) => [v.version, v.action, v.current]),
      [[seeded.version, 'baseline', true]],
    );
    const detail = (await call({ method: 'GET', url: `/system/article/${seeded.id}` })).body.data;
    await edit(seeded.id, { ...detail, title: `${detail.title}（修订）` }, detail.version);
    const after = await versions(seeded.id);
    assert.deepEqual(
      after.map((v) => [v.version, v.action]),
      [
        [seeded.version + 1, 'edit'],
        [seeded.version, 'baseline'],
      ],
    );
    // The seed's HTML is stored as written; a save sanitises it, which may respell it (正文 may differ too).
    assert.deepEqual(
      (await diff(seeded.id, seeded.version, seeded.version + 1)).fields.map((f) => f.label).filter((l) => l !== '正文'),
      ['标题'],
    );
  });
});

describe('回收站 (issue 27.3)', () => {
  test('[ISSUE-27.3] a deleted article is in the recycle bin; restored, it is back under its id with its versions, public again', async () => {
    const a = await create();
    const b = await edit(a.id, { title: `${a.title} 二` }, a.version);
    assert.equal((await call({ method: 'DELETE', url: `/system/article/${a.id}` })).body.code, 200);
    assert.equal((await req(s.app, { method: 'GET', url: `/api/article/${a.id}` })).status, 404);
    const row = (await recycled()).find((r) => r.id === a.id);
    assert.deepEqual(row && [row.title, row.channelName, row.deletedBy], [b.title, '新闻中心', 'admin']);

    const mark = await lastChange();
    assert.equal((await call({ method: 'PUT', url: `/system/article-recycle/${a.id}/restore` })).body.code, 200);
    assert.ok(!(await recycled()).some((r) => r.id === a.id), 'gone from the bin');
    const back = (await call({ method: 'GET', url: `/system/article/${a.id}` })).body.data;
    assert.deepEqual([back.title, back.status, back.version], [b.title, 0, 3]);
    assert.equal((await req(s.app, { method: 'GET', url: `/api/article/${a.id}` })).body.title, b.title);
    assert.deepEqual(
      (await versions(a.id)).map((v) => [v.version, v.action]),
      [
        [3, 'recover'],
        [2, 'edit'],
        [1, 'add'],
      ],
    );
    assert.deepEqual(
      (await changesAfter(mark)).changes.map((c) => c.change),
      [{ kind: 'article', id: a.id, channelId: NEWS }],
    );
    assert.equal((await call({ method: 'GET', url: `/system/article/${a.id}/history` })).body.data[0].action, 'recover');
  });

  test('[ISSUE-27.3] purged, an article and its versions are gone for good', async () => {
    const a = await create();
    await call({ method: 'DELETE', url: `/system/article/${a.id}` });
    const purge = await call({ method: 'DELETE', url: `/system/article-recycle/${a.id}` });
    assert.equal(purge.body.code, 200);
    assert.ok(!(await recycled()).some((r) => r.id === a.id));
    const again = await call({ method: 'PUT', url: `/system/article-recycle/${a.id}/restore` });
    assert.equal(again.body.code, 404);
    assert.equal(again.body.msg, '回收站中没有这篇文章');
    const audit = (await call({ method: 'GET', url: `/system/article/${a.id}/history` })).body.data[0];
    assert.deepEqual([audit.action, audit.summary], ['purge', a.title]);
    // Re-created under the same id would be impossible; the versions table holds nothing of it any more.
    assert.equal((await call({ method: 'GET', url: `/system/article/${a.id}/versions` })).body.code, 404);
  });

  test('[ISSUE-27.3] an article whose channel was deleted meanwhile is not restored into nothing', async () => {
    const ch = await call({
      method: 'POST',
      url: '/system/channel',
      payload: { parentId: NEWS, name: `临时栏目${Date.now() % 100000}`, alias: `tmp${Date.now() % 100000}` },
    });
    assert.equal(ch.body.code, 200, JSON.stringify(ch.body));
    const a = await create({ channelId: ch.body.data.id });
    await call({ method: 'DELETE', url: `/system/article/${a.id}` });
    assert.equal((await call({ method: 'DELETE', url: `/system/channel/${ch.body.data.id}` })).body.code, 200);
    const r = await call({ method: 'PUT', url: `/system/article-recycle/${a.id}/restore` });
    assert.equal(r.body.code, 400);
    assert.equal(r.body.msg, `《${a.title}》${RECYCLE_CHANNEL_GONE_MSG}`);
    assert.ok(
      (await recycled()).some((x) => x.id === a.id),
      'still in the bin',
    );
  });

  test('[ISSUE-27.3] who may: those who may delete articles (admin); the editor and customers may not; the menu follows', async () => {
    const a = await create();
    await call({ method: 'DELETE', url: `/system/article/${a.id}` });
    assert.equal((await call({ method: 'GET', url: '/system/article-recycle/list' }, s.token.editor)).status, 403);
    assert.equal((await call({ method: 'PUT', url: `/system/article-recycle/${a.id}/restore` }, s.token.editor)).status, 403);
    assert.equal((await call({ method: 'DELETE', url: `/system/article-recycle/${a.id}` }, s.token.customer)).status, 403);
    assert.equal((await req(s.app, { method: 'GET', url: '/system/article-recycle/list' })).status, 401);
    const names = (routes: { name?: string; meta?: { title: string }; children?: unknown[] }[]): string[] =>
      routes.flatMap((r) => [r.meta?.title ?? '', ...names((r.children ?? []) as typeof routes)]);
    assert.ok(names((await call({ method: 'GET', url: '/getRouters' })).body.data).includes('回收站'), 'admin sees 回收站');
    assert.ok(!names((await call({ method: 'GET', url: '/getRouters' }, s.token.editor)).body.data).includes('回收站'), 'the editor does not');
    const menu = (await call({ method: 'GET', url: '/system/role/menus' })).body.data as {
      menuId: number;
      parentId: number;
      menuName: string;
      perms: string;
    }[];
    assert.deepEqual(
      menu.filter((m) => m.menuId === 102 || m.parentId === 102).map((m) => [m.menuName, m.perms]),
      [
        ['回收站', 'content:recycle:list'],
        ['回收站查询', 'content:recycle:query'],
        ['回收站恢复', 'content:recycle:edit'],
        ['彻底删除', 'content:recycle:delete'],
      ],
      '角色管理 offers the page and its actions',
    );
  });
});

describe('SEO fields and 媒体库 (issue 27.5)', () => {
  test('[ISSUE-27.5] SEO title and keywords are stored, edited, answered to the admin and to the public page', async () => {
    const a = await create({ seoTitle: '  新品发布会 | 官网  ', seoKeywords: '新品,发布会' });
    const got = (await call({ method: 'GET', url: `/system/article/${a.id}` })).body.data;
    assert.deepEqual([got.seoTitle, got.seoKeywords], ['新品发布会 | 官网', '新品,发布会']);
    const pub = (await req(s.app, { method: 'GET', url: `/api/article/${a.id}` })).body;
    assert.deepEqual([pub.seoTitle, pub.seoKeywords, pub.tags], ['新品发布会 | 官网', '新品,发布会', ['新品']]);
    await edit(a.id, { title: a.title, seoTitle: '', seoKeywords: null }, a.version);
    const cleared = (await req(s.app, { method: 'GET', url: `/api/article/${a.id}` })).body;
    assert.deepEqual([cleared.seoTitle, cleared.seoKeywords], [null, null]);
    assert.deepEqual(
      (await diff(a.id, 1, 2)).fields.map((f) => [f.label, f.before, f.after]),
      [
        ['SEO 标题', '新品发布会 | 官网', ''],
        ['SEO 关键词', '新品,发布会', ''],
      ],
    );
  });

  test('[ISSUE-27.5] add and edit validate the same fields the same way (the edit body is the add body and a version)', async () => {
    const a = await create();
    const tooLong = { seoTitle: '题'.repeat(301), seoKeywords: '词'.repeat(501) };
    for (const r of [
      await call({ method: 'POST', url: '/system/article', payload: form({ seoTitle: tooLong.seoTitle }) }),
      await call({ method: 'PUT', url: `/system/article/${a.id}`, payload: form({ seoTitle: tooLong.seoTitle, version: a.version }) }),
    ]) {
      assert.equal(r.body.code, 400);
      assert.equal(r.body.msg, 'SEO 标题不能超过300个字符');
    }
    for (const r of [
      await call({ method: 'POST', url: '/system/article', payload: form({ seoKeywords: tooLong.seoKeywords }) }),
      await call({ method: 'PUT', url: `/system/article/${a.id}`, payload: form({ seoKeywords: tooLong.seoKeywords, version: a.version }) }),
    ]) {
      assert.equal(r.body.code, 400);
      assert.equal(r.body.msg, 'SEO 关键词不能超过500个字符');
    }
    const noVersion = await call({ method: 'PUT', url: `/system/article/${a.id}`, payload: form() });
    assert.equal(noVersion.body.code, 400);
    assert.equal(noVersion.body.msg, '版本号不能为空');
  });

  test('[ISSUE-27.5] 媒体库 lists the content images staff uploaded, newest first; not avatars, documents or what customers upload', async () => {
    const up = async (url: string, field: string, name: string, token: string, bytes = PNG_1x1, type = 'image/png') => {
      const m = multipart(field, name, bytes, type);
      return (await req(s.app, { method: 'POST', url, token, payload: m.payload, headers: m.headers })).body;
    };
    const first = await up('/common/upload', 'file', '产品图一.png', s.token.admin);
    const second = await up('/common/upload', 'file', '产品图二.png', s.token.editor);
    const avatar = await up('/system/user/profile/avatar', 'avatarfile', '头像.png', s.token.admin);
    const theirs = await up('/common/upload', 'file', '客户的图.png', s.token.customer);
    const pdf = await up(
      '/system/article/upload?kind=document',
      'file',
      '手册.pdf',
      s.token.admin,
      Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
      'application/pdf',
    );
    for (const r of [first, second, avatar, theirs, pdf]) assert.equal(r.code, 200, JSON.stringify(r));

    const page = (await call({ method: 'GET', url: '/system/article/media?pageSize=100' }, s.token.editor)).body;
    const urls = (page.rows as MediaImage[]).map((m) => m.url);
    assert.deepEqual(urls.slice(0, 2), [second.url, first.url]);
    assert.ok(!urls.includes(avatar.imgUrl), 'no avatar');
    assert.ok(!urls.includes(theirs.url), 'nothing a customer uploaded');
    assert.ok(!urls.includes(pdf.url), 'no document');
    assert.deepEqual([page.rows[0].name, page.rows[0].size], ['产品图二.png', PNG_1x1.length]);
    const named = (await call({ method: 'GET', url: `/system/article/media?name=${encodeURIComponent('产品图一')}` })).body;
    assert.deepEqual(
      (named.rows as MediaImage[]).map((m) => m.url),
      [first.url],
    );
    assert.equal((await call({ method: 'GET', url: '/system/article/media' }, s.token.customer)).status, 403);
  });
});

describe('upgrade (issue 27.3, migration 021)', () => {
  test('[ISSUE-27.3] a database made before migration 021 gets 回收站 for the roles that may delete articles, and its avatars stay out of 媒体库', async () => {
    const old = await startTestServer();
    let current = old;
    try {
      const db = old.app.ctx.db;
      const token = await login(old.app, 'admin', 'admin123');
      const m = multipart('avatarfile', '头像.png', PNG_1x1, 'image/png');
      const avatar = (await req(old.app, { method: 'POST', url: '/system/user/profile/avatar', token, payload: m.payload, headers: m.headers })).body
        .imgUrl;
      // As on a database of the previous release: a role of its own that may delete articles, none of 021's rows.
      await db.execute(
        sql`INSERT INTO sys_role (role_key, role_name, perms) VALUES ('news_chief', '新闻主编', '["content:article:list","content:article:delete"]'::jsonb)`,
      );
      await db.execute(sql`INSERT INTO sys_role_menu (role_key, menu_id) VALUES ('news_chief', 1), ('news_chief', 101), ('news_chief', 1015)`);
      await db.execute(sql`DELETE FROM sys_role_menu WHERE menu_id IN (102, 1101, 1102, 1103)`);
      await db.execute(sql`DELETE FROM sys_menu WHERE menu_id IN (102, 1101, 1102, 1103)`);
      await db.execute(sql`DROP TABLE article_version`);
      await db.execute(sql`DROP TABLE article_recycle`);
      await db.execute(sql`ALTER TABLE article DROP COLUMN seo_title, DROP COLUMN seo_keywords`);
      await db.execute(sql`ALTER TABLE upload_file DROP COLUMN purpose`);
      await db.execute(sql`DELETE FROM schema_migrations WHERE name = '021_article_versions_recycle.sql'`);
      const up = await old.restart();
      current = up;
      const menusOf = async (role: string) =>
        (
          await rows<{ menu_id: number }>(
            up.app.ctx.db,
            sql`SELECT menu_id FROM sys_role_menu WHERE role_key = ${role} AND (menu_id = 102 OR menu_id BETWEEN 1101 AND 1103) ORDER BY 1`,
          )
        ).map((r) => r.menu_id);
      assert.deepEqual(await menusOf('admin'), [102, 1101, 1102, 1103]);
      assert.deepEqual(await menusOf('news_chief'), [102, 1101, 1102, 1103]);
      assert.deepEqual(await menusOf('editor'), []);
      const [chief] = await rows<{ perms: string[] }>(up.app.ctx.db, sql`SELECT perms FROM sys_role WHERE role_key = 'news_chief'`);
      assert.deepEqual(chief.perms, [
        'content:article:list',
        'content:article:delete',
        'content:recycle:list',
        'content:recycle:query',
        'content:recycle:edit',
        'content:recycle:delete',
      ]);
      const admin2 = await login(up.app, 'admin', 'admin123');
      const media = (await req(up.app, { method: 'GET', url: '/system/article/media?pageSize=100', token: admin2 })).body.rows as MediaImage[];
      assert.ok(!media.some((x) => x.url === avatar), 'the avatar uploaded before is not offered');
    } finally {
      await current.close();
    }
  });
});
