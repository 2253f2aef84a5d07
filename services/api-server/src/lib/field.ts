/**
 * Field figures from real browsers: the report the host sends with the exit record of a visit (or on
 * its own, POST /api/field), validated and bounded here, stored raw for a short time and rolled up per day in the
 * same transaction (migration 030): views, a fixed-bucket histogram per metric (p75 of any period from summed
 * buckets) and error counts per remote version with their messages. And what 站点监控 reads.
 *
 * A report counts only for a page view the site recorded: the view's entry record gets a token in its answer
 * (issueFieldView, table field_view of migration 037), and the report must bring it (claimFieldView takes it in the
 * statement that deletes it, so it counts once), be of that view's page and owning remote (from the entry's address
 * and the route table, not from the report), and name only the versions the entry named. Anyone can still make up
 * page views, but each costs an entry record under the address's visit limit, and the canary's abort rule counts the
 * addresses that viewed a version, not the reports (lib/canary-figures.ts).
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  FIELD_BUCKETS,
  FIELD_ERROR_KINDS,
  FIELD_LIMITS,
  FIELD_METRICS,
  fieldBucket,
  percentileFromBuckets,
  type FieldMetric,
  type FieldReport,
  type MonitorErrorDay,
  type MonitorMessageRow,
  type MonitorServer,
  type MonitorSite,
  type MonitorVersionRow,
  type MonitorVitalRow,
} from '@site/contract';
import { fieldPageOf, REMOTE_NAMES } from '@site/contract/routes';
import { rows, type Db } from '../db/index.js';
import { countHit } from './ratelimit.js';

/** Raw reports are kept this long (the roll-ups for good). */
export const FIELD_RAW_DAYS = 7;
export const FIELD_LIMIT_MSG = '性能数据上报过于频繁，请稍后再试';

const name = (label: string) =>
  z
    .string({ error: `${label}格式不正确` })
    .max(FIELD_LIMITS.name, `${label}不能超过${FIELD_LIMITS.name}个字符`)
    .regex(/^[\w.@+-]*$/, `${label}格式不正确`);
