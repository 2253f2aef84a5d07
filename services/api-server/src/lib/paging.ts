import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/index.js';

/**
 * One page of a table's rows that match `where`, in `order`, and how many match in all: the list pages of the admin
 * shell (audit and sign-in logs, messages, roles, staff users) all answer `{ total, rows }` from these two queries.
 */
export async function pageOf<T extends PgTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  order: (SQL | PgColumn)[],
  page: { pageNum: number; pageSize: number },
): Promise<{ total: number; rows: T['$inferSelect'][] }> {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(table as PgTable)
    .where(where);
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(...order)
    .limit(page.pageSize)
    .offset((page.pageNum - 1) * page.pageSize);
  return { total: Number(count), rows: rows as T['$inferSelect'][] };
}
