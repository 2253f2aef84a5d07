/**
 * 栏目管理 and 区块管理 routes (issue 18.2): validation naming the field, permissions, stale saves, the public
 * answers following every write at once, refused deletes, reordering, the audit trail, and the upgrade of a
 * database created before migration 005.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import {
  BLOCK_IDS,
  BLOCKS,
  CHANNEL_IDS,
  STALE_WRITE_MSG,
  type BlockItem,
  type BlockItemAdmin,
  type Channel,
  type ChannelAdmin,
} from '@site/contract';
import { rows } from '../src/db/index.js';
import { login, req, suiteServer } from './helpers.js';

const s = suiteServer({ signIn: ['admin', 'editor'] });

interface AuditRow {
  user_name: string;
  action: string;
  target_id: string;
  summary: string;
  before: unknown;
  after: unknown;
}
const auditOf = (resource: string, target: string | number) =>
  rows<AuditRow>(s.app.ctx.db, sql`SELECT * FROM audit_log WHERE resource = ${resource} AND target_id = ${String(target)} ORDER BY id`);

const call = (o: InjectOptions & { token?: string }) => req(s.app, { token: s.token.admin, ...o });
const channel = async (id: number): Promise<ChannelAdmin> => (await call({ method: 'GET', url: `/system/channel/${id}` })).body.data;
const publicChannel = async (id: number): Promise<Channel> => (await req(s.app, { method: 'GET', url: `/api/channel/${id}` })).body;
const items = async (blockId: number): Promise<BlockItemAdmin[]> => (await call({ method: 'GET', url: `/system/block/${blockId}/items` })).body.rows;
const publicBlock = async (blockId: number): Promise<BlockItem[]> =>
  (await req(s.app, { method: 'GET', url: `/api/block-item?blockId=${blockId}` })).body;

async function addChannel(payload: Record<string, unknown>): Promise<number> {
  const r = await call({ method: 'POST', url: '/system/channel', payload });
  assert.equal(r.body.code, 200, JSON.stringify(r.body));
  return r.body.data.id;
}

describe('channels', () => {
  test('[ISSUE-18.2] the tree: top-level channels in order, sub-channels nested, article counts, one channel by id', async () => {
    const r = await call({ method: 'GET', url: '/system/channel/list' });
    assert.equal(r.body.code, 200);
    assert.equal(r.body.msg, '查询成功');
    const tree = r.body.rows as ChannelAdmin[];
    assert.equal(tree[0].id, CHANNEL_IDS.home);
    const product = tree.find((c) => c.id === CHANNEL_IDS.product)!;
    assert.deepEqual(
      product.children.map((c) => c.id),
      [CHANNEL_IDS.productPlatform, CHANNEL_IDS.productMonitoring, CHANNEL_IDS.productAnalytics],
    );
    assert.ok(product.children.every((c) => c.parentId === CHANNEL_IDS.product));
    assert.ok(tree.find((c) => c.id === CHANNEL_IDS.news)!.articleCount > 0);
    assert.equal(r.body.total, (await rows(s.app.ctx.db, sql`SELECT id FROM channel`)).length);
    const one = await channel(CHANNEL_IDS.news);
    assert.deepEqual([one.id, one.filePath, one.allowSearch, typeof one.version], [CHANNEL_IDS.news, 'news/index', true, 'number']);
    // searching keeps the matches and the ancestors leading to them
    const found = (await call({ method: 'GET', url: `/system/channel/list?name=${encodeURIComponent('监测')}` })).body.rows as ChannelAdmin[];
    assert.deepEqual(
      found.map((c) => [c.id, c.children.map((x) => x.id)]),
      [[CHANNEL_IDS.product, [CHANNEL_IDS.productMonitoring]]],
    );
  });

  test('[ISSUE-18.2][ISSUE-18 rules] a bad field is a Chinese 400 naming it, and nothing is stored', async () => {
    const base = { parentId: CHANNEL_IDS.product, name: '新产品线', alias: 'newline' };
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ name: '  ' }, 'name', /栏目名称不能为空/],
      [{ name: 'x'.repeat(51) }, 'name', /不能超过50个字符/],
      [{ alias: '1abc' }, 'alias', /栏目别名须以字母开头/],
      [{ alias: 'product' }, 'alias', /栏目别名已存在/],
      [{ url: 'javascript:alert(1)' }, 'url', /站内路径/],
      [{ linkUrl: '//evil.example.com/x' }, 'linkUrl', /转向链接只能是站内路径/],
      [{ linkUrl: 'ftp://files.example.com/' }, 'linkUrl', /转向链接只能是站内路径/],
      [{ image: 'data:image/png;base64,AAAA' }, 'image', /栏目图片只能是站内路径/],
      [{ filePath: '../etc' }, 'filePath', /页面路径/],
      [{ nav: 'yes' }, 'nav', /导航标记/],
      [{ parentId: 99999 }, 'parentId', /上级栏目不存在/],
    ];
    const before = (await rows(s.app.ctx.db, sql`SELECT id FROM channel`)).length;
    for (const [patch, field, msg] of cases) {
      const r = await call({ method: 'POST', url: '/system/channel', payload: { ...base, ...patch } });
      assert.equal(r.status, 400, JSON.stringify([patch, r.body]));
      assert.equal(r.body.field, field, JSON.stringify(r.body));
      assert.match(r.body.msg, msg);
    }
    assert.equal((await rows(s.app.ctx.db, sql`SELECT id FROM channel`)).length, before);
    // a channel cannot move below itself
    const v = (await channel(CHANNEL_IDS.product)).version;
    const loop = await call({
      method: 'PUT',
      url: `/system/channel/${CHANNEL_IDS.product}`,
      payload: { parentId: CHANNEL_IDS.productPlatform, version: v },
    });
    assert.deepEqual([loop.status, loop.body.field, loop.body.msg], [400, 'parentId', '上级栏目不能是本栏目或其下级栏目']);
    // an edit without the version read is refused, naming it
    const noVersion = await call({ method: 'PUT', url: `/system/channel/${CHANNEL_IDS.product}`, payload: { name: '产品' } });
    assert.deepEqual([noVersion.status, noVersion.body.field, noVersion.body.msg], [400, 'version', '版本号不能为空']);
  });

  test('[ISSUE-18.2][PERM] only holders of content:channel:* (the 超级管理员 by default): the editor gets 403 everywhere, a visitor 401', async () => {
    const calls: InjectOptions[] = [
      { method: 'GET', url: '/system/channel/list' },
      { method: 'GET', url: `/system/channel/${CHANNEL_IDS.news}` },
      { method: 'POST', url: '/system/channel', payload: { name: 'x', alias: 'x' } },
      { method: 'PUT', url: `/system/channel/${CHANNEL_IDS.news}`, payload: { name: '被篡改', version: 0 } },
      { method: 'PUT', url: '/system/channel/sort', payload: { parentId: null, ids: [1] } },
      { method: 'DELETE', url: `/system/channel/${CHANNEL_IDS.news}` },
      { method: 'GET', url: '/system/block/list' },
      { method: 'GET', url: `/system/block/${BLOCK_IDS.product}/items` },
      { method: 'GET', url: '/system/block-item/1' },
      { method: 'POST', url: '/system/block-item', payload: { blockId: BLOCK_IDS.product, title: 'x' } },
      { method: 'PUT', url: '/system/block-item/1', payload: { title: '被篡改', version: 0 } },
      { method: 'PUT', url: `/system/block/${BLOCK_IDS.product}/sort`, payload: { ids: [1] } },
      { method: 'DELETE', url: '/system/block-item/1' },
    ];
    const newsBefore = await channel(CHANNEL_IDS.news);
    for (const c of calls) {
      const r = await req(s.app, { ...c, token: s.token.editor });
      assert.deepEqual([r.status, r.body.msg], [403, '当前操作没有权限'], `${c.method} ${c.url}`);
      assert.equal((await req(s.app, c)).status, 401, `${c.method} ${c.url} signed out`);
    }
    assert.deepEqual(await channel(CHANNEL_IDS.news), newsBefore);
    assert.equal((await items(BLOCK_IDS.product)).length, (await rows(s.app.ctx.db, sql`SELECT id FROM block_item WHERE block_id = 1`)).length);
  });

  test('[ISSUE-18.2][ISSUE-18 rules] two people edit one channel: the second save is refused with the stale message', async () => {
    const read = await channel(CHANNEL_IDS.news);
    const first = await call({ method: 'PUT', url: `/system/channel/${read.id}`, payload: { name: '新闻资讯', version: read.version } });
    assert.equal(first.body.code, 200, JSON.stringify(first.body));
    const second = await call({ method: 'PUT', url: `/system/channel/${read.id}`, payload: { name: '公司新闻', version: read.version } });
    assert.deepEqual([second.status, second.body.msg], [409, STALE_WRITE_MSG]);
    const now = await channel(read.id);
    assert.deepEqual([now.name, now.version], ['新闻资讯', read.version + 1]);
    await call({ method: 'PUT', url: `/system/channel/${read.id}`, payload: { name: read.name, version: now.version } });
  });

  test('[ISSUE-18.2] a channel edit reaches the cached public answers at once (channel, nav list, article lists) and is audited', async () => {
    const read = await channel(CHANNEL_IDS.product);
    // warm the caches
    assert.equal((await publicChannel(CHANNEL_IDS.product)).title, read.name);
    const articles = async () =>
      (await req(s.app, { method: 'GET', url: `/api/article/page?channelId=${CHANNEL_IDS.productPlatform}&page=1&pageSize=1` })).body.content[0];
    const platform = await channel(CHANNEL_IDS.productPlatform);
    assert.equal((await articles()).channel.name, platform.name);
    const r = await call({
      method: 'PUT',
      url: `/system/channel/${read.id}`,
      payload: { name: '产品与服务', nav: true, allowSearch: false, linkUrl: 'https://www.example.com/products', version: read.version },
    });
    assert.equal(r.body.code, 200);
    const pub = await publicChannel(read.id);
    assert.deepEqual([pub.title, pub.allowSearch, pub.linkUrl], ['产品与服务', false, 'https://www.example.com/products']);
    const nav = (await req(s.app, { method: 'GET', url: '/api/channel?isNav=true' })).body as Channel[];
    assert.equal(nav.find((c) => c.id === read.id)?.name, '产品与服务');
    await call({ method: 'PUT', url: `/system/channel/${platform.id}`, payload: { name: '平台产品', version: platform.version } });
    assert.equal((await articles()).channel.name, '平台产品');
    const [audit] = (await auditOf('channel', read.id)).filter((a) => a.action === 'edit');
    assert.equal(audit.user_name, 'admin');
    assert.deepEqual(
      [(audit.before as ChannelAdmin).name, (audit.after as ChannelAdmin).name, (audit.after as ChannelAdmin).linkUrl],
      [read.name, '产品与服务', 'https://www.example.com/products'],
    );
    const v = (await channel(read.id)).version;
    await call({ method: 'PUT', url: `/system/channel/${read.id}`, payload: { name: read.name, allowSearch: true, linkUrl: null, version: v } });
    await call({ method: 'PUT', url: `/system/channel/${platform.id}`, payload: { name: platform.name, version: platform.version + 1 } });
  });

  test('[ISSUE-18.2] add, reorder and delete: the public tree follows; deleting a channel with children, articles, or a built-in one is refused', async () => {
    const id = await addChannel({
      parentId: CHANNEL_IDS.product,
      name: '储能产品',
      alias: 'storage',
      url: '/product?type=storage',
      filePath: 'product/index',
    });
    assert.ok(id >= 1000, `new ids start at 1000: ${id}`);
    const kids = async () =>
      ((await req(s.app, { method: 'GET', url: `/api/channel?parentId=${CHANNEL_IDS.product}` })).body as Channel[]).map((c) => c.id);
    assert.deepEqual(await kids(), [CHANNEL_IDS.productPlatform, CHANNEL_IDS.productMonitoring, CHANNEL_IDS.productAnalytics, id]);
    const child = await addChannel({ parentId: id, name: '储能子类', alias: 'storage-sub' });

    // reorder: the whole sibling list, once each
    const order = [id, CHANNEL_IDS.productAnalytics, CHANNEL_IDS.productPlatform, CHANNEL_IDS.productMonitoring];
    const partial = await call({ method: 'PUT', url: '/system/channel/sort', payload: { parentId: CHANNEL_IDS.product, ids: order.slice(1) } });
    assert.deepEqual([partial.status, partial.body.field], [400, 'ids']);
    const sorted = await call({ method: 'PUT', url: '/system/channel/sort', payload: { parentId: CHANNEL_IDS.product, ids: order } });
    assert.equal(sorted.body.code, 200, JSON.stringify(sorted.body));
    assert.deepEqual(await kids(), order);
    const [sortAudit] = await auditOf('channel', order.join(','));
    assert.deepEqual([sortAudit.action, sortAudit.after], ['sort', order]);

    const refused = async (target: number, msg: string) => {
      const r = await call({ method: 'DELETE', url: `/system/channel/${target}` });
      assert.deepEqual([r.status, r.body], [200, { code: 500, msg }]);
    };
    await refused(id, '存在下级栏目，不允许删除');
    await refused(CHANNEL_IDS.news, '栏目下存在文章，不允许删除');
    await refused(CHANNEL_IDS.home, '站点内置栏目不允许删除');
    assert.equal((await call({ method: 'DELETE', url: `/system/channel/${child}` })).body.code, 200);
    assert.equal((await call({ method: 'DELETE', url: `/system/channel/${id}` })).body.code, 200);
    assert.deepEqual(await kids(), order.slice(1));
    assert.equal((await req(s.app, { method: 'GET', url: `/api/channel/${id}` })).status, 404);
    assert.deepEqual(
      (await auditOf('channel', id)).map((a) => a.action),
      ['add', 'delete'],
    );
    const [added] = await auditOf('channel', id);
    assert.equal((added.after as ChannelAdmin).alias, 'storage');
    await call({
      method: 'PUT',
      url: '/system/channel/sort',
      payload: { parentId: CHANNEL_IDS.product, ids: [CHANNEL_IDS.productPlatform, CHANNEL_IDS.productMonitoring, CHANNEL_IDS.productAnalytics] },
    });
  });
});

describe('blocks', () => {
  test('[ISSUE-18.2] the blocks the site uses, with their items (disabled ones included) in order', async () => {
    const list = await call({ method: 'GET', url: '/system/block/list' });
    assert.deepEqual(
      (list.body.rows as { blockId: number }[]).map((b) => b.blockId),
      BLOCKS.map((b) => b.id),
    );
    const news = await items(BLOCK_IDS.news);
    assert.ok(
      news.some((i) => !i.enabled),
      'the disabled item is listed for staff',
    );
    assert.deepEqual(
      (await publicBlock(BLOCK_IDS.news)).map((i) => i.id),
      news.filter((i) => i.enabled).map((i) => i.id),
    );
    assert.equal((await call({ method: 'GET', url: `/system/block-item/${news[0].id}` })).body.data.title, news[0].title);
    const bad = await call({ method: 'GET', url: '/system/block/999/items' });
    assert.deepEqual([bad.status, bad.body.field, bad.body.msg], [400, 'blockId', '区块不存在']);
  });

  test('[ISSUE-18.2][ISSUE-18 rules] item fields are validated with the field named; links are in-site paths or http(s) (tel:/mailto: for contacts)', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ title: '' }, 'title', /标题不能为空/],
      [{ url: 'javascript:alert(1)' }, 'url', /链接只能是站内路径/],
      [{ url: 'http://' }, 'url', /链接只能是站内路径/],
      [{ url: '/a b' }, 'url', /链接只能是站内路径/],
      [{ image: 'file:///etc/passwd' }, 'image', /图片只能是站内路径/],
      [{ targetBlank: 'true' }, 'targetBlank', /新窗口打开/],
      [{ blockId: 99 }, 'blockId', /区块不存在/],
    ];
    for (const [patch, field, msg] of cases) {
      const r = await call({ method: 'POST', url: '/system/block-item', payload: { blockId: BLOCK_IDS.about, title: '招聘信息', ...patch } });
      assert.equal(r.status, 400, JSON.stringify([patch, r.body]));
      assert.equal(r.body.field, field);
      assert.match(r.body.msg, msg);
    }
    const [phone] = await items(BLOCK_IDS.contact);
    const ok = await call({ method: 'PUT', url: `/system/block-item/${phone.id}`, payload: { url: 'tel:400-800-1234', version: phone.version } });
    assert.equal(ok.body.code, 200, JSON.stringify(ok.body));
  });

  test('[ISSUE-18.2] editing a footer item, disabling one and adding one reach the cached public answers at once; stale saves are refused; all audited', async () => {
    await publicBlock(BLOCK_IDS.about); // warm the cache
    const [first] = await items(BLOCK_IDS.about);
    const r = await call({
      method: 'PUT',
      url: `/system/block-item/${first.id}`,
      payload: { title: '企业简介', url: '/about?tab=intro', targetBlank: true, version: first.version },
    });
    assert.equal(r.body.code, 200, JSON.stringify(r.body));
    const shown = (await publicBlock(BLOCK_IDS.about))[0];
    assert.deepEqual([shown.title, shown.url, shown.targetBlank], ['企业简介', '/about?tab=intro', true]);
    const stale = await call({ method: 'PUT', url: `/system/block-item/${first.id}`, payload: { title: '旧标题', version: first.version } });
    assert.deepEqual([stale.status, stale.body.msg], [409, STALE_WRITE_MSG]);
    assert.equal((await publicBlock(BLOCK_IDS.about))[0].title, '企业简介');

    const off = await call({ method: 'PUT', url: `/system/block-item/${first.id}`, payload: { enabled: false, version: first.version + 1 } });
    assert.equal(off.body.code, 200);
    assert.ok(!(await publicBlock(BLOCK_IDS.about)).some((i) => i.id === first.id));

    const added = await call({
      method: 'POST',
      url: '/system/block-item',
      payload: { blockId: BLOCK_IDS.about, title: '招聘信息', url: 'https://www.example.com/jobs' },
    });
    const newId = added.body.data.id as number;
    assert.equal((await publicBlock(BLOCK_IDS.about)).at(-1)?.id, newId);
    assert.equal((await call({ method: 'DELETE', url: `/system/block-item/${newId}` })).body.code, 200);
    assert.ok(!(await publicBlock(BLOCK_IDS.about)).some((i) => i.id === newId));

    assert.deepEqual(
      (await auditOf('block', first.id)).map((a) => [a.action, a.user_name]),
      [
        ['edit', 'admin'],
        ['disable', 'admin'],
      ],
    );
    const [edit] = await auditOf('block', first.id);
    assert.deepEqual([(edit.before as BlockItemAdmin).title, (edit.after as BlockItemAdmin).title], [first.title, '企业简介']);
    assert.deepEqual(
      (await auditOf('block', newId)).map((a) => a.action),
      ['add', 'delete'],
    );
    await call({
      method: 'PUT',
      url: `/system/block-item/${first.id}`,
      payload: { title: first.title, url: first.url, targetBlank: false, enabled: true, version: first.version + 2 },
    });
  });

  test('[ISSUE-18.2] home banners reordered in one call: the public answer and the company call follow; a list that is not the whole block is refused', async () => {
    const banners = await items(BLOCK_IDS.homeBanner);
    assert.ok(banners.length >= 3);
    await publicBlock(BLOCK_IDS.homeBanner); // warm the cache
    const reversed = banners.map((b) => b.id).reverse();
    const missing = await call({ method: 'PUT', url: `/system/block/${BLOCK_IDS.homeBanner}/sort`, payload: { ids: reversed.slice(1) } });
    assert.deepEqual([missing.status, missing.body.field], [400, 'ids']);
    const dup = await call({
      method: 'PUT',
      url: `/system/block/${BLOCK_IDS.homeBanner}/sort`,
      payload: { ids: [reversed[0], ...reversed.slice(0, -1)] },
    });
    assert.equal(dup.status, 400);
    const r = await call({ method: 'PUT', url: `/system/block/${BLOCK_IDS.homeBanner}/sort`, payload: { ids: reversed } });
    assert.equal(r.body.code, 200, JSON.stringify(r.body));
    assert.deepEqual(
      (await publicBlock(BLOCK_IDS.homeBanner)).map((b) => b.id),
      reversed,
    );
    const [audit] = await auditOf('block', reversed.join(','));
    assert.deepEqual([audit.action, audit.before, audit.after], ['sort', banners.map((b) => b.id), reversed]);

    const company = (await req(s.app, { method: 'GET', url: '/api/company' })).body as BlockItem[];
    const [c] = await items(BLOCK_IDS.company);
    await call({ method: 'PUT', url: `/system/block-item/${c.id}`, payload: { subtitle: '电力风险管控专家', version: c.version } });
    assert.equal(((await req(s.app, { method: 'GET', url: '/api/company' })).body as BlockItem[])[0].subtitle, '电力风险管控专家');
    await call({ method: 'PUT', url: `/system/block-item/${c.id}`, payload: { subtitle: company[0].subtitle, version: c.version + 1 } });
    await call({ method: 'PUT', url: `/system/block/${BLOCK_IDS.homeBanner}/sort`, payload: { ids: banners.map((b) => b.id) } });
  });
});

describe('upgrade', () => {
  test('[ISSUE-18.2] a database created before migration 005 upgrades: version columns, new channel ids from 1000, the two menus for the 超级管理员', async () => {
    const db = s.app.ctx.db;
    // Undo what migration 005 did, as on a database of the previous release.
    await db.execute(sql`DELETE FROM sys_role_menu WHERE menu_id IN (111, 112)`);
    await db.execute(sql`DELETE FROM sys_menu WHERE menu_id IN (111, 112)`);
    await db.execute(sql`ALTER TABLE channel ALTER COLUMN id DROP DEFAULT`);
    await db.execute(sql`DROP SEQUENCE channel_id_seq`);
    await db.execute(sql`ALTER TABLE channel DROP COLUMN version`);
    await db.execute(sql`ALTER TABLE block_item DROP COLUMN version, DROP COLUMN updated_at`);
    await db.execute(sql`DELETE FROM schema_migrations WHERE name = '005_channels_blocks.sql'`);
    await s.restart();
    s.token.admin = await login(s.app, 'admin', 'admin123');
    s.token.editor = await login(s.app, 'editor', 'editor123');
    const menus = (token: string) => req(s.app, { method: 'GET', url: '/getRouters', token }).then((r) => JSON.stringify(r.body.data));
    const adminMenus = await menus(s.token.admin);
    assert.ok(adminMenus.includes('栏目管理') && adminMenus.includes('区块管理'), adminMenus);
    const editorMenus = await menus(s.token.editor);
    assert.ok(!editorMenus.includes('栏目管理') && !editorMenus.includes('区块管理'));
    assert.equal((await channel(CHANNEL_IDS.news)).version, 0);
    const id = await addChannel({ parentId: null, name: '合作伙伴', alias: 'partners', url: '/partners' });
    assert.ok(id >= 1000);
    assert.equal((await call({ method: 'DELETE', url: `/system/channel/${id}` })).body.code, 200);
  });
});