const route = z
  .string({ error: '路由格式不正确' })
  .min(1, '路由不能为空')
  .max(FIELD_LIMITS.route, `路由不能超过${FIELD_LIMITS.route}个字符`)
  .regex(/^\/[\w\-/*]*$/, '路由格式不正确，应为路由模式（如 /newsDetail）');
const metric = (m: FieldMetric) =>
  z
    .number({ error: `${m}必须是数字` })
    .finite(`${m}必须是数字`)
    .min(0, `${m}不能为负数`)
    .max(FIELD_LIMITS.max[m], `${m}不能超过${FIELD_LIMITS.max[m]}`)
    .optional();

export const fieldErrorSchema = z.object({
  kind: z.enum(FIELD_ERROR_KINDS as [string, ...string[]], { error: '错误类型不正确' }),
  message: z.string({ error: '错误信息格式不正确' }).max(FIELD_LIMITS.message, `错误信息不能超过${FIELD_LIMITS.message}个字符`),
  route,
  remote: name('远程模块'),
  remoteVersion: name('远程模块版本'),
  count: z
    .number({ error: '错误次数必须是数字' })
    .int('错误次数必须是整数')
    .min(1, '错误次数至少为1')
    .max(FIELD_LIMITS.errorCount, `错误次数不能超过${FIELD_LIMITS.errorCount}`),
});

export const fieldReportSchema = z.object({
  route,
  remote: name('远程模块'),
  remoteVersion: name('远程模块版本'),
  hostVersion: name('主应用版本'),
  device: z.enum(['phone', 'desktop'], { error: '设备类型只能为 phone 或 desktop' }),
  vitals: z
    .strictObject({ LCP: metric('LCP'), INP: metric('INP'), CLS: metric('CLS'), TTFB: metric('TTFB') }, { error: '性能指标格式不正确' })
    .default({}),
  errors: z.array(fieldErrorSchema, { error: '错误列表格式不正确' }).max(FIELD_LIMITS.errors, `错误不能超过${FIELD_LIMITS.errors}条`).default([]),
  token: z
    .string({ error: '性能数据缺少页面访问凭证' })
    .regex(/^[\w-]{20,64}$/, '页面访问凭证格式不正确')
    .optional(),
});

/** The entry record's `field`: the versions the page runs (the host and each remote by its federation name). */
export const fieldViewSchema = z.object({
  versions: z
    .partialRecord(z.enum(['host', ...REMOTE_NAMES] as [string, ...string[]], { error: '模块名称不正确' }), name('版本'), {
      error: '版本列表格式不正确',
    })
    .refine((v) => Object.keys(v).length <= FIELD_LIMITS.versions, `版本不能超过${FIELD_LIMITS.versions}个`),
});

/** What the page renderer reports (POST /internal/render/versions): each remote's version it serves. */
export const releasedVersionsSchema = z.object({
  versions: z
    .partialRecord(z.enum(REMOTE_NAMES as unknown as [string, ...string[]], { error: '模块名称不正确' }), name('版本').min(1, '版本不能为空'), {
      error: '版本列表格式不正确',
    })
    .refine((v) => Object.keys(v).length <= FIELD_LIMITS.versions, `版本不能超过${FIELD_LIMITS.versions}个`),
});

export const FIELD_NO_VIEW_MSG = '性能数据没有对应的页面访问（凭证无效或已使用）';
export const FIELD_MISMATCH_MSG = '性能数据与页面访问的页面或版本不符';
/** A page view's token is good for a day (a tab left open overnight reports nothing). */
const VIEW_HOURS = 24;

/** What the server recorded of a page view when its entry record came. */
export interface FieldViewRow {
  ip: string | null;
  route: string;
  remote: string;
  versions: Record<string, string>;
}

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * Records a page view a report may be sent for, from its entry record: the page and its remote from the entry's
 * address (route table), the versions from the entry's `field`. Returns the token for the answer, or null when
 * `field` is not a valid FieldView (the visit counts regardless).
 */
export async function issueFieldView(db: Db, entry: { url: string; field: unknown; ip: string | null }): Promise<string | null> {
  const parsed = fieldViewSchema.safeParse(entry.field);
  if (!parsed.success) return null;
  let pathname: string;
  try {
    pathname = new URL(entry.url, 'http://site.invalid').pathname;
  } catch {
    return null;
  }
  if (await namesUnreleased(db, parsed.data.versions as Record<string, string>)) return null;
  const page = fieldPageOf(pathname);
  const token = crypto.randomBytes(24).toString('base64url');
  await db.execute(sql`
    INSERT INTO field_view (token_hash, ip, route, remote, versions)
    VALUES (${hashToken(token)}, ${entry.ip}, ${page.route}, ${page.remote}, ${JSON.stringify(parsed.data.versions)}::jsonb)`);
  return token;
}

/** How long a version that left the site still counts (tabs left open, a cached page). */
const RELEASED_DAYS = 30;

/**
 * Whether the view names a remote version the site does not serve: one the page renderer has never reported for a
 * remote it reports (or not for RELEASED_DAYS). A remote nobody reports (a site without the renderer) is not judged.
 */
async function namesUnreleased(db: Db, versions: Record<string, string>): Promise<boolean> {
  const named = Object.entries(versions).filter(([remote]) => remote !== 'host');
  if (!named.length) return false;
  const [row] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM jsonb_each_text(${JSON.stringify(Object.fromEntries(named))}::jsonb) v
         WHERE EXISTS (SELECT 1 FROM released_version r WHERE r.remote = v.key)
           AND NOT EXISTS (SELECT 1 FROM released_version r
                            WHERE r.remote = v.key AND r.version = v.value AND r.last_seen > now() - make_interval(days => ${RELEASED_DAYS}))`,
  );
  return Number(row?.n ?? 0) > 0;
}

/** Notes the remote versions the page renderer serves now (its run's remotes file, an open canary's too). */
export async function noteReleasedVersions(db: Db, versions: Record<string, string>): Promise<void> {
  const list = Object.entries(versions);
  if (!list.length) return;
  await db.execute(sql`
    INSERT INTO released_version AS r (remote, version) VALUES ${sql.join(
      list.map(([remote, version]) => sql`(${remote}, ${version})`),
      sql`, `,
    )}
    ON CONFLICT (remote, version) DO UPDATE SET last_seen = now()`);
}

/** Takes a page view's token: the one statement that deletes it answers the view, so a token counts once. */
export async function claimFieldView(db: Db, token: string | undefined): Promise<FieldViewRow | null> {
  if (!token) return null;
  const [row] = await rows<FieldViewRow>(
    db,
    sql`DELETE FROM field_view WHERE token_hash = ${hashToken(token)} AND created_at > now() - make_interval(hours => ${VIEW_HOURS})
        RETURNING ip, route, remote, versions`,
  );
  return row ?? null;
}

/**
 * The report as its view allows it, or null: the same page and owning remote, that remote's and the host's versions
 * as the entry named them. Of its errors only those of a remote at the version the entry named for it (none named:
 * none given) are kept: a remote first loaded after the entry (a later page of the visit) loses its errors, not the
 * view's figures.
 */
export function reportOfView(report: FieldReport, view: FieldViewRow): FieldReport | null {
  const version = (remote: string) => view.versions[remote] ?? '';
  const fits =
    report.route === view.route &&
    report.remote === view.remote &&
    report.remoteVersion === version(view.remote) &&
    report.hostVersion === version('host');
  if (!fits) return null;
  const known = (remote: string) => remote === 'host' || (REMOTE_NAMES as readonly string[]).includes(remote);
  return { ...report, errors: (report.errors ?? []).filter((e) => known(e.remote) && e.remoteVersion === version(e.remote)) };
}

/** Messages grouped: long numbers (ids, chunk numbers, ports) and query strings do not make messages of their own. */
export function normalizeMessage(message: string): string {
  return (
    message
      // eslint-disable-next-line no-control-regex -- control characters are what this removes
      .replace(/[\u0000-\u001f\u007f]+/g, ' ')
      .replace(/\?[^\s)]*/g, '')
      .replace(/\d{3,}/g, 'N')
      .trim()
      .slice(0, FIELD_LIMITS.message) || '(无信息)'
  );
}

const dayOf = sql`(now() AT TIME ZONE coalesce((SELECT zone FROM visit_rollup_zone), 'Asia/Shanghai'))::date`;

/**
 * Stores one report of the page view seen from `visitor` under the sender's per-address rate limit (the visit
 * limit's numbers under its own key, counted in the database: it holds across instances). Returns false when over
 * the limit (nothing stored).
 */
export async function recordField(
  db: Db,
  report: FieldReport,
  who: { sender: string | null; visitor: string | null },
  limit: { limit: number; windowMs: number },
): Promise<boolean> {
  const { count } = await countHit(db, `field:${who.sender ?? ''}`, limit.windowMs);
  const ip = who.visitor;
  if (count > limit.limit) return false;
  const v = report.vitals ?? {};
  const errors = (report.errors ?? []).map((e) => ({ ...e, message: normalizeMessage(e.message) }));
  const errorCount = errors.reduce((s, e) => s + e.count, 0);
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [row] = await rows<{ day: string }>(
      tx,
      sql`INSERT INTO field_report (day, route, remote, remote_version, host_version, device, lcp, inp, cls, ttfb, errors, ip)
          VALUES (${dayOf}, ${report.route}, ${report.remote}, ${report.remoteVersion}, ${report.hostVersion}, ${report.device},
                  ${v.LCP ?? null}, ${v.INP ?? null}, ${v.CLS ?? null}, ${v.TTFB ?? null}, ${JSON.stringify(errors)}::jsonb, ${ip})
          RETURNING to_char(day, 'YYYY-MM-DD') AS day`,
    );
    const day = row.day;
    const key = sql`${day}::date, ${report.route}, ${report.remote}, ${report.remoteVersion}, ${report.device}`;
    await tx.execute(sql`
      INSERT INTO field_view_day AS f (day, route, remote, remote_version, device, views, errors) VALUES (${key}, 1, ${errorCount})
      ON CONFLICT (day, route, remote, remote_version, device) DO UPDATE SET views = f.views + 1, errors = f.errors + EXCLUDED.errors`);
    const measured = FIELD_METRICS.filter((m) => v[m] !== undefined);
    if (measured.length)
      await tx.execute(sql`
        INSERT INTO field_vital_day AS f (day, route, remote, remote_version, device, metric, bucket, n)
        VALUES ${sql.join(
          measured.map((m) => sql`(${key}, ${m}, ${fieldBucket(m, v[m]!)}, 1)`),
          sql`, `,
        )}
        ON CONFLICT (day, route, remote, remote_version, device, metric, bucket) DO UPDATE SET n = f.n + 1`);
    // The same key twice in one statement cannot be upserted: summed here first.
    const grouped = new Map<string, (typeof errors)[number]>();
    for (const e of errors) {
      const k = JSON.stringify([e.remote, e.remoteVersion, e.kind, e.route, e.message]);
      const had = grouped.get(k);
      grouped.set(k, had ? { ...had, count: had.count + e.count } : e);
    }
    if (grouped.size)
      await tx.execute(sql`
        INSERT INTO field_error_day AS f (day, remote, remote_version, kind, route, message, n)
        VALUES ${sql.join(
          [...grouped.values()].map((e) => sql`(${day}::date, ${e.remote}, ${e.remoteVersion}, ${e.kind}, ${e.route}, ${e.message}, ${e.count})`),
          sql`, `,
        )}
        ON CONFLICT (day, remote, remote_version, kind, route, message) DO UPDATE SET n = f.n + EXCLUDED.n, last_at = now()`);
  });
  // Raw reports older than FIELD_RAW_DAYS go now and then.
  if (Math.random() < 0.01) await pruneField(db).catch(() => {});
  return true;
}

/** Removes raw reports past FIELD_RAW_DAYS, page views past their day and server minutes past 30 days. */
export async function pruneField(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM field_view WHERE created_at < now() - make_interval(hours => ${VIEW_HOURS})`);
  await db.execute(sql`DELETE FROM field_report WHERE created_at < now() - make_interval(days => ${FIELD_RAW_DAYS})`);
  await db.execute(sql`DELETE FROM api_request_minute WHERE minute < now() - interval '30 days'`);
  await db.execute(sql`DELETE FROM render_lag_minute WHERE minute < now() - interval '30 days'`);
}

// ---- 站点监控

const DAY_MS = 86_400_000;
const dayString = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
const TOP_MESSAGES = 100;

const round = (v: number | null, digits = 0) => (v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits);

/** p75 per route (all devices, and per device) from the summed buckets of the period. */
async function vitalRows(db: Db, from: string, to: string): Promise<MonitorVitalRow[]> {
  const views = await rows<{ route: string; device: string | null; views: number }>(
    db,
    sql`SELECT route, device, sum(views)::int AS views FROM field_view_day
         WHERE day BETWEEN ${from}::date AND ${to}::date GROUP BY GROUPING SETS ((route, device), (route))`,
  );
  const buckets = await rows<{ route: string; device: string; metric: FieldMetric; bucket: number; n: number }>(
    db,
    sql`SELECT route, device, metric, bucket, sum(n)::int AS n FROM field_vital_day
         WHERE day BETWEEN ${from}::date AND ${to}::date GROUP BY route, device, metric, bucket`,
  );
  const hist = new Map<string, Map<number, number>>();
  const add = (k: string, b: number, n: number) => {
    const h = hist.get(k) ?? new Map<number, number>();
    h.set(b, (h.get(b) ?? 0) + n);
    hist.set(k, h);
  };
  for (const b of buckets) {
    add(`${b.route}|${b.device}|${b.metric}`, Number(b.bucket), Number(b.n));
    add(`${b.route}|all|${b.metric}`, Number(b.bucket), Number(b.n));
  }
  return views
    .map((r) => {
      const device = (r.device ?? 'all') as MonitorVitalRow['device'];
      const p = (m: FieldMetric) => {
        const h = hist.get(`${r.route}|${device}|${m}`);
        return h ? percentileFromBuckets(m, h) : null;
      };
      const samples: MonitorVitalRow['samples'] = {};
      for (const m of FIELD_METRICS) {
        const h = hist.get(`${r.route}|${device}|${m}`);
        if (h) samples[m] = [...h.values()].reduce((s, n) => s + n, 0);
      }
      return {
        route: r.route,
        device,
        views: Number(r.views),
        lcp: round(p('LCP')),
        inp: round(p('INP')),
        cls: round(p('CLS'), 3),
        ttfb: round(p('TTFB')),
        samples,
      };
    })
    .sort((a, b) => b.views - a.views || a.route.localeCompare(b.route) || a.device.localeCompare(b.device));
}

export async function serverFigures(db: Db, begin: Date, end: Date): Promise<MonitorServer> {
  const minutes = await rows<{ minute: string | Date; requests: number; errors_5xx: number; sum_ms: number; buckets: Record<string, number> }>(
    db,
    sql`SELECT minute, requests, errors_5xx, sum_ms, buckets FROM api_request_minute WHERE minute >= ${begin.toISOString()}::timestamptz AND minute < ${end.toISOString()}::timestamptz ORDER BY minute`,
  );
  const total = new Map<number, number>();
  const hours = new Map<number, { requests: number; errors: number; h: Map<number, number> }>();
  let requests = 0;
  let errors = 0;
  for (const m of minutes) {
    const hour = Math.floor(new Date(m.minute).getTime() / 3_600_000) * 3_600_000;
    const slot = hours.get(hour) ?? { requests: 0, errors: 0, h: new Map<number, number>() };
    slot.requests += Number(m.requests);
    slot.errors += Number(m.errors_5xx);
    for (const [b, n] of Object.entries(m.buckets ?? {})) {
      total.set(Number(b), (total.get(Number(b)) ?? 0) + Number(n));
      slot.h.set(Number(b), (slot.h.get(Number(b)) ?? 0) + Number(n));
    }
    hours.set(hour, slot);
    requests += Number(m.requests);
    errors += Number(m.errors_5xx);
  }
  const lag = await rows<{ bucket: number; n: number; sum_ms: number; max_ms: number }>(
    db,
    sql`SELECT bucket, sum(n)::int AS n, sum(sum_ms)::float8 AS sum_ms, max(max_ms)::float8 AS max_ms FROM render_lag_minute
         WHERE minute >= ${begin.toISOString()}::timestamptz AND minute < ${end.toISOString()}::timestamptz GROUP BY bucket`,
  );
  const [pending] = await rows<{ pending: number; oldest_ms: number | null }>(
    db,
    sql`SELECT count(*)::int AS pending, (extract(epoch FROM now() - min(created_at)) * 1000)::float8 AS oldest_ms FROM render_outbox`,
  );
  const changes = lag.reduce((s, r) => s + Number(r.n), 0);
  const lagHist = new Map(lag.map((r) => [Number(r.bucket), Number(r.n)]));
  return {
    requests,
    errors5xx: errors,
    errorRate: requests ? Math.round((errors / requests) * 10000) / 100 : 0,
    p50Ms: round(percentileFromBuckets('TTFB', total, 0.5)),
    p95Ms: round(percentileFromBuckets('TTFB', total, 0.95)),
    series: [...hours.entries()].map(([hour, s]) => ({
      minute: new Date(hour).toISOString(),
      requests: s.requests,
      errors5xx: s.errors,
      p95Ms: round(percentileFromBuckets('TTFB', s.h, 0.95)),
    })),
    render: {
      changes,
      avgMs: changes ? Math.round(lag.reduce((s, r) => s + Number(r.sum_ms), 0) / changes) : null,
      maxMs: changes ? Math.round(Math.max(...lag.map((r) => Number(r.max_ms)))) : null,
      p95Ms: round(percentileFromBuckets('TTFB', lagHist, 0.95)),
      pending: Number(pending?.pending ?? 0),
      oldestPendingMs: pending?.oldest_ms === null || pending?.oldest_ms === undefined ? null : Math.round(Number(pending.oldest_ms)),
    },
  };
}

/** Everything 站点监控 shows over a range of days (begin..end, day numbers since 1970-01-01, in the roll-ups' zone). */
export async function monitorSite(db: Db, r: { begin: number; end: number }, zone: string): Promise<MonitorSite> {
  const from = dayString(r.begin);
  const to = dayString(r.end);
  const vitals = await vitalRows(db, from, to);
  const errorDays = (
    await rows<{ d: string; version: string; errors: number }>(
      db,
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS d, remote || '@' || remote_version AS version, sum(n)::int AS errors FROM field_error_day
           WHERE day BETWEEN ${from}::date AND ${to}::date GROUP BY 1, 2 ORDER BY 1, 2`,
    )
  ).map<MonitorErrorDay>((x) => ({ date: x.d, version: x.version, errors: Number(x.errors) }));
  const versions = (
    await rows<{ remote: string; version: string; views: number; errors: number; first: string; last: string }>(
      db,
      sql`SELECT remote, version, sum(views)::int AS views, sum(errors)::int AS errors, to_char(min(day), 'YYYY-MM-DD') AS first, to_char(max(day), 'YYYY-MM-DD') AS last
            FROM (SELECT day, remote, remote_version AS version, views, 0 AS errors FROM field_view_day
                  UNION ALL SELECT day, remote, remote_version, 0, n FROM field_error_day) x
           WHERE day BETWEEN ${from}::date AND ${to}::date GROUP BY remote, version ORDER BY min(day), remote, version`,
    )
  ).map<MonitorVersionRow>((x) => ({
    remote: x.remote,
    version: x.version,
    views: Number(x.views),
    errors: Number(x.errors),
    errorRate: Number(x.views) ? Math.round((Number(x.errors) / Number(x.views)) * 10000) / 100 : 0,
    firstSeen: x.first,
    lastSeen: x.last,
  }));
  const messages = (
    await rows<{ remote: string; version: string; kind: MonitorMessageRow['kind']; route: string; message: string; count: number; last: string }>(
      db,
      sql`SELECT remote, remote_version AS version, kind, route, message, sum(n)::int AS count, to_char(max(day), 'YYYY-MM-DD') AS last
            FROM field_error_day WHERE day BETWEEN ${from}::date AND ${to}::date
           GROUP BY remote, remote_version, kind, route, message ORDER BY count DESC, max(last_at) DESC, message LIMIT ${TOP_MESSAGES}`,
    )
  ).map<MonitorMessageRow>((x) => ({
    remote: x.remote,
    version: x.version,
    kind: x.kind,
    route: x.route,
    message: x.message,
    count: Number(x.count),
    lastDate: x.last,
  }));
  // The server side over the same days in the roll-ups' zone (the minute rows are kept 30 days).
  const [bounds] = await rows<{ b: string | Date; e: string | Date }>(
    db,
    sql`SELECT (${from}::date::timestamp AT TIME ZONE ${zone}) AS b, ((${to}::date + 1)::timestamp AT TIME ZONE ${zone}) AS e`,
  );
  const server = await serverFigures(db, new Date(bounds.b), new Date(bounds.e));
  return { beginDate: from, endDate: to, vitals, errorDays, versions, messages, server };
}

/** For tests: the bucket edges (the page shows p75 to a bucket's width). */
export const bucketEdges = FIELD_BUCKETS;
