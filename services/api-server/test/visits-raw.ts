/**
 * The figures of 访问统计 counted over the visit records themselves: the queries the analytics page ran before the
 * daily roll-ups (issue 36.10), with the site's pages only (issue 34.9), kept as the reference the roll-ups must
 * equal (visit-rollup.test.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { VISIT_PRIVATE_PATHS } from '@site/contract';
import { VISIT_PAGE_PATHS } from '@site/contract/routes';
import { rows, type Db } from '../src/db/index.js';
import type { DayRange, DayRow, PageKey, VisitFigures } from '../src/lib/visit-range.js';

const DAY_MS = 86_400_000;
const dayString = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
const tz = () => process.env.TZ || 'Asia/Shanghai';

function inRange(r: DayRange): SQL {
  const from = dayString(r.begin);
  const to = dayString(r.end + 1);
  return sql`created_at >= (${from}::date::timestamp AT TIME ZONE ${tz()}) AND created_at < (${to}::date::timestamp AT TIME ZONE ${tz()})`;
}
const PATH_SQL = (col: SQL) =>
  sql`coalesce(nullif(rtrim(regexp_replace(${col}, '^[A-Za-z][A-Za-z0-9+.-]*://[^/]*|[?#].*$', '', 'g'), '/'), ''), '/')`;
const ID_SQL = (col: SQL) => sql`substring(${col} from '[?&]id=([0-9]{1,9})(?:[&#]|$)')`;
const CATEGORY_SQL = (col: SQL) => sql`substring(${col} from '[?&]categoryId=([0-9]{1,9})(?:[&#]|$)')`;
const HOST_SQL = (col: SQL) => sql`lower(substring(${col} from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/@?#]*@)?([^/:?#]+)'))`;
const PRIVATE_RE = `^/(${VISIT_PRIVATE_PATHS.map((p) => p.slice(1)).join('|')})(/|$)`;
const PUBLIC_SQL = sql`NOT (lower(${PATH_SQL(sql`coalesce(nullif(entry_url, ''), url)`)}) ~ ${PRIVATE_RE})`;
/** Issue 34.9: only the site's pages are page views (a `/404` or unknown address is not). */
const PAGE_SQL = sql`lower(${PATH_SQL(sql`url`)}) IN (${sql.join(
  VISIT_PAGE_PATHS.map((p) => sql`${p.toLowerCase()}`),
  sql`, `,
)})`;

export async function rawFigures(db: Db, r: DayRange, top: number): Promise<VisitFigures> {
  const where = sql`${inRange(r)} AND ${PUBLIC_SQL} AND ${PAGE_SQL}`;
  const days = await rows<DayRow>(
    db,
    sql`
    SELECT d,
           count(*) FILTER (WHERE count = 1)::int AS pv,
           count(DISTINCT uv) FILTER (WHERE count = 1)::int AS uv,
           count(DISTINCT uv) FILTER (WHERE count = 1 AND new_visitor)::int AS new_uv,
           count(DISTINCT (uv, si)) FILTER (WHERE count = 1)::int AS sessions,
           count(*) FILTER (WHERE count = 0)::int AS exits,
           sum(duration) FILTER (WHERE count = 0)::float8 AS exit_sum,
           count(DISTINCT (uv, si)) FILTER (WHERE count = 0)::int AS exit_sessions
    FROM (SELECT to_char(created_at AT TIME ZONE ${tz()}, 'YYYY-MM-DD') AS d, count, uv, si, new_visitor, duration
          FROM visit WHERE ${where}) v
    GROUP BY GROUPING SETS ((d), ())`,
  );
  const pages = await rows<PageKey & { pv: number; uv: number }>(
    db,
    sql`
    SELECT min(path) AS path, id, category, count(*)::int AS pv, count(DISTINCT uv)::int AS uv FROM (
      SELECT ${PATH_SQL(sql`url`)} AS path, ${ID_SQL(sql`url`)} AS id, ${CATEGORY_SQL(sql`url`)} AS category, uv
      FROM visit WHERE ${where} AND count = 1) v
    GROUP BY lower(path), id, category ORDER BY pv DESC, uv DESC, min(path), id, category LIMIT ${top}`,
  );
  const firstOfSession = sql`
    SELECT DISTINCT ON (uv, si) coalesce(nullif(entry_url, ''), url) AS entry, referrer
    FROM visit WHERE ${where} AND count = 1 ORDER BY uv, si, created_at, id`;
  const entries = await rows<PageKey & { sessions: number }>(
    db,
    sql`
    SELECT min(path) AS path, id, category, count(*)::int AS sessions FROM (
      SELECT ${PATH_SQL(sql`entry`)} AS path, ${ID_SQL(sql`entry`)} AS id, ${CATEGORY_SQL(sql`entry`)} AS category
      FROM (${firstOfSession}) s) e
    GROUP BY lower(path), id, category ORDER BY sessions DESC, min(path), id, category LIMIT ${top}`,
  );
  const refs = await rows<{ host: string | null; own: string | null; sessions: number }>(
    db,
    sql`
    SELECT ${HOST_SQL(sql`referrer`)} AS host, ${HOST_SQL(sql`entry`)} AS own, count(*)::int AS sessions
    FROM (${firstOfSession}) s GROUP BY 1, 2`,
  );
  const ownHosts = new Set(
    (await rows<{ host: string | null }>(db, sql`SELECT DISTINCT ${HOST_SQL(sql`url`)} AS host FROM visit WHERE ${where}`)).map((h) => h.host),
  );
  return { days, pages, entries, refs, ownHosts };
}
