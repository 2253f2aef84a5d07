/**
 * Database access: PGlite (embedded PostgreSQL in WebAssembly, files under DATA_DIR/pgdata) by default,
 * node-postgres when DATABASE_URL is set. Same drizzle schema and same SQL migrations on both.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import * as schema from './schema.js';
import { localKeyLocks, pgKeyLocks, type KeyLocks } from './key-locks.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs a raw SQL script (several statements, no parameters). Only for migrations. */
  execScript(sqlText: string): Promise<void>;
  /** Runs fn while holding a cluster-wide lock (advisory lock on PostgreSQL), for migrations and seeding. */
  withInitLock<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Calls `onNotify` for each NOTIFY on `channel` (delivered when the notifying transaction commits, never for one
   * rolled back): PostgreSQL's LISTEN on a connection of its own, PGlite's in-process listener. On PostgreSQL a lost
   * connection is opened again a second later, and `onNotify` is called once it is back (a notification may have been
   * missed meanwhile). Resolves with the function that stops listening.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /**
   * The connection pool now (node-postgres: connections open, idle, and requests waiting for one); PGlite has one
   * in-process connection and no pool: undefined. For the metrics (lib/metrics.ts).
   */
  poolStats(): { total: number; idle: number; waiting: number } | undefined;
  /** Locks held as long as this process is (db/key-locks.ts): PostgreSQL advisory locks on a connection of their own. */
  keyLocks: KeyLocks;
  close(): Promise<void>;
}

/** Channel names are written into LISTEN as identifiers: plain names only. */
function channelName(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  return channel;
}

/** Rows of a parameterised `sql` query, on either driver. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');
const LOCK_KEY = 7341927;

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const pg = (await import('pg')).default;
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // A connection that cannot be made within PG_CONNECT_TIMEOUT_MS (a server gone, a full pool) fails the query
    // (answered 503, lib/errors.ts) instead of holding the request: node-postgres waits forever by default.
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: Number(process.env.PG_POOL_MAX || 10),
      connectionTimeoutMillis: Number(process.env.PG_CONNECT_TIMEOUT_MS || 5000),
    });
    pool.on('error', () => {
      /* idle client errors are reported on the next query */
    });
    // The pool listens for errors of its idle clients only: a server gone while a client is checked out (a request's
    // or the 访问统计 warmer's transaction under way) would emit an 'error' nobody hears and stop the process. The
    // query under way fails with the same error (answered 503), so the event itself needs nothing more.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzle({ client: pool, schema }) as unknown as Db;
    const keyLocks = pgKeyLocks(pg.Client, opts.databaseUrl, Number(process.env.PG_CONNECT_TIMEOUT_MS || 5000));
    let lockClient: import('pg').PoolClient | null = null;
    return {
      kind: 'postgres',
      db,
      async execScript(sqlText) {
        if (lockClient) await lockClient.query(sqlText);
        else await pool.query(sqlText);
      },
      async withInitLock(fn) {
        lockClient = await pool.connect();
        try {
          await lockClient.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
          try {
            return await fn();
          } finally {
            await lockClient.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]);
          }
        } finally {
          lockClient.release();
          lockClient = null;
        }
      },
      async listen(channel, onNotify) {
        const name = channelName(channel);
        let stopped = false;
        let client: import('pg').Client | null = null;
        let retry: ReturnType<typeof setTimeout> | null = null;
        const open = async (): Promise<void> => {
          const c = new pg.Client({ connectionString: opts.databaseUrl });
          c.on('notification', (m) => {
            if (m.channel === name) onNotify();
          });
          // An error ends the connection: 'end' follows and opens another.
          c.on('error', () => undefined);
          c.on('end', () => {
            if (client !== c || stopped) return;
            client = null;
            again();
          });
          await c.connect();
          try {
            await c.query(`LISTEN ${name}`);
          } catch (err) {
            await c.end().catch(() => undefined);
            throw err;
          }
          client = c;
        };
        const again = () => {
          retry = setTimeout(() => {
            retry = null;
            if (stopped) return;
            open().then(onNotify, again);
          }, 1000);
          retry.unref();
        };
        await open();
        return async () => {
          stopped = true;
          if (retry) clearTimeout(retry);
          const c = client;
          client = null;
          await c?.end().catch(() => undefined);
        };
      },
      poolStats() {
        return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
      },
      keyLocks,
      async close() {
        await keyLocks.close();
        await pool.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const dir = path.join(opts.dataDir, 'pgdata');
  fs.mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir, { extensions: { pg_trgm } });
  await client.waitReady;
  const db = drizzle({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async execScript(sqlText) {
      await client.exec(sqlText);
    },
    async withInitLock(fn) {
      return fn();
    },
    async listen(channel, onNotify) {
      return client.listen(channelName(channel), () => onNotify());
    },
    poolStats() {
      return undefined;
    },
    keyLocks: localKeyLocks(),
    async close() {
      await client.close();
    },
  };
}

/** Applies migrations/NNN_name.sql not yet recorded in schema_migrations, in name order, each in a transaction. */
export async function migrate(database: Database, log: (msg: string) => void = () => {}): Promise<string[]> {
  const applied: string[] = [];
  await database.execScript(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name varchar(200) PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const { sql } = await import('drizzle-orm');
  const done = new Set((await rows<{ name: string }>(database.db, sql`SELECT name FROM schema_migrations`)).map((r) => r.name));
  const files = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))
    .sort();
  for (const file of files) {
    if (done.has(file)) continue;
    const text = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
    const escaped = file.replace(/'/g, "''");
    try {
      await database.execScript(`BEGIN;\n${text}\n;INSERT INTO schema_migrations(name) VALUES ('${escaped}');\nCOMMIT;`);
    } catch (err) {
      await database.execScript('ROLLBACK').catch(() => {});
      throw err;
    }
    applied.push(file);
    log(`migration applied: ${file}`);
  }
  return applied;
}
