/**
 * Locks that live exactly as long as the process holding them (lib/idempotency.ts: a claim of an Idempotency-Key is
 * alive while its instance is). A lock is named by a string; at most one holder in the whole cluster at a time.
 *
 * PostgreSQL: a session-level advisory lock (on a 64-bit hash of the name) taken on ONE connection of its own per
 * process, outside the pool: one connection however many writes are in flight, and the pool's connections stay free
 * for the handlers (holding one pool connection per running write would starve them). PostgreSQL releases every lock
 * of that connection when it drops: at once when the process dies (kill -9 closes its sockets), within about 25 s
 * when its machine vanishes (the connection's TCP keepalives, set below; the system default is 2 hours).
 * Session locks stack within one session, so the names held by this process are also kept in memory: a second
 * request of this process for a name it holds is refused here, never granted by PostgreSQL.
 *
 * PGlite: one process is the whole cluster, so the in-memory set is the lock.
 */
import crypto from 'node:crypto';
import type pg from 'pg';

export interface KeyLocks {
  /** Takes the lock named `name` if nobody holds it: true when this process now holds it. */
  tryHold(name: string): Promise<boolean>;
  /** Gives back a lock taken with tryHold (nothing when it is not held). */
  release(name: string): Promise<void>;
  /** How many locks this process holds (for tests and metrics). */
  held(): number;
  close(): Promise<void>;
}

/** The advisory lock key of a name: the first 64 bits of its sha256, as a signed bigint in text. */
export const advisoryKey = (name: string): string => crypto.createHash('sha256').update(name).digest().readBigInt64BE(0).toString();

export function localKeyLocks(): KeyLocks {
  const names = new Set<string>();
  return {
    async tryHold(name) {
      if (names.has(name)) return false;
      names.add(name);
      return true;
    },
    async release(name) {
      names.delete(name);
    },
    held: () => names.size,
    async close() {
      names.clear();
    },
  };
}

/**
 * Server-side keepalives of the lock connection: a peer that stops answering is dropped after
 * idle + interval × count seconds, and its locks with it.
 */
const KEEPALIVE = { idle: 10, interval: 5, count: 3 };

export function pgKeyLocks(PgClient: typeof pg.Client, connectionString: string, connectionTimeoutMillis: number): KeyLocks {
  /** The names held, each with the connection its lock was taken on (a lock dies with its connection). */
  const names = new Map<string, pg.Client | null>();
  let client: pg.Client | null = null;
  let opening: Promise<pg.Client> | null = null;
  let closed = false;

  const connect = async (): Promise<pg.Client> => {
    const c = new PgClient({ connectionString, connectionTimeoutMillis, keepAlive: true });
    // An error ends the connection: the next lock opens another. The locks taken on it are gone; their claims are
    // then protected by their fence only (lib/idempotency.ts).
    c.on('error', () => undefined);
    c.on('end', () => {
      if (client === c) client = null;
    });
    await c.connect();
    await c.query(
      `SET tcp_keepalives_idle = ${KEEPALIVE.idle}; SET tcp_keepalives_interval = ${KEEPALIVE.interval}; SET tcp_keepalives_count = ${KEEPALIVE.count}`,
    );
    return c;
  };
  const session = (): Promise<pg.Client> => {
    if (closed) return Promise.reject(new Error('the lock connection is closed'));
    if (client) return Promise.resolve(client);
    opening ??= connect().then(
      (c) => {
        opening = null;
        client = c;
        return c;
      },
      (err: unknown) => {
        opening = null;
        throw err;
      },
    );
    return opening;
  };

  return {
    async tryHold(name) {
      if (names.has(name)) return false;
      // Reserved before the first await: a second request of this process for the name is refused meanwhile.
      names.set(name, null);
      try {
        const c = await session();
        const got = await c.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS got', [advisoryKey(name)]);
        if (!got.rows[0]?.got) {
          names.delete(name);
          return false;
        }
        names.set(name, c);
        return true;
      } catch (err) {
        names.delete(name);
        throw err;
      }
    },
    async release(name) {
      const c = names.get(name);
      if (c === undefined) return;
      try {
        // A lock of a connection that has dropped went with it.
        if (c && c === client) await c.query('SELECT pg_advisory_unlock($1::bigint)', [advisoryKey(name)]);
      } finally {
        names.delete(name);
      }
    },
    held: () => names.size,
    async close() {
      closed = true;
      const c = client ?? (await opening?.catch(() => null)) ?? null;
      client = null;
      names.clear();
      await c?.end().catch(() => undefined);
    },
  };
}
