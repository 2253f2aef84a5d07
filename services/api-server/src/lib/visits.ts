import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/index.js';
import type { visit } from '../db/schema.js';

export type VisitRow = Omit<typeof visit.$inferInsert, 'id' | 'createdAt'>;

type VisitField = 'url' | 'entryUrl' | 'referrer' | 'si' | 'uv' | 'newVisitor' | 'count' | 'duration';

/** What the visitor's script reports of a visit: taken from the beacon to store it, and from a stored row to show it. */
export function visitFields<V extends Record<VisitField, unknown>>(v: V): Pick<V, VisitField> {
  return {
    url: v.url,
    entryUrl: v.entryUrl,
    referrer: v.referrer,
    si: v.si,
    uv: v.uv,
    newVisitor: v.newVisitor,
    count: v.count,
    duration: v.duration,
  };
}

/**
 * Stores one visit record under the per-address visit limit, in one statement; the limit is counted in the
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
  return Number(result?.stored ?? 0) > 0;
}

/**
 * Which records are stored: not the site's own monitoring, a record sent from this machine (loopback)
 * or by a trusted proxy itself. A visitor's record reaches the server through the proxy, which names the visitor's
 * address in X-Forwarded-For (the request's address is then the visitor's); only a browser on the machine, or on a
 * proxy, arrives with such an address. Decided when the record arrives (it depends on the server's configuration):
 * the record is answered as stored and not written. An operator setting: `SITE_VISIT_COUNT_LOCAL=1` stores them;
 * only the test harnesses set it (their browsers run on loopback).
 *
 * (A record of a page the site does not have, `/404` or an unknown address, is stored and left out when the figures
 * are counted: migration 025, visit_page; VISIT_PAGE_PATHS.)
 */
export interface VisitCounting {
  /** The trusted proxies as the server is configured with them (SITE_TRUSTED_PROXIES: addresses, CIDRs, `loopback`…). */
  trustedProxies: string[];
  /** Count records from loopback and the trusted proxies (test harnesses only). */
  countLocal: boolean;
}

const NAMED_RANGES: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/** An IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) as the IPv4 address it is. */
const plainAddress = (ip: string) => (/^::ffff:\d{1,3}(\.\d{1,3}){3}$/i.test(ip) ? ip.slice(7) : ip);

/** The addresses whose records are the site's own: loopback and every trusted proxy (as proxy-addr reads the list). */
export function ownAddresses(trustedProxies: string[]): BlockList {
  const list = new BlockList();
  for (const [a, n, kind] of NAMED_RANGES.loopback) list.addSubnet(a, n, kind);
  for (const entry of trustedProxies) {
    const named = NAMED_RANGES[entry.toLowerCase()];
    if (named) for (const [a, n, kind] of named) list.addSubnet(a, n, kind);
    else {
      const [address, bits] = entry.split('/');
      const ip = plainAddress(address);
      const kind = isIPv4(ip) ? 'ipv4' : isIPv6(ip) ? 'ipv6' : null;
      if (!kind) continue;
      if (bits === undefined) list.addAddress(ip, kind);
      else if (/^\d{1,3}$/.test(bits)) list.addSubnet(ip, Number(bits), kind);
    }
  }
  return list;
}

/** Whether a record is stored (see VisitCounting); returns a test for the records. */
export function visitCounts(opts: VisitCounting): (row: Pick<VisitRow, 'ip'>) => boolean {
  const own = ownAddresses(opts.trustedProxies);
  return (row) => {
    if (opts.countLocal || !row.ip) return true;
    const ip = plainAddress(row.ip);
    const kind = isIPv4(ip) ? 'ipv4' : isIPv6(ip) ? 'ipv6' : null;
    return !kind || !own.check(ip, kind);
  };
}

interface Waiting {
  row: VisitRow;
  resolve: (stored: boolean) => void;
  reject: (err: unknown) => void;
}

/**
 * recordVisit for many records in one transaction with a fixed number of statements, whatever their number: the
 * limit rows and open sessions the records touch are locked and read, the same rules are applied to them in
 * order here, and the outcome is written back (the counters, the sessions, the stored records). Locked in key order,
 * so batches of several instances wait for each other rather than deadlock. Must run inside a transaction. (The
 * lists go as one JSON parameter each: drizzle spreads a JS array into a list of parameters.)
 */
