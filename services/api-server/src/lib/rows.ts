/**
 * What the admin routes of ordered, versioned rows (栏目, 区块内容, 角色) share: a row locked for an edit, where a
 * new row of an ordered list goes, a list's new order, and how many rows hold each value of a column.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { AuditResource } from '@site/contract';
import type { Db } from '../db/index.js';
import { recordAudit } from './audit.js';
import type { CurrentUser } from './auth.js';
import { badRequest, notFound, staleWrite } from './errors.js';

/**
 * The row an edit changes, locked until the write's transaction ends: 404 (`missing`) when it is gone, 409 when the
 * version the editor read is not its version now.
 */
export async function lockForEdit<T extends PgTable & { id: PgColumn; version: PgColumn }>(
  tx: Db,
  table: T,
  id: number,
  read: number,
  missing: string,
): Promise<T['$inferSelect']> {
  const [row] = (await tx
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id))
    .for('update')) as T['$inferSelect'][];
  if (!row) throw notFound(missing);
  if ((row as { version: number }).version !== read) throw staleWrite();
  return row;
}

/** The sort number after the last of the rows `where` keeps (1 for the first): where a new row of an ordered list goes. */
export async function nextSort(db: Db, sort: PgColumn, where: SQL | undefined): Promise<number> {
  const [{ last }] = await db
    .select({ last: sql<number>`coalesce(max(${sort}), 0)::int` })
    .from(sort.table)
    .where(where);
  return Number(last) + 1;
}

/**
 * A list's new order, in the write's transaction: `ids` must name each of `rows` (the `list` as it is, read locked)
 * once, else a 400 on `ids`; each row whose place changes is written through `place` (sort 1, 2, …); 操作日志 gets
 * the order before and after, with the rows' names in the new order (after `label`, when given).
 */
export async function storeOrder<R extends { id: number; sort: number }>(
  tx: Db,
  req: FastifyRequest,
  u: CurrentUser,
  resource: AuditResource,
  o: { list: string; rows: readonly R[]; ids: readonly number[]; name: (row: R) => string; label?: string },
  place: (id: number, sort: number) => Promise<unknown>,
): Promise<void> {
  const { rows, ids } = o;
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (new Set(ids).size !== ids.length || ids.length !== rows.length || !ids.every((id) => byId.has(id)))
    throw badRequest(`排序列表与当前${o.list}不一致，请刷新后再试`, 'ids');
  for (const [i, id] of ids.entries()) if (byId.get(id)!.sort !== i + 1) await place(id, i + 1);
  const names = ids.map((id) => o.name(byId.get(id)!)).join('、');
  await recordAudit(tx, req, u, {
    resource,
    action: 'sort',
    targetId: ids.join(','),
    summary: o.label ? `${o.label}：${names}` : names,
    before: rows.map((r) => r.id),
    after: ids,
  });
}

/** How many rows of its table hold each value of `column` (of the rows `where` keeps): the counts a list shows per row. */
export async function countBy<C extends PgColumn>(db: Db, column: C, where?: SQL): Promise<Map<C['_']['data'], number>> {
  const rows = await db
    .select({ key: column as PgColumn, n: sql<number>`count(*)::int` })
    .from(column.table)
    .where(where)
    .groupBy(column);
  return new Map(rows.map((r) => [r.key as C['_']['data'], Number(r.n)]));
}
