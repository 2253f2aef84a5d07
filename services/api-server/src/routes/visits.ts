/**
 * 访问统计: figures over the visit records that the host's tracker sends (VISIT-1..8).
 *
 * - `GET /system/visit/stats?days=` (content:visit:list): the dashboard card, the last N days.
 * - `GET /system/visit/analytics?beginDate=&endDate=` (content:visit:query): page views and visitors per day, new
 *   against returning visitors, average durations, top pages, entry pages and referrers over a date range.
 * - `POST /system/visit/export` (content:visit:export, form body as the shell's download sends it): the same as CSV.
 *
 * Pages are named by their title, resolved here when a report is read, not recorded with the visit: the entry
 * record leaves at start-up, before a detail page has loaded its article, and a renamed article or channel shows
 * its current name for past visits too. A detail URL (`/newsDetail?id=5`) gets the article's title, a list route
 * the channel whose url it is (`/news`, `/product?categoryId=…`), the other routes of the site their route title.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  VISIT_RANGE,
  VISIT_REFERRER_LABELS,
  type VisitAnalytics,
  type VisitDay,
  type VisitEntryRow,
  type VisitPageRow,
  type VisitReferrerRow,
  type VisitStats,
} from '@site/contract';
import type { AppContext } from '../context.js';
import { rows, type Db } from '../db/index.js';
import * as t from '../db/schema.js';
import { needPermi } from '../lib/auth.js';
import { formatDate } from '../lib/text.js';
import {
  DAY_MS,
  dayFigures,
  dayString,
  keptFigures,
  warmKeptRanges,
  type DayRange,
  type DayRow,
  type PageKey,
  type VisitFigures,
} from '../lib/visit-range.js';

const OK = '操作成功';
/** How many rows each ranking of the analytics page gives (the dashboard card: DASHBOARD_TOP). */
const TOP = 50;
const DASHBOARD_TOP = 10;
const tz = () => process.env.TZ || 'Asia/Shanghai';

