/**
 * The audit trail: every write by staff records who, when, what, and the values before and after.
 * Call it inside the write's transaction so the trail and the change land together or not at all.
 */
import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditLogEntry, AuditResource } from '@site/contract';
import type { Db } from '../db/index.js';
import * as t from '../db/schema.js';
import type { CurrentUser } from './auth.js';
import { formatDateTime } from './text.js';

export interface AuditEntry {
  resource: AuditResource;
  action: AuditAction;
  /** The row's id (several ids comma separated for a bulk delete). */
  targetId?: string | number | null;
  /** One line a person reads in the list: the title or name of what changed. */
  summary?: string;
  /** The row before the write (null for add) and after it (null for delete), as the API spells them. */
  before?: unknown;
  after?: unknown;
}

/** An account as 操作日志 names it: 昵称（账号）. */
export const accountName = (a: { nickName: string; userName: string }) => `${a.nickName}（${a.userName}）`;

/** Large fields are cut so one write never stores megabytes twice. */
const MAX_FIELD = 20_000;

function trimmed(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'string' && v.length > MAX_FIELD ? `${v.slice(0, MAX_FIELD)}…` : v)));
}

export async function recordAudit(db: Db, req: FastifyRequest, user: Pick<CurrentUser, 'userId' | 'userName'>, e: AuditEntry): Promise<void> {
  await db.insert(t.auditLog).values({
    userId: user.userId,
    userName: user.userName,
    resource: e.resource,
    action: e.action,
    targetId: e.targetId === undefined || e.targetId === null ? null : String(e.targetId).slice(0, 200),
    summary: (e.summary ?? '').slice(0, 300),
    before: trimmed(e.before),
    after: trimmed(e.after),
    ip: req.ip,
  });
}

/**
 * The one entry of a bulk delete (RuoYi's `{ids}`): the ids comma separated, the rows' names joined with 、, and the
 * rows before as the API spells them (`view`; the rows themselves without one). Nothing deleted, nothing recorded.
 */
export async function recordDeletes<R>(
  db: Db,
  req: FastifyRequest,
  user: Pick<CurrentUser, 'userId' | 'userName'>,
  resource: AuditResource,
  rows: readonly R[],
  of: { id: (row: R) => string | number; name: (row: R) => string; view?: (row: R) => unknown },
): Promise<void> {
  if (!rows.length) return;
  const view = of.view;
  await recordAudit(db, req, user, {
    resource,
    action: 'delete',
    targetId: rows.map((r) => of.id(r)).join(','),
    summary: rows.map((r) => of.name(r)).join('、'),
    before: view ? rows.map((r) => view(r)) : rows,
  });
}

/** An audit_log row as the API answers it (AuditLogEntry). */
export function toAuditEntry(r: typeof t.auditLog.$inferSelect): AuditLogEntry {
  return {
    id: r.id,
    userName: r.userName,
    resource: r.resource as AuditResource,
    action: r.action as AuditAction,
    targetId: r.targetId,
    summary: r.summary,
    before: r.before,
    after: r.after,
    ip: r.ip,
    createTime: formatDateTime(r.createdAt),
  };
}
