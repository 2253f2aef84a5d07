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
