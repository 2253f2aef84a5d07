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

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs a raw SQL script (several statements, no parameters). Only for migrations. */
  execScript(sqlText: string): Promise<void>;
  /** Runs fn while holding a cluster-wide lock (advisory lock on PostgreSQL), for migrations and seeding. */
  withInitLock<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
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
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: Number(process.env.PG_POOL_MAX || 10) });
    pool.on('error', () => {
      /* idle client errors are reported on the next query */
    });
    const db = drizzle({ client: pool, schema }) as unknown as Db;
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
      async close() {
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
