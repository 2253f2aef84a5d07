/** The audit trail, `/system/audit*`: `services/api-server/src/routes/audit.ts`. */

import type { AUDIT_ACTIONS, AUDIT_RESOURCES, LOGIN_METHODS } from '../constants';
import type { PageQuery, TableDataInfo } from './common';

export type AuditResource = (typeof AUDIT_RESOURCES)[number];

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** 登录方式 of a 登录日志 row (LOGIN_METHOD_LABELS). */
export type LoginMethod = (typeof LOGIN_METHODS)[number];

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

/** 登录日志 (RuoYi's sys_logininfor): one sign-in attempt, `GET /system/logininfor/list` rows. */
export interface LoginLogEntry {
  id: number;
  /** The name (or phone) the attempt gave. */
  userName: string;
  ip: string | null;
  /** Browser and system read from the User-Agent, e.g. `Chrome 120 / Windows`. */
  browser: string;
  /** `0` success, `1` failure (LOGIN_LOG_STATUS_LABELS). */
  status: '0' | '1';
  /** What the person was told, e.g. 登录成功, 用户不存在/密码错误. */
  msg: string;
  /** 登录方式: password, SMS code, messaging app, or the sign-in of a registration; null on rows from before it was recorded. */
  method: LoginMethod | null;
  /** `YYYY-MM-DD HH:mm:ss`. */
  createTime: string;
}
export interface LoginLogQuery {
  pageNum?: number;
  pageSize?: number;
  userName?: string;
  status?: '0' | '1';
  method?: LoginMethod;
}
export type LoginLogListResponse = TableDataInfo<LoginLogEntry>;
