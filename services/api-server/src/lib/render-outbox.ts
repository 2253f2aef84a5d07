/**
 * The page renderer's change feed. A route that writes what visitors see calls
 * `recordContentChange(ctx, tx, ...changes)` inside its transaction: the changes become rows of `render_outbox` and a
 * NOTIFY on `render_outbox`, both committed with the write or not at all, so no change is ever only in memory. The
 * renderer reads and deletes them through routes/render.ts while it holds the lease (`render_lease`, one row): only
 * one renderer writes the rendered pages at a time, and another takes over once a lease is not renewed in time.
 *
 * Why a lease row and not `pg_try_advisory_lock`: the renderer reaches the database only through this server over
 * HTTP (with the default embedded PGlite only the API process may open it), and a session advisory lock lives as long
 * as one database connection. Holding it for a renderer would mean pinning a connection per renderer between its
 * requests and tying the lock to the life of this process rather than the renderer's; PGlite has one connection and
 * no second session to exclude. A row with an expiry works the same on both databases and on any number of API
 * processes: the renderer's renewals keep it, its death lets it lapse.
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_RENDER_LEASE_MS, type ContentChange, type RenderLease, type RenderOutboxEntry } from '@site/contract';
import type { AppContext } from '../context.js';
import { rows, type Db } from '../db/index.js';
import { renderOutbox } from '../db/schema.js';

/** The NOTIFY channel of new outbox rows. */
export const RENDER_CHANNEL = 'render_outbox';
/** The lease's row: the rendered public pages. */
export const LEASE_NAME = 'pages';
/** How long a take or renewal of the lease lasts by default (SITE_RENDER_LEASE_MS unset): the contract's 3 s. */
export const DEFAULT_LEASE_MS = DEFAULT_RENDER_LEASE_MS;

/** One key per distinct change: the same change twice in one write is recorded once. */
function changeKey(c: ContentChange): string {
  switch (c.kind) {
    case 'article':
      return `article:${c.id}:${c.channelId ?? ''}`;
    case 'channel':
      return `channel:${c.id}`;
    case 'block':
      return `block:${c.blockId}`;
    case 'site':
      return 'site';
  }
}

/**
 * Records what a write changed, inside the write's transaction `tx` (nothing when the feed is off: no
 * SITE_RENDER_HOOK_TOKEN, so no renderer can read it).
 */
export async function recordContentChange(ctx: AppContext, tx: Db, ...changes: ContentChange[]): Promise<void> {
  if (!ctx.config.render.token) return;
  const unique = [...new Map(changes.map((c) => [changeKey(c), c])).values()];
  if (!unique.length) return;
  await tx.insert(renderOutbox).values(unique.map((change) => ({ change })));
  await tx.execute(sql`SELECT pg_notify(${RENDER_CHANNEL}, '')`);
}

/** The pending changes after id `after`, oldest first, at most `limit` (and whether there are more). */
export async function pendingChanges(db: Db, after: number, limit: number): Promise<{ changes: RenderOutboxEntry[]; more: boolean }> {
  const found = await rows<{ id: string | number; change: ContentChange; created_at: string | Date }>(
    db,
    sql`SELECT id, change, created_at FROM render_outbox WHERE id > ${after} ORDER BY id LIMIT ${limit + 1}`,
  );
  return {
    changes: found.slice(0, limit).map((r) => ({ id: Number(r.id), change: r.change, createdAt: new Date(r.created_at).toISOString() })),
    more: found.length > limit,
  };
}

interface LeaseRow {
  holder: string;
  expires_at: string | Date;
  token: string | number;
}
const toLease = (r: LeaseRow, leaseMs: number): RenderLease => ({
  holder: r.holder,
  expiresAt: new Date(r.expires_at).toISOString(),
  leaseMs,
  token: Number(r.token),
});

/**
 * Takes the lease for `holder`, or renews it when `holder` has it, in one statement: the row is written only when it
 * is free, expired or already `holder`'s. A renewal (the holder's lease still running) keeps the fencing token; any
 * other grant, a lapsed lease taken again by its own holder included, gets the next one: whatever was done under the
 * old grant may have overlapped another holder's, so nothing more is accepted with it. Expiry is by the database's
 * clock only (`now()`), the same for every API instance. `held` false: another renderer has it (the answer names it).
 * `token` (not 0): renew only that grant of `holder`'s, while it runs; `held` false when it is not the current one.
 */
export async function takeLease(db: Db, holder: string, leaseMs: number, token = 0): Promise<{ held: boolean; lease: RenderLease }> {
  const interval = `${leaseMs} milliseconds`;
  // A renewal under a grant renews that grant only: a holder whose lease lapsed (its process starved past it) must
  // not be handed a new grant by its late renewal as if nothing had happened: it is refused, stops what it does under
  // the old one, and asks afresh (token 0) as any renderer would.
  const [taken] = token
    ? await rows<LeaseRow>(
        db,
        sql`UPDATE render_lease SET expires_at = now() + ${interval}::interval
            WHERE name = ${LEASE_NAME} AND holder = ${holder} AND token = ${token} AND expires_at > now()
            RETURNING holder, expires_at, token`,
      )
    : await rows<LeaseRow>(
        db,
        sql`INSERT INTO render_lease (name, holder, expires_at, token) VALUES (${LEASE_NAME}, ${holder}, now() + ${interval}::interval, 1)
        ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at,
          token = CASE WHEN render_lease.holder = EXCLUDED.holder AND render_lease.expires_at > now()
                       THEN render_lease.token ELSE render_lease.token + 1 END
        WHERE render_lease.holder = EXCLUDED.holder OR render_lease.expires_at <= now()
        RETURNING holder, expires_at, token`,
      );
  if (taken) return { held: true, lease: toLease(taken, leaseMs) };
  const [other] = await rows<LeaseRow>(db, sql`SELECT holder, expires_at, token FROM render_lease WHERE name = ${LEASE_NAME}`);
  // Released between the two statements: free now, the caller asks again.
  return { held: false, lease: toLease(other ?? { holder: '', expires_at: new Date(), token: 0 }, leaseMs) };
}

/**
 * Gives the lease up (a renderer that stops): the standby need not wait for it to expire. The row stays, expired, so
 * the next grant's token is still above every earlier one.
 */
export async function releaseLease(db: Db, holder: string): Promise<boolean> {
  const gone = await rows<{ holder: string }>(
    db,
    sql`UPDATE render_lease SET expires_at = now() WHERE name = ${LEASE_NAME} AND holder = ${holder} AND expires_at > now() RETURNING holder`,
  );
  return gone.length > 0;
}

/**
 * Deletes the rendered changes `ids`, only while `holder` holds the grant `token` and it has not expired (one
 * statement: the check and the delete see the same row). `null`: `holder` does not hold that grant (lapsed, released,
 * taken by another, or taken again since), nothing deleted.
 */
export async function ackChanges(db: Db, holder: string, token: number, ids: readonly number[]): Promise<number | null> {
  const [res] = await rows<{ held: boolean; acked: number }>(
    db,
    sql`WITH lease AS (
          SELECT 1 FROM render_lease WHERE name = ${LEASE_NAME} AND holder = ${holder} AND token = ${token} AND expires_at > now()
        ), gone AS (
          DELETE FROM render_outbox WHERE id IN (SELECT unnest(${`{${ids.join(',')}}`}::bigint[])) AND EXISTS (SELECT 1 FROM lease) RETURNING 1
        )
        SELECT EXISTS (SELECT 1 FROM lease) AS held, (SELECT count(*) FROM gone)::int AS acked`,
  );
  return res.held ? Number(res.acked) : null;
}
