/**
 * 访问统计 over a long range within 300 ms, exact (migration 032).
 *
 * The figures of a range's closed days (before today in the roll-ups' zone) never change once those days are over,
 * so they are counted once from the roll-ups and kept in `visit_range_cache` (the database: every API instance reads
 * the same), keyed by zone and days. A read takes them and adds the open days (today) exactly: per-day figures and
 * sums add up; a distinct visitor, session or page visitor of today counts only when the closed days have no row of
 * it (looked up by visitor: indexes on (uv, day), a page visitor by (uv, page, day), migration 043); a session's entry
 * page and source are its first day's, so a session of today that began on a closed day is already counted. Pages and entry pages are merged and ranked in
 * SQL, so ties are ordered by the database's collation as before.
 *
 * A record for a closed day (a bulk load, a record committed after midnight) moves `visit_range_gen` on (a trigger
 * on `visit`); a kept range is stored with the generation read before its roll-up rows, and read in a REPEATABLE
 * READ transaction that checks the generation first, so a kept range is either current or not read.
 * Not read: the range is counted again and kept; if even that is stale by the time it is read, the figures are
 * counted straight from the roll-ups (rollupFigures).
 */
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '../db/index.js';

/** A range of whole days, as days since 1970-01-01 (UTC), both ends counted. */
export type DayRange = { begin: number; end: number };

/** A page as visits record it: its path and the article (`id`) or category it shows. */
export interface PageKey {
  path: string;
  id: string | null;
  category: string | null;
}

/** One day's figures (d; null: the whole range). */
export interface DayRow {
  d: string | null;
  pv: number;
  uv: number;
  new_uv: number;
  sessions: number;
  exits: number;
  exit_sum: number | null;
  exit_sessions: number;
}

/** What the figures are made of, before the pages are named: see rollupFigures (routes/visits.ts). */
export interface VisitFigures {
  /** Per day (d) and for the whole range (d null). */
  days: DayRow[];
  pages: (PageKey & { pv: number; uv: number })[];
  entries: (PageKey & { sessions: number })[];
  /** The host of each session's source (null: none) and of its entry page, with the number of sessions. */
  refs: { host: string | null; own: string | null; sessions: number }[];
  ownHosts: Set<string | null>;
}

export const DAY_MS = 86_400_000;
/** The `YYYY-MM-DD` of a day number (DayRange). */
export const dayString = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
/** Kept ranges are dropped after a week unread-for-counting (ranges ending yesterday change key every day). */
const KEEP = sql`interval '7 days'`;

interface Totals {
  pv: number | null;
  uv: number;
  new_uv: number;
  sessions: number;
  exits: number | null;
  exit_sum: number | null;
  exit_sessions: number;
}

/**
 * The day figures of the visit records `where` selects, as CTEs: per_day and day_uv per day, total_uv and
 * total_sessions for the whole range (each visitor and session counted once). Read live (routes/visits.ts) and kept
 * (keepRange) from this one text, so the two can never count differently.
 */
export function dayFigures(where: SQL): SQL {
  return sql`
    WITH r AS MATERIALIZED (SELECT day, uv, si, pv, new_pv, exits, exit_sum FROM visit_session_day WHERE ${where}),
    per_day AS (
      SELECT day, sum(pv)::int AS pv, count(*) FILTER (WHERE pv > 0)::int AS sessions, sum(exits)::int AS exits,
             sum(exit_sum) FILTER (WHERE exits > 0)::float8 AS exit_sum, count(*) FILTER (WHERE exits > 0)::int AS exit_sessions
        FROM r GROUP BY day),
    visitors AS (SELECT day, uv, bool_or(pv > 0) AS v, bool_or(new_pv > 0) AS n FROM r GROUP BY day, uv),
    day_uv AS (SELECT day, count(*) FILTER (WHERE v)::int AS uv, count(*) FILTER (WHERE n)::int AS new_uv FROM visitors GROUP BY day),
    total_uv AS (
      SELECT count(*) FILTER (WHERE v)::int AS uv, count(*) FILTER (WHERE n)::int AS new_uv
        FROM (SELECT uv, bool_or(v) AS v, bool_or(n) AS n FROM visitors GROUP BY uv) x),
    total_sessions AS (
      SELECT count(*) FILTER (WHERE v)::int AS sessions, count(*) FILTER (WHERE e)::int AS exit_sessions
        FROM (SELECT uv, si, bool_or(pv > 0) AS v, bool_or(exits > 0) AS e FROM r GROUP BY uv, si) x)`;
}

