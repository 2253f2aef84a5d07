/** Error answers: HTTP status = code, body {code, msg} with a Chinese msg. */
import { STALE_WRITE_MSG } from '@site/contract';

export const MSG = {
  ok: '操作成功',
  badRequest: '请求参数错误',
  unauthorized: '认证失败，无法访问系统资源',
  forbidden: '当前操作没有权限',
  notFound: '访问资源不存在',
  tooMany: '请求过于频繁，请稍后再试',
  unknown: '系统未知错误，请反馈给管理员',
  tooLarge: '请求内容过大',
  unavailable: '服务暂时不可用，请稍后重试',
  /** Idempotency-Key (lib/idempotency.ts): 422, 409, 400. */
  idempotencyKeyReused: '该幂等键已用于另一个请求，请勿重复使用',
  idempotencyInProgress: '相同的请求正在处理中，请稍后再试',
  idempotencyKeyInvalid: 'Idempotency-Key 格式无效（1–255 个可见 ASCII 字符）',
} as const;

export class HttpError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    /** The input field at fault (ApiErrorBody.field), when one is. */
    public field?: string,
    /** A 429's seconds until a retry can pass (the Retry-After header and ApiErrorBody.retryAfter). */
    public retryAfter?: number,
  ) {
    super(message);
  }
}

/** A RuoYi business failure: HTTP 200 with {code: 500, msg}. */
export class BizError extends Error {
  constructor(
    message: string,
    public code = 500,
  ) {
    super(message);
  }
}

export const badRequest = (msg: string = MSG.badRequest, field?: string) => new HttpError(400, msg, field);
export const unauthorized = () => new HttpError(401, MSG.unauthorized);
export const forbidden = () => new HttpError(403, MSG.forbidden);
export const notFound = (msg: string = MSG.notFound) => new HttpError(404, msg);
export const tooMany = (retryAfter?: number) => new HttpError(429, MSG.tooMany, undefined, retryAfter);

export const ok = <T extends object>(extra?: T) => ({ code: 200, msg: MSG.ok, ...(extra ?? ({} as T)) });

/** A save naming an older row version than the stored one (two people editing the same row). */
export const staleWrite = () => new HttpError(409, STALE_WRITE_MSG);

/** Seconds a 503 asks the caller to wait (Retry-After). */
export const UNAVAILABLE_RETRY_AFTER_S = 5;
/** The database (or another service a request needs) cannot be reached now: 503, and a retry may pass. */
export const unavailable = () => new HttpError(503, MSG.unavailable, undefined, UNAVAILABLE_RETRY_AFTER_S);

/** Node's socket errors of a server that is gone or unreachable. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
/**
 * PostgreSQL's SQLSTATEs of a server that cannot serve now: class 08 (connection exception), 53300 too many
 * connections, 57P01-57P03 (shut down by an administrator, crashed, starting up), 57P05 idle session timeout.
 */
const PG_UNAVAILABLE = /^(08...|53300|57P0[1235])$/;
/** node-postgres' own messages for a lost connection or a pool that found none in time. */
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'Connection terminated unexpectedly',
];

/**
 * Whether `err` (or what it wraps: drizzle's DrizzleQueryError `cause`, an AggregateError's `errors` when both
 * addresses of a host refused, undici's `fetch failed` cause) says that PostgreSQL, or another server the request
 * needed, cannot be reached: such a request is answered 503 (MSG.unavailable),
 * never 500. A query's own errors (a constraint, a syntax error) are not.
 */
export function isServiceUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown; syscall?: unknown };
  if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || PG_UNAVAILABLE.test(e.code))) return true;
  // A database reached by its Unix socket: while it is down the socket file is gone (a missing file elsewhere is no
  // outage, so only a connect's).
  if (e.code === 'ENOENT' && e.syscall === 'connect') return true;
  if (typeof e.message === 'string' && PG_MESSAGES.some((m) => (e.message as string).includes(m))) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isServiceUnavailable(x, depth + 1))) return true;
  return isServiceUnavailable(e.cause, depth + 1);
}