export async function recordBatch(tx: Db, batch: VisitRow[], opts: { limit: number; windowMs: number }): Promise<boolean[]> {
  const seconds = opts.windowMs / 1000;
  const keyOf = (r: VisitRow) => `visit:${r.ip ?? ''}`.slice(0, 300);
  const sessionOf = (r: VisitRow) => `${r.si}|${r.uv}`;
  const keys = [...new Set(batch.map(keyOf))].sort();
  const sessions = [...new Set(batch.map(sessionOf))].sort();
  await tx.execute(
    sql`INSERT INTO rate_limit (key, window_start, count) SELECT k, now(), 0 FROM jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) AS k ON CONFLICT (key) DO NOTHING`,
  );
  const counters = new Map(
    (
      await rows<{ key: string; count: number; expired: boolean }>(
        tx,
        sql`SELECT key, count, window_start <= now() - make_interval(secs => ${seconds}) AS expired
              FROM rate_limit WHERE key IN (SELECT jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb)) ORDER BY key FOR UPDATE`,
      )
    ).map((r) => [r.key, { count: r.expired ? 0 : Number(r.count), reset: r.expired }]),
  );
  const open = new Map(
    (
      await rows<{ session: string; pending: number }>(
        tx,
        sql`SELECT session, pending FROM visit_open
             WHERE session IN (SELECT jsonb_array_elements_text(${JSON.stringify(sessions)}::jsonb)) AND opened_at > now() - interval '1 day' ORDER BY session FOR UPDATE`,
      )
    ).map((r) => [r.session, Number(r.pending)]),
  );
  const opened = new Set<string>();
  const touched = new Set<string>();
  const results = batch.map((r) => {
    const session = sessionOf(r);
    const pending = open.get(session) ?? 0;
    touched.add(session);
    if (r.count === 0 && pending > 0) {
      open.set(session, pending - 1);
      return true;
    }
    const counter = counters.get(keyOf(r))!;
    counter.count++;
    if (counter.count > opts.limit) return false;
    if (r.count === 1) {
      open.set(session, pending + 1);
      opened.add(session);
    }
    return true;
  });
  const counterKeys = [...counters.keys()];
  await tx.execute(sql`
    UPDATE rate_limit SET count = u.count, window_start = CASE WHEN u.reset THEN now() ELSE rate_limit.window_start END
      FROM jsonb_to_recordset(${JSON.stringify(counterKeys.map((key) => ({ key, ...counters.get(key)! })))}::jsonb)
        AS u(key text, count int, reset boolean)
     WHERE rate_limit.key = u.key`);
  const closed = [...touched].filter((sn) => !open.get(sn));
  if (closed.length)
    await tx.execute(sql`DELETE FROM visit_open WHERE session IN (SELECT jsonb_array_elements_text(${JSON.stringify(closed)}::jsonb))`);
  const still = [...touched].filter((sn) => (open.get(sn) ?? 0) > 0);
  if (still.length)
    await tx.execute(sql`
      INSERT INTO visit_open (session, pending, opened_at)
      SELECT u.session, u.pending, now() FROM jsonb_to_recordset(${JSON.stringify(still.map((session) => ({ session, pending: open.get(session)! })))}::jsonb)
        AS u(session text, pending int)
      ON CONFLICT (session) DO UPDATE SET pending = EXCLUDED.pending,
        opened_at = CASE WHEN visit_open.session IN (SELECT jsonb_array_elements_text(${JSON.stringify([...opened])}::jsonb)) THEN now() ELSE visit_open.opened_at END`);
  const stored = batch.filter((_, i) => results[i]);
  if (stored.length)
    await tx.execute(sql`
      INSERT INTO visit (site_id, url, entry_url, referrer, si, uv, new_visitor, count, duration, ip, user_agent)
      VALUES ${sql.join(
        stored.map(
          (r) =>
            sql`(${r.siteId}, ${r.url}, ${r.entryUrl ?? ''}, ${r.referrer ?? ''}, ${r.si}, ${r.uv}, ${r.newVisitor ?? false}, ${r.count}, ${r.duration ?? 0}, ${r.ip ?? null}, ${r.userAgent ?? null})`,
        ),
        sql`, `,
      )}`);
  return results;
}

/**
 * Group commit of visit records: a record is written at once when no write is running; the records that arrive
 * while one runs go together in the next transaction (recordBatch: six statements and one commit for the lot
 * instead of a statement and a commit per record; on PGlite, one connection, that decides the throughput). Each caller is answered only after the commit holding its record, so
 * nothing answered lives only in memory. A batch the database refuses (a bad row) is retried record by record
 * (recordVisit), so one record cannot fail the others.
 */
export class VisitWriter {
  private queue: Waiting[] = [];
  private running: Promise<void> | null = null;

  constructor(
    private db: Db,
    private limits: () => { limit: number; windowMs: number },
    /** Which records count (visitCounts); the others are answered true and not written. Default: every record. */
    readonly counts: (row: Pick<VisitRow, 'ip'>) => boolean = () => true,
    private maxBatch = 500,
  ) {}

  /**
   * Resolves true once the record is committed, false when over the limit (nothing stored); true at once for a
   * record that is not stored (the site's own monitoring: see visitCounts).
   */
  record(row: VisitRow): Promise<boolean> {
    if (!this.counts(row)) return Promise.resolve(true);
    return new Promise((resolve, reject) => {
      this.queue.push({ row, resolve, reject });
      this.running ??= this.run();
    });
  }

  private async run() {
    try {
      // Each batch starts after the requests that came meanwhile were read from their sockets (setImmediate runs
      // after the poll phase): PGlite runs a query within one turn of the event loop, so a write started at once
      // would always be alone.
      for (;;) {
        await new Promise((r) => setImmediate(r));
        if (!this.queue.length) break;
        await this.write(this.queue.splice(0, this.maxBatch));
      }
    } finally {
      this.running = null;
    }
  }

  private async write(batch: Waiting[]) {
    const limits = this.limits();
    // Alone, one statement (recordVisit) costs less than the batch's six.
    if (batch.length === 1) {
      try {
        batch[0].resolve(await recordVisit(this.db, batch[0].row, limits));
      } catch (err) {
        batch[0].reject(err);
      }
      return;
    }
    let results: boolean[];
    try {
      results = await this.db.transaction((tx) =>
        recordBatch(
          tx as unknown as Db,
          batch.map((w) => w.row),
          limits,
        ),
      );
    } catch {
      for (const w of batch) {
        try {
          w.resolve(await recordVisit(this.db, w.row, limits));
        } catch (err) {
          w.reject(err);
        }
      }
      return;
    }
    batch.forEach((w, i) => w.resolve(results[i]));
    // Sessions whose exit never came (a closed tab that sent no beacon) are forgotten after a day, now and then.
    if (Math.random() < 0.01) await this.db.execute(sql`DELETE FROM visit_open WHERE opened_at < now() - interval '1 day'`).catch(() => {});
  }
}
