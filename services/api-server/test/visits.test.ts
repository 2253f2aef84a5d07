/**
 * 访问统计 (issue 18.5): figures over a date range from visit records stored at known times, pages named by their
 * title, the range validated in Chinese naming the field, permissions per action, the CSV export.
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/index.js';
import { login, req, suiteServer } from './helpers.js';

const tz = process.env.TZ || 'Asia/Shanghai';
const s = suiteServer({ signIn: ['admin', 'editor', 'customer'] });

interface V {
  day: string;
  time?: string;
  url: string;
  uv: string;
  si: string;
  count: 0 | 1;
  newVisitor?: boolean;
  duration?: number;
  referrer?: string;
  entryUrl?: string;
}
/** Stores a record as if it arrived at `day time` in the server's time zone. */
async function store(v: V) {
  await rows(
    s.app.ctx.db,
    sql`INSERT INTO visit (site_id, url, entry_url, referrer, si, uv, new_visitor, count, duration, created_at)
        VALUES ('1', ${v.url}, ${v.entryUrl ?? v.url}, ${v.referrer ?? ''}, ${v.si}, ${v.uv}, ${v.newVisitor ?? false}, ${v.count},
                ${v.duration ?? 0}, (${`${v.day} ${v.time ?? '12:00:00'}`}::timestamp AT TIME ZONE ${tz}))`,
  );
}
const analytics = (query: string, token = s.token.admin) => req(s.app, { method: 'GET', url: `/system/visit/analytics?${query}`, token });

