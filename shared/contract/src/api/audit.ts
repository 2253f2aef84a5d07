/** The audit trail (issue 18.7), `/system/audit*`: `services/api-server/src/routes/audit.ts`. */

import type { AUDIT_ACTIONS, AUDIT_RESOURCES } from '../constants';
import type { PageQuery, TableDataInfo } from './common';

export type AuditResource = (typeof AUDIT_RESOURCES)[number];

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Query of `GET /system/audit/list` (perm system:audit:list). */
export interface AuditLogQuery extends PageQuery {
  userName?: string;
  resource?: AuditResource;
  action?: AuditAction;
  targetId?: string;
  /** `YYYY-MM-DD`, inclusive. */
  beginTime?: string;
  endTime?: string;
}

export type AuditLogListResponse = TableDataInfo<AuditLogEntry>;

/** One write by staff: `GET /system/audit/list` rows, `GET /system/audit/{resource}/{id}` (a row's history). */
export interface AuditLogEntry {
  id: number;
  userName: string;
  resource: AuditResource;
  action: AuditAction;
  targetId: string | null;
  summary: string;
  /** The row before (null for add) and after (null for delete), as the API spells it. */
  before: unknown;
  after: unknown;
  ip: string | null;
  /** `YYYY-MM-DD HH:mm:ss`. */
  createTime: string;
}