/**
 * The figures of [from, to] counted from the roll-ups and kept. The generation is read (and the range's row locked)
 * by the first statement, before any roll-up row: a record for a closed day that commits after it moves the
 * generation past the one kept, so what is kept is current or never read.
 */
async function keepRange(db: Db, from: string, to: string): Promise<void> {
  const inRange = sql`day BETWEEN ${from}::date AND ${to}::date`;
  const key = sql`zone = (SELECT zone FROM visit_rollup_zone) AND from_day = ${from}::date AND to_day = ${to}::date`;
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
    await tx.execute(sql`SET LOCAL jit = off`);
    await tx.execute(sql`
      INSERT INTO visit_range_cache AS c (zone, from_day, to_day, gen, days, totals, refs, hosts)
      SELECT z.zone, ${from}::date, ${to}::date, g.gen, '[]', '{}', '[]', '[]' FROM visit_rollup_zone z, visit_range_gen g
      ON CONFLICT (zone, from_day, to_day) DO UPDATE SET gen = excluded.gen, created_at = now()`);
    await tx.execute(sql`DELETE FROM visit_range_page WHERE ${key}`);
    await tx.execute(sql`DELETE FROM visit_range_entry WHERE ${key}`);
    await tx.execute(sql`
      ${dayFigures(inRange)}
      UPDATE visit_range_cache SET
        days = (SELECT coalesce(jsonb_agg(jsonb_build_object('d', to_char(p.day, 'YYYY-MM-DD'), 'pv', p.pv, 'uv', u.uv, 'new_uv', u.new_uv,
                 'sessions', p.sessions, 'exits', p.exits, 'exit_sum', p.exit_sum, 'exit_sessions', p.exit_sessions)), '[]')
           FROM per_day p JOIN day_uv u USING (day)),
        totals = (SELECT jsonb_build_object('pv', (SELECT sum(pv) FROM per_day)::int, 'uv', total_uv.uv, 'new_uv', total_uv.new_uv,
                 'sessions', total_sessions.sessions, 'exits', (SELECT sum(exits) FROM per_day)::int,
                 'exit_sum', (SELECT sum(exit_sum) FROM per_day)::float8, 'exit_sessions', total_sessions.exit_sessions)
           FROM total_uv, total_sessions),
        hosts = (SELECT coalesce(jsonb_agg(DISTINCT host), '[]') FROM visit_host_day WHERE ${inRange})
      WHERE ${key}`);
    await tx.execute(sql`
      INSERT INTO visit_range_page (zone, from_day, to_day, lpath, id, category, path, pv, uv)
      SELECT (SELECT zone FROM visit_rollup_zone), ${from}::date, ${to}::date, lpath, id, category, min(path), sum(pv)::int, count(*)::int
        FROM (SELECT lpath, id, category, uv, min(path) AS path, sum(pv) AS pv FROM visit_page_day WHERE ${inRange}
               GROUP BY lpath, id, category, uv) x
       GROUP BY lpath, id, category`);
    // The first entry record of each session in the range (its first day's first): entry pages and sources.
    await tx.execute(sql`
      WITH f AS MATERIALIZED (
        SELECT DISTINCT ON (uv, si) entry_path, entry_id, entry_category, entry_host, ref_host
          FROM visit_session_day WHERE ${inRange} AND pv > 0 ORDER BY uv, si, first_at, first_id),
      e AS (
        INSERT INTO visit_range_entry (zone, from_day, to_day, lpath, id, category, path, sessions)
        SELECT (SELECT zone FROM visit_rollup_zone), ${from}::date, ${to}::date, lower(entry_path), entry_id, entry_category,
               min(entry_path), count(*)::int
          FROM f GROUP BY lower(entry_path), entry_id, entry_category
        RETURNING 1)
      -- (e runs whether or not it is read: a data-modifying WITH always does.)
      UPDATE visit_range_cache SET refs = (
        SELECT coalesce(jsonb_agg(jsonb_build_object('host', ref_host, 'own', entry_host, 'sessions', sessions)), '[]')
          FROM (SELECT ref_host, entry_host, count(*)::int AS sessions FROM f GROUP BY ref_host, entry_host) s)
      WHERE ${key}`);
  });
  await db.execute(sql`DELETE FROM visit_range_cache WHERE gen < (SELECT gen FROM visit_range_gen) OR created_at < now() - ${KEEP}`);
  // Thousands of rows at once: the planner's figures for them now, not at autovacuum's next turn (with none, it takes
  // the ranking index for a lookup by page).
  await db.execute(sql`ANALYZE visit_range_page, visit_range_entry`);
}

