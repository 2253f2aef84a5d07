/**
 * The schema drift check (issue 38.2). The SQL migrations stay the source of truth for the database (existing
 * databases keep migrating by them), and `src/db/schema.ts` restates them for typed queries; this module says whether
 * the two agree. PostgreSQL itself normalises both sides: the drizzle tables are created, as drizzle declares them,
 * in a scratch schema of the migrated database, and the catalog of that schema is compared with the catalog of the
 * migrated one. So a type is compared as PostgreSQL stores it (`varchar(300)` and `character varying(300)` are one),
 * a default as PostgreSQL prints it, whatever tables a migration adds: nothing here names a table.
 *
 * Compared: the tables, each column's type, nullability and default, the primary key, unique constraints and unique
 * indexes (they decide what an upsert's ON CONFLICT may name), and every index drizzle declares. Not compared: the
 * plain indexes a migration adds for speed that drizzle does not declare (no query's shape depends on them), foreign
 * keys, triggers and sequences' own settings.
 */
import { is, SQL } from 'drizzle-orm';
import { getTableConfig, PgDialect, PgTable, type IndexedColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { rows, type Database } from '../src/db/index.js';

export interface ColumnShape {
  type: string;
  notNull: boolean;
  default: string | null;
}

export interface TableShape {
  columns: Record<string, ColumnShape>;
  primaryKey: string | null;
  /** Unique constraints and unique indexes, each as its column list, e.g. `(user_name)`. */
  unique: string[];
  /** Index name to its definition with the schema and the index name left out. */
  indexes: Record<string, string>;
}

export type SchemaShape = Record<string, TableShape>;

/** The migrator's own bookkeeping, which drizzle never queries. */
const MIGRATOR_TABLES = new Set(['schema_migrations']);

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** A drizzle default as SQL text: an `sql` expression as written, a value as the literal PostgreSQL casts to the column. */
function defaultSql(dialect: PgDialect, value: unknown): string {
  if (is(value, SQL)) return dialect.sqlToQuery(value).sql;
  if (typeof value === 'string') return literal(value);
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return literal(value.toISOString());
  return literal(JSON.stringify(value));
}

function indexColumnSql(dialect: PgDialect, c: Partial<IndexedColumn | SQL>): string {
  if (is(c, SQL)) return dialect.sqlToQuery(c, 'indexes').sql;
  const { name, indexConfig: cfg = {} } = c as Partial<IndexedColumn>;
  return [q(name ?? ''), cfg.opClass, cfg.order, cfg.nulls ? `nulls ${cfg.nulls}` : undefined].filter(Boolean).join(' ');
}

/** The statements that create `tables` (drizzle's pgTable objects) in `schemaName`, as drizzle declares them. */
export function declaredDdl(tables: PgTable[], schemaName: string): string[] {
  const dialect = new PgDialect();
  const out: string[] = [];
  for (const table of tables) {
    const t = getTableConfig(table);
    const parts: string[] = [];
    for (const c of t.columns) {
      let def = `${q(c.name)} ${c.getSQLType()}`;
      if (c.primary) def += ' PRIMARY KEY';
      if (c.notNull && !c.primary) def += ' NOT NULL';
      // A JS-side default ($defaultFn) is no database default; only `.default(...)` is.
      if (c.default !== undefined) def += ` DEFAULT ${defaultSql(dialect, c.default)}`;
      if (c.isUnique) def += ' UNIQUE';
      parts.push(def);
    }
    for (const pk of t.primaryKeys) parts.push(`PRIMARY KEY (${pk.columns.map((c) => q(c.name)).join(', ')})`);
    for (const u of t.uniqueConstraints) parts.push(`UNIQUE (${u.columns.map((c) => q(c.name)).join(', ')})`);
    out.push(`CREATE TABLE ${q(schemaName)}.${q(t.name)} (\n  ${parts.join(',\n  ')}\n)`);
    for (const i of t.indexes) {
      const { name, unique, method, columns, where } = i.config;
      const using = method && method !== 'btree' ? ` USING ${method}` : '';
      const whereSql = where ? ` WHERE ${dialect.sqlToQuery(where, 'indexes').sql}` : '';
      out.push(
        `CREATE ${unique ? 'UNIQUE ' : ''}INDEX ${q(name ?? `${t.name}_idx_${out.length}`)} ON ${q(schemaName)}.${q(t.name)}${using} ` +
          `(${columns.map((c) => indexColumnSql(dialect, c)).join(', ')})${whereSql}`,
      );
    }
  }
  return out;
}

/** The tables of `schemaName` as PostgreSQL's catalog holds them (information_schema, and format_type for exact types). */
export async function readShape(database: Database, schemaName: string): Promise<SchemaShape> {
  const prefix = new RegExp(`\\b${schemaName.replace(/\W/g, '')}\\.`, 'g');
  const unqualified = (text: string) => text.replace(prefix, '');
  const columns = await rows<{ table_name: string; column_name: string; type: string; is_nullable: string; column_default: string | null }>(
    database.db,
    sql`SELECT c.table_name, c.column_name, format_type(a.atttypid, a.atttypmod) AS type, c.is_nullable, c.column_default
        FROM information_schema.columns c
        JOIN pg_attribute a ON a.attrelid = format('%I.%I', c.table_schema, c.table_name)::regclass AND a.attname = c.column_name
        JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = ${schemaName} AND t.table_type = 'BASE TABLE'
        ORDER BY c.table_name, c.ordinal_position`,
  );
  const shape: SchemaShape = {};
  for (const c of columns) {
    if (MIGRATOR_TABLES.has(c.table_name)) continue;
    const table = (shape[c.table_name] ??= { columns: {}, primaryKey: null, unique: [], indexes: {} });
    table.columns[c.column_name] = {
      type: c.type,
      notNull: c.is_nullable === 'NO',
      // A serial's sequence lives in the schema of its table: the scratch schema's name is no difference.
      default: c.column_default === null ? null : unqualified(c.column_default),
    };
  }
  const constraints = await rows<{ table_name: string; contype: string; def: string }>(
    database.db,
    sql`SELECT cl.relname AS table_name, co.contype, pg_get_constraintdef(co.oid) AS def
        FROM pg_constraint co JOIN pg_class cl ON cl.oid = co.conrelid JOIN pg_namespace n ON n.oid = cl.relnamespace
        WHERE n.nspname = ${schemaName} AND co.contype IN ('p', 'u')`,
  );
  const constraintIndexes = new Set<string>();
  for (const c of constraints) {
    const table = shape[c.table_name];
    if (!table) continue;
    const cols = c.def.replace(/^(PRIMARY KEY|UNIQUE)\s*/, '');
    if (c.contype === 'p') table.primaryKey = cols;
    else table.unique.push(cols);
  }
  const indexes = await rows<{ tablename: string; indexname: string; indexdef: string; constraint: boolean }>(
    database.db,
    sql`SELECT i.tablename, i.indexname, i.indexdef,
               EXISTS (SELECT 1 FROM pg_constraint co WHERE co.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass) AS constraint
        FROM pg_indexes i WHERE i.schemaname = ${schemaName}`,
  );
  for (const i of indexes) {
    const table = shape[i.tablename];
    if (!table) continue;
    if (i.constraint) {
      constraintIndexes.add(i.indexname);
      continue;
    }
    const def = unqualified(i.indexdef).replace(/ INDEX \S+ ON /, ' INDEX ON ');
    table.indexes[i.indexname] = def;
    const unique = /^CREATE UNIQUE INDEX ON \S+ USING btree (\(.*\))$/.exec(def);
    if (unique) table.unique.push(unique[1]);
  }
  for (const table of Object.values(shape)) table.unique.sort();
  return shape;
}

/**
 * The differences between the migrated database and the drizzle declaration, one sentence each, empty when they
 * agree. Every declared index must be in the migrated database as declared; plain indexes only the migrations make
 * are allowed (see the module comment).
 */
export function compareShapes(migrated: SchemaShape, declared: SchemaShape): string[] {
  const problems: string[] = [];
  for (const name of Object.keys(migrated).sort())
    if (!declared[name]) problems.push(`table ${name}: made by the migrations, not declared in schema.ts`);
  for (const name of Object.keys(declared).sort()) {
    const d = declared[name];
    const m = migrated[name];
    if (!m) {
      problems.push(`table ${name}: declared in schema.ts, not made by the migrations`);
      continue;
    }
    for (const col of Object.keys(m.columns)) if (!d.columns[col]) problems.push(`${name}.${col}: made by the migrations, not declared in schema.ts`);
    for (const [col, dc] of Object.entries(d.columns)) {
      const mc = m.columns[col];
      if (!mc) {
        problems.push(`${name}.${col}: declared in schema.ts, not made by the migrations`);
        continue;
      }
      if (mc.type !== dc.type) problems.push(`${name}.${col}: type ${mc.type} in the migrations, ${dc.type} in schema.ts`);
      if (mc.notNull !== dc.notNull)
        problems.push(
          `${name}.${col}: ${mc.notNull ? 'NOT NULL' : 'nullable'} in the migrations, ${dc.notNull ? 'NOT NULL' : 'nullable'} in schema.ts`,
        );
      if (mc.default !== dc.default)
        problems.push(`${name}.${col}: default ${mc.default ?? 'none'} in the migrations, ${dc.default ?? 'none'} in schema.ts`);
    }
    if (m.primaryKey !== d.primaryKey)
      problems.push(`${name}: primary key ${m.primaryKey ?? 'none'} in the migrations, ${d.primaryKey ?? 'none'} in schema.ts`);
    for (const u of m.unique) if (!d.unique.includes(u)) problems.push(`${name}: unique ${u} in the migrations, not declared in schema.ts`);
    for (const u of d.unique) if (!m.unique.includes(u)) problems.push(`${name}: unique ${u} declared in schema.ts, not made by the migrations`);
    for (const [index, def] of Object.entries(d.indexes)) {
      if (!m.indexes[index]) problems.push(`${name}: index ${index} declared in schema.ts, not made by the migrations`);
      else if (m.indexes[index] !== def) problems.push(`${name}: index ${index} is ${m.indexes[index]} in the migrations, ${def} in schema.ts`);
    }
  }
  return problems;
}

/** drizzle's tables among a module's exports (schema.ts exports nothing else that is a table). */
export function tablesOf(module: Record<string, unknown>): PgTable[] {
  return Object.values(module).filter((v): v is PgTable => is(v, PgTable));
}

/**
 * Creates `tables` in a scratch schema of the migrated database, compares, and drops the scratch schema again.
 * The database must be migrated already.
 */
export async function schemaDrift(database: Database, tables: PgTable[], scratch = 'drizzle_declared'): Promise<string[]> {
  await database.execScript(`DROP SCHEMA IF EXISTS ${q(scratch)} CASCADE; CREATE SCHEMA ${q(scratch)};`);
  try {
    for (const statement of declaredDdl(tables, scratch)) await database.execScript(statement);
    return compareShapes(await readShape(database, 'public'), await readShape(database, scratch));
  } finally {
    await database.execScript(`DROP SCHEMA IF EXISTS ${q(scratch)} CASCADE`);
  }
}