// ---- the date range

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
/** Days since 1970-01-01 of a valid `YYYY-MM-DD`, or NaN. */
function dayNumber(s: string): number {
  if (!DATE_RE.test(s)) return NaN;
  const ms = Date.parse(`${s}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== s ? NaN : ms / DAY_MS;
}

const dateField = (label: string) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .refine((s) => s === '' || !Number.isNaN(dayNumber(s)), `${label}格式不正确，应为YYYY-MM-DD`)
    .optional();

export const visitRange = z.object({ beginDate: dateField('开始日期'), endDate: dateField('结束日期') }).transform((q, c) => {
  const end = q.endDate ? dayNumber(q.endDate) : dayNumber(formatDate(new Date()));
  const begin = q.beginDate ? dayNumber(q.beginDate) : end - (VISIT_RANGE.defaultDays - 1);
  if (begin > end) {
    c.addIssue({ code: 'custom', message: '结束日期不能早于开始日期', path: ['endDate'] });
    return z.NEVER;
  }
  if (end - begin + 1 > VISIT_RANGE.maxDays) {
    c.addIssue({ code: 'custom', message: `统计范围不能超过${VISIT_RANGE.maxDays}天`, path: ['beginDate'] });
    return z.NEVER;
  }
  return { begin, end };
});

// ---- pages and their titles

/**
 * The roll-ups (migration 025) count days in the zone stored with them; a server in another zone rebuilds them in
 * its own once, in one transaction (the function holds off new records meanwhile).
 */
async function rollupZone(db: Db): Promise<void> {
  const [row] = await rows<{ zone: string }>(db, sql`SELECT zone FROM visit_rollup_zone`);
  if (row?.zone === tz()) return;
  await db.transaction(async (tx) => {
    const [again] = await rows<{ zone: string }>(tx as unknown as Db, sql`SELECT zone FROM visit_rollup_zone FOR UPDATE`);
    if (again?.zone === tz()) return;
    await tx.execute(sql`SELECT visit_rollup_rebuild(${tz()})`);
    // Every day's roll-ups changed: no kept range (lib/visit-range.ts) is read again.
    await tx.execute(sql`UPDATE visit_range_gen SET gen = gen + 1`);
  });
}

/** The days of a range, as the roll-ups key them. */
const inDays = (r: DayRange): SQL => sql`day BETWEEN ${dayString(r.begin)}::date AND ${dayString(r.end)}::date`;

/** A referrer on this machine (localhost, 127.0.0.0/8) is the site itself run locally, never a source. */
const isLoopbackHost = (host: string) => host === 'localhost' || /^127(\.\d{1,3}){3}$/.test(host);

/** Detail routes of the public site: their `?id=` is an article. */
const DETAIL_ROUTES: Record<string, string> = {
  '/productdetail': '产品详情',
  '/solutiondetail': '方案详情',
  '/newsdetail': '新闻详情',
  '/videodetail': '视频详情',
};
/** Routes that are no channel (the host's route table; the admin shell's paths by their prefix). */
const OTHER_ROUTES: Record<string, string> = {
  '/user/login': '登录',
  '/user/register': '注册',
  '/user/forgetpassword': '忘记密码',
  '/tologin': '微信登录',
  '/wxauth': '微信登录',
  '/index': '工作台',
  '/account': '个人中心',
  '/admin': '管理后台',
};

const pageOf = (k: PageKey) => (k.id ? `${k.path}?id=${k.id}` : k.category ? `${k.path}?categoryId=${k.category}` : k.path);

/** Names pages by their title: one query for the articles, one for the channels. */
async function pageTitles(db: Db, keys: PageKey[]): Promise<(k: PageKey) => string> {
  const articleIds = [...new Set(keys.filter((k) => k.id && DETAIL_ROUTES[k.path.toLowerCase()]).map((k) => Number(k.id)))];
  const articles = articleIds.length
    ? await db.select({ id: t.article.id, title: t.article.title }).from(t.article).where(inArray(t.article.id, articleIds))
    : [];
  const articleTitle = new Map(articles.map((a) => [a.id, a.title]));
  const channels = await db.select({ name: t.channel.name, url: t.channel.url }).from(t.channel);
  const channelTitle = new Map<string, string>();
  for (const c of channels) {
    const path = (c.url.replace(/[?#].*$/, '').replace(/\/+$/, '') || '/').toLowerCase();
    const category = /[?&]categoryId=(\d+)/.exec(c.url)?.[1];
    const key = category ? `${path}?categoryId=${category}` : path;
    if (c.url.startsWith('/') && !channelTitle.has(key)) channelTitle.set(key, c.name);
  }
  return (k) => {
    const path = k.path.toLowerCase();
    const detail = DETAIL_ROUTES[path];
    if (detail) return (k.id && articleTitle.get(Number(k.id))) || (k.id ? `${detail}（文章 ${k.id} 已不存在）` : detail);
    if (k.category) {
      const category = channelTitle.get(`${path}?categoryId=${k.category}`);
      if (category) return category;
    }
    const channel = channelTitle.get(path);
    if (channel) return channel;
    const other = Object.keys(OTHER_ROUTES).find((p) => path === p || path.startsWith(`${p}/`));
    return other ? OTHER_ROUTES[other] : k.path;
  };
}

// ---- the figures

/**
 * The figures of a range from the daily roll-ups (migration 025): a session's row per day, a page's row per
 * visitor and day, the hosts per day. Distinct visitors and sessions are counted over the rows of the range, so
 * every figure is the one the records give (test/visit-rollup.test.ts compares them with the records' own).
 *
 * Distinct counts are grouped (hash aggregates), not `count(DISTINCT …)` (a sort per aggregate); each query runs in a
 * transaction of its own with room to group in memory (work_mem), and on PostgreSQL the four run at once on the
 * pool's connections. `card`: only what the dashboard card shows (no entry pages, sources or hosts).
 */
export async function rollupFigures(
  db: Db,
  r: DayRange,
  top: number,
  opts: { parallel?: boolean; card?: boolean; direct?: boolean } = {},
): Promise<VisitFigures> {
  await rollupZone(db);
  // The closed days' figures as kept; `direct` counts every day from the roll-ups.
  if (!opts.direct) return keptFigures(db, r, top, !!opts.card, () => rollupFigures(db, r, top, { ...opts, direct: true }));
  const where = inDays(r);
  const read = <T>(q: SQL) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
      await tx.execute(sql`SET LOCAL jit = off`);
      return rows<T>(tx as unknown as Db, q);
    });
  // Per day, and for the whole range (d null): the whole range counts each visitor and session once.
  const daysQuery = sql`
    ${dayFigures(where)}
    SELECT to_char(p.day, 'YYYY-MM-DD') AS d, p.pv, u.uv, u.new_uv, p.sessions, p.exits, p.exit_sum, p.exit_sessions
      FROM per_day p JOIN day_uv u USING (day)
    UNION ALL
    SELECT NULL, (SELECT sum(pv) FROM per_day)::int, total_uv.uv, total_uv.new_uv, total_sessions.sessions,
           (SELECT sum(exits) FROM per_day)::int, (SELECT sum(exit_sum) FROM per_day)::float8, total_sessions.exit_sessions
      FROM total_uv, total_sessions`;
  // Views and visitors per page: the visitor's views of the page over the range first, then per page.
  const pagesQuery = sql`
    SELECT min(path) AS path, nullif(id, '') AS id, nullif(category, '') AS category, sum(pv)::int AS pv, count(*)::int AS uv
      FROM (SELECT lpath, id, category, uv, min(path) AS path, sum(pv) AS pv FROM visit_page_day WHERE ${where}
             GROUP BY lpath, id, category, uv) x
     GROUP BY lpath, id, category ORDER BY 4 DESC, 5 DESC, 1, 2, 3 LIMIT ${top}`;
  // The first entry record of each session in the range (its first day's first), once: its page is the entry page
  // (kind e), its referrer the source (kind r).
  const sessionsQuery = sql`
    WITH f AS MATERIALIZED (
      SELECT DISTINCT ON (uv, si) entry_path, entry_id, entry_category, entry_host, ref_host
        FROM visit_session_day WHERE ${where} AND pv > 0 ORDER BY uv, si, first_at, first_id),
    e AS (
      SELECT 'e' AS kind, min(entry_path) AS path, nullif(entry_id, '') AS id, nullif(entry_category, '') AS category,
             NULL::text AS host, NULL::text AS own, count(*)::int AS sessions
        FROM f GROUP BY lower(entry_path), entry_id, entry_category ORDER BY 7 DESC, 2, 3, 4 LIMIT ${top}),
    s AS (SELECT 'r' AS kind, NULL::text, NULL::text, NULL::text, ref_host, entry_host, count(*)::int FROM f GROUP BY ref_host, entry_host)
    SELECT * FROM e UNION ALL SELECT * FROM s`;
  const hostsQuery = sql`SELECT DISTINCT host FROM visit_host_day WHERE ${where}`;
  type SessionRow = PageKey & { kind: 'e' | 'r'; host: string | null; own: string | null; sessions: number };
  const queries = [
    () => read<DayRow>(daysQuery),
    () => read<PageKey & { pv: number; uv: number }>(pagesQuery),
    () => (opts.card ? Promise.resolve([] as SessionRow[]) : read<SessionRow>(sessionsQuery)),
    () => (opts.card ? Promise.resolve([] as { host: string }[]) : read<{ host: string }>(hostsQuery)),
  ] as const;
  let results: [DayRow[], (PageKey & { pv: number; uv: number })[], SessionRow[], { host: string }[]];
  if (opts.parallel) results = await Promise.all([queries[0](), queries[1](), queries[2](), queries[3]()]);
  else results = [await queries[0](), await queries[1](), await queries[2](), await queries[3]()];
  const [days, pages, sessions, hosts] = results;
  return {
    days,
    pages,
    entries: sessions.filter((x) => x.kind === 'e').map(({ path, id, category, sessions: n }) => ({ path, id, category, sessions: n })),
    refs: sessions.filter((x) => x.kind === 'r').map(({ host, own, sessions: n }) => ({ host, own, sessions: n })),
    ownHosts: new Set<string | null>(hosts.map((h) => h.host)),
  };
}

/** Everything the analytics page shows, over one range (figures: from the roll-ups; the tests pass the records'). */
export async function visitAnalytics(
  ctx: AppContext,
  r: DayRange,
  top = TOP,
  figures: (db: Db, r: DayRange, top: number) => Promise<VisitFigures> = (db, range, n) =>
    rollupFigures(db, range, n, { parallel: ctx.database.kind === 'postgres' }),
): Promise<VisitAnalytics> {
  const { db } = ctx;
  const { days, pages, entries, refs, ownHosts } = await figures(db, r, top);
  const total = days.find((d) => d.d === null);
  const byDay = new Map(days.filter((d) => d.d !== null).map((d) => [d.d, d]));
  const daily: VisitDay[] = [];
  for (let n = r.begin; n <= r.end; n++) {
    const date = dayString(n);
    const row = byDay.get(date);
    const uv = Number(row?.uv ?? 0);
    const newVisitors = Number(row?.new_uv ?? 0);
    daily.push({ date, pv: Number(row?.pv ?? 0), uv, newVisitors, returningVisitors: uv - newVisitors, sessions: Number(row?.sessions ?? 0) });
  }

  const title = await pageTitles(db, [...pages, ...entries]);
  const topPages: VisitPageRow[] = pages.map((p) => ({ page: pageOf(p), title: title(p), pv: Number(p.pv), uv: Number(p.uv) }));
  const entryPages: VisitEntryRow[] = entries.map((p) => ({ page: pageOf(p), title: title(p), sessions: Number(p.sessions) }));
  const grouped = new Map<string, VisitReferrerRow>();
  for (const x of refs) {
    const kind = !x.host ? 'direct' : x.host === x.own || ownHosts.has(x.host) || isLoopbackHost(x.host) ? 'internal' : 'external';
    const host = kind === 'external' ? x.host! : '';
    const key = `${kind}:${host}`;
    const row = grouped.get(key) ?? { host, label: kind === 'external' ? host : VISIT_REFERRER_LABELS[kind], kind, sessions: 0 };
    row.sessions += Number(x.sessions);
    grouped.set(key, row);
  }
  const referrers = [...grouped.values()].sort((a, b) => b.sessions - a.sessions || a.label.localeCompare(b.label)).slice(0, top);

  const uv = Number(total?.uv ?? 0);
  const newVisitors = Number(total?.new_uv ?? 0);
  const exits = Number(total?.exits ?? 0);
  const exitSum = Number(total?.exit_sum ?? 0);
  const exitSessions = Number(total?.exit_sessions ?? 0);
  return {
    beginDate: dayString(r.begin),
    endDate: dayString(r.end),
    pv: Number(total?.pv ?? 0),
    uv,
    sessions: Number(total?.sessions ?? 0),
    newVisitors,
    returningVisitors: uv - newVisitors,
    avgDuration: exits ? Math.round(exitSum / exits) : 0,
    avgSessionDuration: exitSessions ? Math.round(exitSum / exitSessions) : 0,
    daily,
    topPages,
    entryPages,
    referrers,
  };
}

// ---- CSV

/** One CSV cell: quoted when needed; a leading = + - @ (a formula in a spreadsheet) is neutralised. */
export function csvCell(v: string | number): string {
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function analyticsCsv(a: VisitAnalytics): string {
  const lines: (string | number)[][] = [
    ['访问统计', `${a.beginDate} 至 ${a.endDate}`],
    [],
    ['浏览量', '访客数', '访问次数', '新访客', '老访客', '平均停留时长(秒)', '平均访问时长(秒)'],
    [a.pv, a.uv, a.sessions, a.newVisitors, a.returningVisitors, a.avgDuration, a.avgSessionDuration],
    [],
    ['日期', '浏览量', '访客数', '新访客', '老访客', '访问次数'],
    ...a.daily.map((d) => [d.date, d.pv, d.uv, d.newVisitors, d.returningVisitors, d.sessions]),
    [],
    ['热门页面', '页面地址', '浏览量', '访客数'],
    ...a.topPages.map((p) => [p.title, p.page, p.pv, p.uv]),
    [],
    ['入口页面', '页面地址', '访问次数'],
    ...a.entryPages.map((p) => [p.title, p.page, p.sessions]),
    [],
    ['来源', '访问次数'],
    ...a.referrers.map((x) => [x.label, x.sessions]),
  ];
  // A byte order mark: spreadsheet programs then read the file as UTF-8.
  return `\uFEFF${lines.map((l) => l.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

// ---- routes

export default async function visitRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  // The presets' long ranges are counted as each day closes, not by the day's first reader (lib/visit-range.ts).
  if (ctx.config.warmVisitRanges) {
    const warmer = warmKeptRanges(db, VISIT_RANGE.presets, {
      ready: () => rollupZone(db),
      log: (err) => fastify.log.warn({ err }, '访问统计: the preset ranges could not be counted ahead'),
    });
    app.addHook('preClose', async () => {
      warmer.stop();
      await warmer.done;
    });
  }

  const statsQuery = z.object({
    days: z.coerce
      .number({ error: '天数格式不正确' })
      .int('天数格式不正确')
      .min(1, '天数必须大于0')
      .max(VISIT_RANGE.maxDays, `天数不能超过${VISIT_RANGE.maxDays}`)
      .default(VISIT_RANGE.defaultDays),
  });
  app.get('/system/visit/stats', { onRequest: needPermi(db, 'content:visit:list'), schema: { querystring: statsQuery } }, async (req) => {
    const end = dayNumber(formatDate(new Date()));
    // The card shows views, visitors, the average stay, the top pages and the days: no entry pages or sources.
    const a = await visitAnalytics(ctx, { begin: end - (req.query.days - 1), end }, DASHBOARD_TOP, (db, range, n) =>
      rollupFigures(db, range, n, { parallel: ctx.database.kind === 'postgres', card: true }),
    );
    const data: VisitStats = {
      pv: a.pv,
      uv: a.uv,
      avgDuration: a.avgDuration,
      topPages: a.topPages.map((p) => ({ url: p.page, title: p.title, pv: p.pv })),
      daily: a.daily.map((d) => ({ date: d.date, pv: d.pv, uv: d.uv })),
    };
    return { code: 200, msg: OK, data };
  });

  app.get('/system/visit/analytics', { onRequest: needPermi(db, 'content:visit:query'), schema: { querystring: visitRange } }, async (req) => ({
    code: 200,
    msg: OK,
    data: await visitAnalytics(ctx, req.query),
  }));

  app.post('/system/visit/export', { onRequest: needPermi(db, 'content:visit:export'), schema: { body: visitRange } }, async (req, reply) => {
    const a = await visitAnalytics(ctx, req.body);
    const name = `访问统计_${a.beginDate}_${a.endDate}.csv`;
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="visits_${a.beginDate}_${a.endDate}.csv"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .send(analyticsCsv(a));
  });
}
