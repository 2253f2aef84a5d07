/**
 * Issue 38.2: the schema is said twice (migrations/*.sql, which build and upgrade every database, and the drizzle
 * tables of src/db/schema.ts, which type the queries), so a fresh database is migrated and compared with the drizzle
 * declaration (test/schema-shape.ts), on PGlite in `pnpm test` and on a PostgreSQL server in `pnpm test:pg`. The
 * second test proves the check fails: drizzle tables that drift in every compared way, against the same database.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { migrate, openDatabase, type Database } from '../src/db/index.js';
import * as schema from '../src/db/schema.js';
import { createDatabase } from './helpers.js';
import { schemaDrift, tablesOf } from './schema-shape.js';

let database: Database;
let cleanup: () => Promise<void>;

before(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-schema-drift-'));
  const created = process.env.TEST_DATABASE_URL ? await createDatabase(process.env.TEST_DATABASE_URL) : undefined;
  database = await openDatabase({ dataDir, databaseUrl: created?.url });
  cleanup = async () => {
    await database.close();
    await created?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  await migrate(database);
});

after(() => cleanup());

test('[issue 38.2] a freshly migrated database has exactly the tables, columns, keys and indexes schema.ts declares', async () => {
  assert.deepEqual(await schemaDrift(database, tablesOf(schema)), []);
});

test('[issue 38.2] the drift check fails on every kind of drift between schema.ts and the migrations', async () => {
  // channel as migrations 001, 005 and 010 make it, drifted: a type, a nullability, a default, a type and default at once
  // (updated_at), a column left out (subtitle), a column the migrations never add, a unique the migrations never make, an index declared otherwise.
  const channel = pgTable(
    'channel',
    {
      id: integer('id')
        .primaryKey()
        .default(sql`nextval('channel_id_seq')`),
      parentId: integer('parent_id'),
      name: varchar('name', { length: 50 }).notNull(),
      alias: varchar('alias', { length: 100 }).notNull().unique(),
      url: varchar('url', { length: 500 }).default(''),
      nav: boolean('nav').notNull().default(false),
      allowSearch: boolean('allow_search').notNull().default(false),
      targetBlank: boolean('target_blank').notNull().default(false),
      linkUrl: varchar('link_url', { length: 500 }),
      image: varchar('image', { length: 500 }),
      filePath: varchar('file_path', { length: 100 }).notNull().default(''),
      sort: integer('sort').notNull().default(1),
      updatedAt: integer('updated_at').notNull(),
      version: integer('version').notNull().default(0),
      colour: varchar('colour', { length: 20 }),
    },
    (t) => [index('channel_parent_idx').on(t.parentId, t.sort)],
  );
  // sys_user_role without its primary key; a table no migration makes; visit_host_day left out.
  const sysUserRole = pgTable('sys_user_role', {
    userId: integer('user_id').notNull(),
    roleKey: varchar('role_key', { length: 50 }).notNull(),
  });
  const ghost = pgTable('ghost', { id: integer('id').primaryKey() });
  const drifted = tablesOf({ ...schema, channel, sysUserRole, ghost, visitHostDay: undefined });

  assert.deepEqual(await schemaDrift(database, drifted), [
    'table visit_host_day: made by the migrations, not declared in schema.ts',
    'channel.subtitle: made by the migrations, not declared in schema.ts',
    'channel.name: type character varying(100) in the migrations, character varying(50) in schema.ts',
    'channel.url: NOT NULL in the migrations, nullable in schema.ts',
    'channel.sort: default 0 in the migrations, 1 in schema.ts',
    'channel.updated_at: type timestamp with time zone in the migrations, integer in schema.ts',
    'channel.updated_at: default now() in the migrations, none in schema.ts',
    'channel.colour: declared in schema.ts, not made by the migrations',
    'channel: unique (alias) declared in schema.ts, not made by the migrations',
    'channel: index channel_parent_idx is CREATE INDEX ON channel USING btree (parent_id) in the migrations, CREATE INDEX ON channel USING btree (parent_id, sort) in schema.ts',
    'table ghost: declared in schema.ts, not made by the migrations',
    'sys_user_role: primary key (user_id, role_key) in the migrations, none in schema.ts',
  ]);
});