describe('visit analytics', () => {
  let article: { id: number; title: string };
  let newsChannel: string;
  const H = 'http://site.example';

  before(async () => {
    [article] = await rows<{ id: number; title: string }>(
      s.app.ctx.db,
      sql`SELECT a.id, a.title FROM article a JOIN channel c ON c.id = a.channel_id WHERE c.url = '/news' ORDER BY a.id LIMIT 1`,
    );
    [{ name: newsChannel }] = await rows<{ name: string }>(s.app.ctx.db, sql`SELECT name FROM channel WHERE url = '/news'`);
    // 2023-05-01: a new visitor (A) arrives from a search engine on the article, then reads the news list.
    await store({
      day: '2023-05-01',
      time: '09:00:00',
      url: `${H}/newsDetail?id=${article.id}&from=home#top`,
      uv: '100',
      si: '1',
      count: 1,
      newVisitor: true,
      referrer: 'https://www.baidu.com/s?wd=x',
    });
    await store({ day: '2023-05-01', time: '09:01:00', url: `${H}/newsDetail?id=${article.id}`, uv: '100', si: '1', count: 0, duration: 60 });
    await store({
      day: '2023-05-01',
      time: '09:02:00',
      url: `${H}/news/`,
      uv: '100',
      si: '1',
      count: 1,
      referrer: `${H}/newsDetail?id=${article.id}`,
    });
    await store({ day: '2023-05-01', time: '09:05:00', url: `${H}/news`, uv: '100', si: '1', count: 0, duration: 180 });
    // Same day: a returning visitor (B) types the address (no referrer) and opens the article.
    await store({ day: '2023-05-01', time: '23:59:00', url: `${H}/newsDetail?id=${article.id}`, uv: '200', si: '7', count: 1 });
    // 2023-05-03: A comes back (a new session, no longer new); B opens the login page, an account page that is no
    // site traffic (issue 27.6, a record stored before the host stopped sending them); nothing on 05-02.
    await store({ day: '2023-05-03', time: '00:00:01', url: `${H}/news`, uv: '100', si: '2', count: 1, referrer: 'https://www.baidu.com/' });
    await store({ day: '2023-05-03', time: '00:10:00', url: `${H}/news`, uv: '100', si: '2', count: 0, duration: 30 });
    await store({
      day: '2023-05-03',
      url: `${H}/user/login?redirect=/index`,
      uv: '200',
      si: '8',
      count: 1,
      referrer: 'https://mp.weixin.qq.com/s/abc',
    });
    // Outside the range: the day before and the day after.
    await store({ day: '2023-04-30', time: '23:59:59', url: `${H}/news`, uv: '300', si: '9', count: 1, newVisitor: true });
    await store({ day: '2023-05-04', time: '00:00:00', url: `${H}/news`, uv: '300', si: '9', count: 1 });
  });

  test('[ISSUE-18.5] page views and visitors per day, new against returning, durations, over the chosen days only', async () => {
    const r = await analytics('beginDate=2023-05-01&endDate=2023-05-03');
    assert.equal(r.body.code, 200, JSON.stringify(r.body));
    const a = r.body.data;
    assert.deepEqual([a.beginDate, a.endDate], ['2023-05-01', '2023-05-03']);
    assert.deepEqual(a.daily, [
      { date: '2023-05-01', pv: 3, uv: 2, newVisitors: 1, returningVisitors: 1, sessions: 2 },
      { date: '2023-05-02', pv: 0, uv: 0, newVisitors: 0, returningVisitors: 0, sessions: 0 },
      { date: '2023-05-03', pv: 1, uv: 1, newVisitors: 0, returningVisitors: 1, sessions: 1 },
    ]);
    // Over the range each visitor counts once: A was new in it, B was not.
    assert.deepEqual([a.pv, a.uv, a.sessions, a.newVisitors, a.returningVisitors], [4, 2, 3, 1, 1]);
    assert.equal(a.avgDuration, 90, 'pages: (60 + 180 + 30) / 3');
    assert.equal(a.avgSessionDuration, 135, 'visits: (240 + 30) / 2 sessions with an exit');
  });

  test('[ISSUE-18.5] top pages and entry pages by their title, referrers grouped by host', async () => {
    const a = (await analytics('beginDate=2023-05-01&endDate=2023-05-03')).body.data;
    assert.deepEqual(a.topPages, [
      { page: `/newsDetail?id=${article.id}`, title: article.title, pv: 2, uv: 2 },
      { page: '/news', title: newsChannel, pv: 2, uv: 1 },
    ]);
    assert.deepEqual(
      a.entryPages,
      [
        { page: '/news', title: newsChannel, sessions: 1 },
        { page: `/newsDetail?id=${article.id}`, title: article.title, sessions: 2 },
      ].sort((x, y) => y.sessions - x.sessions || x.page.localeCompare(y.page)),
    );
    assert.deepEqual(
      a.referrers,
      [
        { host: 'www.baidu.com', label: 'www.baidu.com', kind: 'external', sessions: 2 },
        { host: '', label: '直接访问', kind: 'direct', sessions: 1 },
      ].sort((x, y) => y.sessions - x.sessions || x.label.localeCompare(y.label)),
    );
  });

  test('[ISSUE-27.6] the back office and the account pages are no site traffic; loopback and the site itself are no source', async () => {
    const day = '2023-08-01';
    // A member of staff signs in and works in the back office (records stored before the host stopped sending them):
    // the entry record of each page load and its exit record, which carries the entry URL.
    await store({ day, url: `${H}/user/login?redirect=/index`, uv: '700', si: '1', count: 1, referrer: 'http://127.0.0.1:8080/' });
    await store({ day, url: `${H}/index`, uv: '700', si: '2', count: 1, newVisitor: true, referrer: `${H}/user/login` });
    await store({ day, url: `${H}/index`, uv: '700', si: '2', count: 0, duration: 600 });
    await store({ day, url: `${H}/Admin/content/article`, uv: '700', si: '3', count: 1 });
    await store({ day, url: `${H}/account/profile`, entryUrl: `${H}/account/profile`, uv: '700', si: '4', count: 1 });
    await store({ day, url: `${H}/news`, entryUrl: `${H}/account/center`, uv: '700', si: '4', count: 0, duration: 900 });
    // Public visits: one from a page on this machine, one from the site at its other address, one from a search.
    await store({ day, url: `${H}/news`, uv: '800', si: '1', count: 1, newVisitor: true, referrer: 'http://127.0.0.1:3000/news' });
    await store({ day, url: `${H}/news`, uv: '800', si: '1', count: 0, duration: 40 });
    await store({ day, url: 'http://www.site.example/about', uv: '801', si: '1', count: 1, referrer: 'http://localhost/' });
    await store({ day, url: `${H}/about`, uv: '802', si: '1', count: 1, referrer: 'http://www.site.example/news' });
    // (A path that only begins like a private one is public; /indexes itself is no page of the site, issue 34.9.)
    await store({ day, url: `${H}/video`, uv: '803', si: '1', count: 1, referrer: 'https://www.so.com/s?q=site' });
    await store({ day, url: `${H}/indexes`, uv: '804', si: '1', count: 1, referrer: 'https://www.so.com/s?q=site' });
    const a = (await analytics(`beginDate=${day}&endDate=${day}`)).body.data;
    assert.deepEqual([a.pv, a.uv, a.sessions, a.newVisitors, a.avgDuration], [4, 4, 4, 1, 40]);
    assert.deepEqual(a.daily, [{ date: day, pv: 4, uv: 4, newVisitors: 1, returningVisitors: 3, sessions: 4 }]);
    assert.deepEqual(
      a.topPages.map((p: { page: string }) => p.page),
      ['/about', '/news', '/video'],
    );
    assert.deepEqual(a.referrers, [
      { host: '', label: '站内跳转', kind: 'internal', sessions: 3 },
      { host: 'www.so.com', label: 'www.so.com', kind: 'external', sessions: 1 },
    ]);
  });

  test('[ISSUE-18.5] an article that no longer exists is named as such; a renamed channel shows its current name', async () => {
    await store({ day: '2023-06-01', url: `${H}/productDetail?id=999999`, uv: '400', si: '1', count: 1 });
    await store({ day: '2023-06-01', url: `${H}/product?categoryId=nope`, uv: '400', si: '1', count: 1 });
    const [{ id: productId, name: product }] = await rows<{ id: number; name: string }>(
      s.app.ctx.db,
      sql`SELECT id, name FROM channel WHERE url = '/product'`,
    );
    // Channel edits carry the version they read (a stale save is refused).
    const rename = async (name: string) => {
      const [{ version }] = await rows<{ version: number }>(s.app.ctx.db, sql`SELECT version FROM channel WHERE id = ${productId}`);
      return req(s.app, { method: 'PUT', url: `/system/channel/${productId}`, token: s.token.admin, payload: { name, version } });
    };
    assert.equal((await rename('产品与服务')).body.code, 200);
    try {
      const a = (await analytics('beginDate=2023-06-01&endDate=2023-06-01')).body.data;
      const titles = a.topPages.map((p: { title: string }) => p.title).sort();
      assert.deepEqual(titles, ['产品与服务', '产品详情（文章 999999 已不存在）'].sort());
    } finally {
      await rename(product);
    }
  });

  test('[ISSUE-18.5][ISSUE-18] the range is validated: a Chinese 400 naming the field; at most 366 days', async () => {
    assert.deepEqual((await analytics('beginDate=2023-02-30&endDate=2023-03-01')).body, {
      code: 400,
      msg: '开始日期格式不正确，应为YYYY-MM-DD',
      field: 'beginDate',
    });
    assert.deepEqual((await analytics('beginDate=2023-05-03&endDate=2023-05-01')).body, {
      code: 400,
      msg: '结束日期不能早于开始日期',
      field: 'endDate',
    });
    assert.deepEqual((await analytics('beginDate=2022-01-01&endDate=2023-01-02')).body, {
      code: 400,
      msg: '统计范围不能超过366天',
      field: 'beginDate',
    });
    const year = await analytics('beginDate=2023-01-01&endDate=2024-01-01');
    assert.equal(year.body.code, 200);
    assert.equal(year.body.data.daily.length, 366);
    const byDefault = (await analytics('')).body.data;
    assert.equal(byDefault.daily.length, 7, 'without dates: the last 7 days');
  });

  test('[ISSUE-18.5][ISSUE-18.6] permissions: customers get 403, the editor reads but may not export, the admin exports CSV', async () => {
    assert.equal((await analytics('', s.token.customer)).status, 403);
    assert.equal((await req(s.app, { method: 'GET', url: '/system/visit/analytics' })).status, 401);
    assert.equal((await analytics('', s.token.editor)).body.code, 200);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const payload = 'beginDate=2023-05-01&endDate=2023-05-03';
    assert.equal((await req(s.app, { method: 'POST', url: '/system/visit/export', token: s.token.editor, headers: form, payload })).status, 403);
    assert.equal((await req(s.app, { method: 'POST', url: '/system/visit/export', token: s.token.customer, headers: form, payload })).status, 403);
    const csv = await req(s.app, { method: 'POST', url: '/system/visit/export', token: s.token.admin, headers: form, payload });
    assert.equal(csv.status, 200);
    assert.match(String(csv.headers['content-type']), /^text\/csv/);
    assert.match(String(csv.headers['content-disposition']), /filename\*=UTF-8''%E8%AE%BF%E9%97%AE%E7%BB%9F%E8%AE%A1_2023-05-01_2023-05-03\.csv/);
    const text = String(csv.body);
    assert.ok(text.startsWith('\uFEFF访问统计,2023-05-01 至 2023-05-03'));
    assert.ok(text.includes('\r\n2023-05-01,3,2,1,1,2\r\n'), 'a row per day');
    assert.ok(
      text.includes(`\r\n${article.title.includes(',') ? `"${article.title}"` : article.title},/newsDetail?id=${article.id},2,2\r\n`),
      'pages by title',
    );
    const bad = await req(s.app, { method: 'POST', url: '/system/visit/export', token: s.token.admin, headers: form, payload: 'beginDate=x' });
    assert.deepEqual(bad.body, { code: 400, msg: '开始日期格式不正确，应为YYYY-MM-DD', field: 'beginDate' });
  });

  test('[ISSUE-18.5] a source that looks like a spreadsheet formula is exported as text', async () => {
    // (A page address is a path of the site since issue 34.9; a source's host is what the visitor's browser sent.)
    await store({ day: '2023-07-01', url: `${H}/news`, uv: '500', si: '1', count: 1, referrer: 'http://=HYPERLINK("evil")/' });
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const csv = await req(s.app, {
      method: 'POST',
      url: '/system/visit/export',
      token: s.token.admin,
      headers: form,
      payload: 'beginDate=2023-07-01&endDate=2023-07-01',
    });
    assert.ok(String(csv.body).includes(`"'=hyperlink(""evil"")"`), String(csv.body));
  });

  test('[ISSUE-18.5] the dashboard card (content:visit:list) names its top pages by title', async () => {
    await req(s.app, {
      method: 'POST',
      url: '/api/visit/1',
      payload: {
        siteId: '1',
        url: `${H}/newsDetail?id=${article.id}`,
        entryUrl: '',
        referrer: '',
        si: 3,
        uv: 600,
        newVisitor: true,
        count: 1,
        duration: 0,
      },
    });
    const r = await req(s.app, { method: 'GET', url: '/system/visit/stats?days=1', token: s.token.editor });
    assert.equal(r.body.code, 200);
    assert.deepEqual(r.body.data.topPages, [{ url: `/newsDetail?id=${article.id}`, title: article.title, pv: 1 }]);
    assert.equal(r.body.data.daily.length, 1);
  });

  test('[ISSUE-18.5] a database made before 012_visits upgrades: the covering index, the editor may read the figures', async () => {
    const db = () => s.app.ctx.db;
    await rows(db(), sql`DELETE FROM schema_migrations WHERE name = '012_visits.sql'`);
    await rows(db(), sql`DROP INDEX visit_created_cover_idx`);
    await rows(db(), sql`CREATE INDEX visit_created_idx ON visit(created_at)`);
    await rows(db(), sql`UPDATE sys_role SET perms = perms - 'content:visit:query' WHERE role_key = 'editor'`);
    assert.equal((await analytics('', await login(s.app, 'editor', 'editor123'))).status, 403, 'the old database: no query permission');
    await s.restart();
    const indexes = (await rows<{ indexname: string }>(db(), sql`SELECT indexname FROM pg_indexes WHERE tablename = 'visit'`)).map(
      (r) => r.indexname,
    );
    assert.ok(indexes.includes('visit_created_cover_idx') && !indexes.includes('visit_created_idx'), indexes.join());
    const [{ perms }] = await rows<{ perms: string[] }>(db(), sql`SELECT perms FROM sys_role WHERE role_key = 'editor'`);
    assert.equal(perms.filter((p) => p === 'content:visit:query').length, 1);
    assert.equal((await analytics('', await login(s.app, 'editor', 'editor123'))).body.code, 200);
  });
});

test('[issue 43.1] the one-row tables every 访问统计 range read joins are analyzed by their migration (an operator never analyzes them; unanalyzed, the planner took them for thousands of rows and compiled the read with JIT)', async () => {
  const tables = await rows<{ relname: string; reltuples: number }>(
    s.app.ctx.db,
    sql`SELECT relname, reltuples::int AS reltuples FROM pg_class WHERE relname IN ('visit_rollup_zone', 'visit_range_gen') ORDER BY relname`,
  );
  assert.deepEqual(tables, [
    { relname: 'visit_range_gen', reltuples: 1 },
    { relname: 'visit_rollup_zone', reltuples: 1 },
  ]);
});