type Read = { kind: 'figures'; figures: VisitFigures } | { kind: 'stale'; closed: string } | { kind: 'open' };

/**
 * The figures of `r` from the kept closed days and the open days' roll-ups, in one snapshot; 'stale' when the
 * closed days are not kept under the current generation, 'open' when the range has no closed day.
 */
async function readRange(db: Db, r: DayRange, top: number, card: boolean): Promise<Read> {
  const from = dayString(r.begin);
  const end = dayString(r.end);
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`);
    await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
    await tx.execute(sql`SET LOCAL jit = off`);
    // The closed days by the database's clock, as the trigger tells them.
    const [k] = await rows<{ zone: string; closed: string; open: boolean; hit: boolean }>(
      tx,
      sql`SELECT k.zone, to_char(closed, 'YYYY-MM-DD') AS closed, closed < ${from}::date AS open,
                 EXISTS (SELECT 1 FROM visit_range_cache c WHERE c.zone = k.zone AND c.from_day = ${from}::date AND c.to_day = k.closed AND c.gen = k.gen) AS hit
            FROM (SELECT z.zone, g.gen, least(${end}::date, (clock_timestamp() AT TIME ZONE z.zone)::date - 1) AS closed
                    FROM visit_rollup_zone z, visit_range_gen g) k`,
    );
    const { closed } = k;
    if (k.open) return { kind: 'open' };
    if (!k.hit) return { kind: 'stale', closed };
    const kept = sql`(SELECT c.* FROM visit_range_cache c WHERE c.zone = ${k.zone} AND c.from_day = ${from}::date AND c.to_day = ${closed}::date)`;
    const closedDays = sql`h.day BETWEEN ${from}::date AND ${closed}::date`;
    const openDays = sql`day > ${closed}::date AND day <= ${end}::date`;

    // Per day (closed days as kept, open days counted) and the totals: today's visitors and sessions new to the range
    // (each looked up by visitor among the closed days' rows: LATERAL, one index lookup a visitor, never the range).
    const [d] = await rows<{ days: DayRow[]; totals: Totals; open_days: DayRow[] | null; delta: Totals }>(
      tx,
      sql`WITH o AS MATERIALIZED (SELECT day, uv, si, pv, new_pv, exits, exit_sum FROM visit_session_day WHERE ${openDays}),
        per_day AS (
          SELECT day, sum(pv)::int AS pv, count(*) FILTER (WHERE pv > 0)::int AS sessions, sum(exits)::int AS exits,
                 sum(exit_sum) FILTER (WHERE exits > 0)::float8 AS exit_sum, count(*) FILTER (WHERE exits > 0)::int AS exit_sessions
            FROM o GROUP BY day),
        day_uv AS (
          SELECT day, count(*) FILTER (WHERE v)::int AS uv, count(*) FILTER (WHERE n)::int AS new_uv
            FROM (SELECT day, uv, bool_or(pv > 0) AS v, bool_or(new_pv > 0) AS n FROM o GROUP BY day, uv) x GROUP BY day),
        ov AS (SELECT uv, bool_or(pv > 0) AS v, bool_or(new_pv > 0) AS n FROM o GROUP BY uv),
        os AS (SELECT uv, si, bool_or(pv > 0) AS v, bool_or(exits > 0) AS e FROM o GROUP BY uv, si),
        hv AS (SELECT ov.uv, x.v, x.n FROM ov, LATERAL (
                 SELECT bool_or(h.pv > 0) AS v, bool_or(h.new_pv > 0) AS n FROM visit_session_day h WHERE h.uv = ov.uv AND ${closedDays}) x),
        hs AS (SELECT os.uv, os.si, x.v, x.e FROM os, LATERAL (
                 SELECT bool_or(h.pv > 0) AS v, bool_or(h.exits > 0) AS e FROM visit_session_day h
                  WHERE h.uv = os.uv AND h.si = os.si AND ${closedDays}) x)
        SELECT kept.days, kept.totals,
          (SELECT jsonb_agg(jsonb_build_object('d', to_char(p.day, 'YYYY-MM-DD'), 'pv', p.pv, 'uv', u.uv, 'new_uv', u.new_uv,
                  'sessions', p.sessions, 'exits', p.exits, 'exit_sum', p.exit_sum, 'exit_sessions', p.exit_sessions))
             FROM per_day p JOIN day_uv u USING (day)) AS open_days,
          jsonb_build_object(
            'uv', (SELECT count(*) FROM ov LEFT JOIN hv USING (uv) WHERE ov.v AND NOT coalesce(hv.v, false)),
            'new_uv', (SELECT count(*) FROM ov LEFT JOIN hv USING (uv) WHERE ov.n AND NOT coalesce(hv.n, false)),
            'sessions', (SELECT count(*) FROM os LEFT JOIN hs USING (uv, si) WHERE os.v AND NOT coalesce(hs.v, false)),
            'exit_sessions', (SELECT count(*) FROM os LEFT JOIN hs USING (uv, si) WHERE os.e AND NOT coalesce(hs.e, false))) AS delta
        FROM ${kept} kept`,
    );
    const openDaysRows = d.open_days ?? [];
    const add = (a: number | null, b: number | null) => (a === null && b === null ? null : Number(a ?? 0) + Number(b ?? 0));
    const total: DayRow = { d: null, ...d.totals } as DayRow;
    for (const o of openDaysRows) {
      total.pv = add(total.pv, o.pv) as number;
      total.exits = add(total.exits, o.exits) as number;
      total.exit_sum = add(total.exit_sum, o.exit_sum);
    }
    total.uv = Number(total.uv) + Number(d.delta.uv);
    total.new_uv = Number(total.new_uv) + Number(d.delta.new_uv);
    total.sessions = Number(total.sessions) + Number(d.delta.sessions);
    total.exit_sessions = Number(total.exit_sessions) + Number(d.delta.exit_sessions);
    const days: DayRow[] = [...d.days, ...openDaysRows, total];

    // The kept range's key as values, not a join: the ranking's rows are then the first ones of its index, in order.
    // (Joined to visit_rollup_zone, the zone is unknown to the planner: it read and sorted every kept row of the range,
    // 53,000 pages a year at a million visits.)
    const keyOf = (alias: string) => {
      const a = sql.raw(alias);
      return sql`${a}.zone = ${k.zone} AND ${a}.from_day = ${from}::date AND ${a}.to_day = ${closed}::date`;
    };
    // Pages: the kept pages today touches, merged with today's views and its page visitors new to the page over the
    // range, and the first `top` of the kept ranking. Nothing else can rank: today only adds to a page (views,
    // visitors; its first spelling can only come earlier), so the kept top's rows, touched or not, stay ahead of every
    // untouched page below them.
    const pages = await rows<PageKey & { pv: number; uv: number }>(
      tx,
      sql`WITH o AS (SELECT lpath, id, category, uv, min(path) AS path, sum(pv) AS pv FROM visit_page_day WHERE ${openDays}
                      GROUP BY lpath, id, category, uv),
        od AS MATERIALIZED (
          SELECT o.lpath, o.id, o.category, min(o.path) AS path, sum(o.pv)::int AS pv, count(*) FILTER (WHERE seen.one IS NULL)::int AS uv
            FROM o LEFT JOIN LATERAL (
                   SELECT 1 AS one FROM visit_page_day h WHERE h.uv = o.uv AND ${closedDays} AND h.lpath = o.lpath AND h.id = o.id
                      AND h.category = o.category LIMIT 1) seen ON true
           GROUP BY o.lpath, o.id, o.category),
        ranked AS (
          SELECT k.lpath, k.path, k.id, k.category, k.pv, k.uv FROM visit_range_page k WHERE ${keyOf('k')}
           ORDER BY k.pv DESC, k.uv DESC, k.path, nullif(k.id, ''), nullif(k.category, '') LIMIT ${top}),
        merged AS (
          SELECT path, id, category, pv, uv FROM ranked
           WHERE NOT EXISTS (SELECT 1 FROM od WHERE od.lpath = ranked.lpath AND od.id = ranked.id AND od.category = ranked.category)
          UNION ALL
          SELECT least(k.path, od.path), od.id, od.category, coalesce(k.pv, 0) + od.pv, coalesce(k.uv, 0) + od.uv
            FROM od LEFT JOIN visit_range_page k ON ${keyOf('k')} AND k.lpath = od.lpath AND k.id = od.id AND k.category = od.category)
        SELECT path, nullif(id, '') AS id, nullif(category, '') AS category, pv::int, uv::int FROM merged
         ORDER BY 4 DESC, 5 DESC, 1, 2, 3 LIMIT ${top}`,
    );
    if (card) return { kind: 'figures', figures: { days, pages, entries: [], refs: [], ownHosts: new Set<string | null>() } };

    // Sessions first seen today (their first day is today): their entry page and source. Entry pages merge as pages
    // do: today only adds sessions to an entry page, so the kept top and today's entry pages hold every one that ranks.
    const firsts = sql`(SELECT DISTINCT ON (o.uv, o.si) o.entry_path, o.entry_id, o.entry_category, o.entry_host, o.ref_host
        FROM visit_session_day o LEFT JOIN LATERAL (
               SELECT 1 AS one FROM visit_session_day h WHERE h.uv = o.uv AND h.si = o.si AND ${closedDays} AND h.pv > 0 LIMIT 1) seen ON true
       WHERE ${openDays} AND o.pv > 0 AND seen.one IS NULL
       ORDER BY o.uv, o.si, o.first_at, o.first_id)`;
    const entries = await rows<PageKey & { sessions: number }>(
      tx,
      sql`WITH f AS MATERIALIZED ${firsts},
        oe AS MATERIALIZED (
          SELECT lower(entry_path) AS lpath, entry_id AS id, entry_category AS category, min(entry_path) AS path, count(*)::int AS sessions
            FROM f GROUP BY lower(entry_path), entry_id, entry_category),
        ranked AS (
          SELECT k.lpath, k.path, k.id, k.category, k.sessions FROM visit_range_entry k WHERE ${keyOf('k')}
           ORDER BY k.sessions DESC, k.path, nullif(k.id, ''), nullif(k.category, '') LIMIT ${top}),
        merged AS (
          SELECT path, id, category, sessions FROM ranked
           WHERE NOT EXISTS (SELECT 1 FROM oe WHERE oe.lpath = ranked.lpath AND oe.id = ranked.id AND oe.category = ranked.category)
          UNION ALL
          SELECT least(k.path, oe.path), oe.id, oe.category, coalesce(k.sessions, 0) + oe.sessions
            FROM oe LEFT JOIN visit_range_entry k ON ${keyOf('k')} AND k.lpath = oe.lpath AND k.id = oe.id AND k.category = oe.category)
        SELECT path, nullif(id, '') AS id, nullif(category, '') AS category, sessions::int FROM merged
         ORDER BY 4 DESC, 1, 2, 3 LIMIT ${top}`,
    );
    const [rest] = await rows<{
      refs: { host: string | null; own: string | null; sessions: number }[];
      hosts: string[];
      open_hosts: string[] | null;
    }>(
      tx,
      sql`SELECT kept.refs || coalesce((SELECT jsonb_agg(jsonb_build_object('host', ref_host, 'own', entry_host, 'sessions', n))
                                          FROM (SELECT ref_host, entry_host, count(*)::int AS n FROM ${firsts} f GROUP BY ref_host, entry_host) s), '[]') AS refs,
                 kept.hosts, (SELECT jsonb_agg(DISTINCT host) FROM visit_host_day WHERE ${openDays}) AS open_hosts
            FROM ${kept} kept`,
    );
    const ownHosts = new Set<string | null>([...rest.hosts, ...(rest.open_hosts ?? [])]);
    return { kind: 'figures', figures: { days, pages, entries, refs: rest.refs, ownHosts } };
  });
}

/**
 * The figures of a range (as rollupFigures gives them), its closed days from `visit_range_cache`. `fallback`
 * counts them from the roll-ups: a range of open days only, or closed days changed again while being kept.
 */
export async function keptFigures(db: Db, r: DayRange, top: number, card: boolean, fallback: () => Promise<VisitFigures>): Promise<VisitFigures> {
  const first = await readRange(db, r, top, card);
  if (first.kind === 'figures') return first.figures;
  if (first.kind === 'open') return fallback();
  await keepOnce(db, dayString(r.begin), first.closed);
  const again = await readRange(db, r, top, card);
  return again.kind === 'figures' ? again.figures : fallback();
}

/** The ranges being counted in this process: a read that needs one the warmer is counting waits for that count. */
const keeping = new Map<string, Promise<void>>();
function keepOnce(db: Db, from: string, to: string): Promise<void> {
  const key = `${from}|${to}`;
  const running = keeping.get(key);
  if (running) return running;
  const run = keepRange(db, from, to).finally(() => keeping.delete(key));
  keeping.set(key, run);
  return run;
}

/**
 * Counts the closed days of the presets' ranges (the last N days: 访问统计's 近 7/30/90/365 天 and the dashboard card)
 * that are not kept under the current generation. A range ending yesterday changes every day, and counting a year
 * of roll-ups takes seconds at a million visits: done here as the day closes, the day's first read finds it kept.
 */
export async function keepPresetRanges(db: Db, presets: readonly number[]): Promise<number> {
  let kept = 0;
  for (const days of presets) {
    const [k] = await rows<{ from: string; closed: string; hit: boolean }>(
      db,
      sql`SELECT to_char(k.today - ${days - 1}::int, 'YYYY-MM-DD') AS "from", to_char(k.today - 1, 'YYYY-MM-DD') AS closed,
                 EXISTS (SELECT 1 FROM visit_range_cache c WHERE c.zone = k.zone AND c.from_day = k.today - ${days - 1}::int
                           AND c.to_day = k.today - 1 AND c.gen = k.gen) AS hit
            FROM (SELECT z.zone, g.gen, (clock_timestamp() AT TIME ZONE z.zone)::date AS today FROM visit_rollup_zone z, visit_range_gen g) k`,
    );
    if (!k || k.hit || days < 2) continue;
    await keepOnce(db, k.from, k.closed);
    kept++;
  }
  return kept;
}

/** Milliseconds until the next midnight in the roll-ups' zone (the database's clock). */
async function untilDayCloses(db: Db): Promise<number> {
  const [r] = await rows<{ ms: number }>(
    db,
    sql`SELECT (extract(epoch FROM ((date_trunc('day', clock_timestamp() AT TIME ZONE z.zone) + interval '1 day') AT TIME ZONE z.zone)
                 - clock_timestamp()) * 1000)::float8 AS ms FROM visit_rollup_zone z`,
  );
  return Math.max(0, Number(r?.ms ?? 3_600_000));
}

/**
 * Keeps the presets' ranges counted ahead of their first read: once at start, then a few seconds after each day
 * closes (every instance: the second finds the range kept and counts nothing; a random delay keeps them apart).
 */
export function warmKeptRanges(
  db: Db,
  presets: readonly number[],
  o: { ready: () => Promise<void>; log: (err: unknown) => void },
): { stop(): void; done: Promise<void> } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const turn = async (): Promise<void> => {
    if (stopped) return;
    await o
      .ready()
      .then(() => keepPresetRanges(db, presets))
      .catch(o.log);
    if (stopped) return;
    const wait = (await untilDayCloses(db).catch(() => 3_600_000)) + 5_000 + Math.floor(Math.random() * 30_000);
    timer = setTimeout(() => void turn(), wait);
    timer.unref();
  };
  const done = turn();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
    done,
  };
}
