import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/index.js';
import type { visit } from '../db/schema.js';

export type VisitRow = Omit<typeof visit.$inferInsert, 'id' | 'createdAt'>;

/**
 * Stores one visit record under the per-address visit limit, in one statement: the record is in the database
 * before the request is answered (no batch in memory that a crash would lose), and the limit is counted in the
 * database, so it holds across every instance.
 *
 * The limit never drops a real visitor's exit record. An entry record (count 1) takes one unit of the address's
 * budget (`limit` per `windowMs`, a `rate_limit` row as the other limits) and opens its session (si + uv) in
 * `visit_open`; the exit record (count 0) of an open session is always taken and closes it. An exit with no open
 * session (or one opened more than a day ago) takes a unit like an entry. Returns false when over the limit
 * (nothing stored).
 */
export async function recordVisit(db: Db, row: VisitRow, opts: { limit: number; windowMs: number }): Promise<boolean> {
  const key = `visit:${row.ip ?? ''}`.slice(0, 300);
  const session = `${row.si}|${row.uv}`;
  const seconds = opts.windowMs / 1000;
  const values = sql`${row.siteId}, ${row.url}, ${row.entryUrl ?? ''}, ${row.referrer ?? ''}, ${row.si}, ${row.uv}, ${row.newVisitor ?? false},
    ${row.count}, ${row.duration ?? 0}, ${row.ip ?? null}, ${row.userAgent ?? null}`;
  const columns = sql`(site_id, url, entry_url, referrer, si, uv, new_visitor, count, duration, ip, user_agent)`;
  const hitLimit = (when: ReturnType<typeof sql>) => sql`
    INSERT INTO rate_limit (key, window_start, count) SELECT ${key}, now(), 1 ${when}
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limit.window_start <= now() - make_interval(secs => ${seconds}) THEN 1 ELSE rate_limit.count + 1 END,
      window_start = CASE WHEN rate_limit.window_start <= now() - make_interval(secs => ${seconds}) THEN now() ELSE rate_limit.window_start END
    RETURNING count`;
  // Data-modifying CTEs all run, on one snapshot, in one transaction: the later ones read the earlier ones' RETURNING.
  const query =
    row.count === 1
      ? sql`
    WITH lim AS (${hitLimit(sql``)}),
    ok AS (SELECT 1 FROM lim WHERE count <= ${opts.limit}),
    opened AS (
      INSERT INTO visit_open (session, pending) SELECT ${session}, 1 FROM ok
      ON CONFLICT (session) DO UPDATE SET pending = visit_open.pending + 1, opened_at = now()
      RETURNING 1
    ),
    stored AS (INSERT INTO visit ${columns} SELECT ${values} FROM ok RETURNING 1)
    SELECT (SELECT count(*) FROM stored)::int AS stored`
      : sql`
    WITH closed AS (
      UPDATE visit_open SET pending = pending - 1
       WHERE session = ${session} AND pending > 1 AND opened_at > now() - interval '1 day' RETURNING 1
    ),
    removed AS (
      DELETE FROM visit_open WHERE session = ${session} AND pending = 1 AND opened_at > now() - interval '1 day' RETURNING 1
    ),
    lim AS (${hitLimit(sql`WHERE NOT EXISTS (SELECT 1 FROM closed) AND NOT EXISTS (SELECT 1 FROM removed)`)}),
    ok AS (SELECT 1 FROM closed UNION ALL SELECT 1 FROM removed UNION ALL SELECT 1 FROM lim WHERE count <= ${opts.limit}),
    stored AS (INSERT INTO visit ${columns} SELECT ${values} FROM ok RETURNING 1)
    SELECT (SELECT count(*) FROM stored)::int AS stored`;
  const [result] = await rows<{ stored: number }>(db, query);
  // Sessions whose exit never came (a closed tab that sent no beacon) are forgotten after a day, now and then.
  if (row.count === 1 && Math.random() < 0.01) await db.execute(sql`DELETE FROM visit_open WHERE opened_at < now() - interval '1 day'`);
  return Number(result?.stored ?? 0) > 0;
}
