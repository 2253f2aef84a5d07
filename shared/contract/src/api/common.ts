/**
 * API types: the request and response shapes of every call the API server (`@site/api-server`) answers, one file per
 * resource as the server has one route file per resource (`services/api-server/src/routes/<resource>.ts`). This file holds the
 * envelopes they share. Both the server and the front ends import these. Types only, no runtime code.
 *
 * Two answer families:
 * - content calls (`/api/*`, UJCMS style): bare JSON (arrays, objects, Spring pages), no `code`;
 *   except `POST /api/message-board` and `POST /api/visit/{siteId}` which answer `R` (`{code, msg}`).
 * - RuoYi-style calls (`/login`, `/getInfo`, `/system/*`, `/common/*`, `/bus/*`, `/dev/*`): `{code: 200, msg: '操作成功', ...}`.
 * Errors of every call: HTTP status = code, body `ApiErrorBody` with a Chinese `msg`.
 * Business failures of RuoYi-style calls (wrong password, captcha, SMS code, duplicate registration)
 * answer HTTP 200 with body `{code: 500, msg}`.
 */

/** Error body (any call) and the base of RuoYi answers. */
export interface ApiErrorBody {
  code: number;
  msg: string;
  /**
   * A 400 caused by one input field: its name as the request spelled it (`title`, `items.0.url`), so a form can
   * show `msg` beside that field and keep what was typed.
   */
  field?: string;
}

/** RuoYi plain answer `{code, msg}`. */
export interface R {
  code: number;
  msg: string;
}

/** RuoYi answer with `data`. */
export interface RData<T> extends R {
  data: T;
}

/** RuoYi TableDataInfo `{code, msg, total, rows}`. */
export interface TableDataInfo<T> extends R {
  total: number;
  rows: T[];
}

/** RuoYi paging query (1-based `pageNum`). */
export interface PageQuery {
  pageNum?: number;
  pageSize?: number;
}

/** Spring Data page (UJCMS style). `number` is 0-based; the request's `page` is 1-based. */
export interface SpringPage<T> {
  content: T[];
  totalElements: number;
  totalPages: number;
  /** 0-based page index. */
  number: number;
  size: number;
  first: boolean;
  last: boolean;
  numberOfElements: number;
  empty: boolean;
}

/** CRM-style answer (`code` 0 = success). */
export interface CrmResult<T> {
  code: number;
  msg: string;
  data: T;
}
