import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isSiteOrWebUrl } from '@site/contract';
import type { Db } from '../db/index.js';
import { needPermi } from './auth.js';

/**
 * Every route validates its input with zod schemas on the route (`schema: { params, querystring, body }`, through
 * fastify-type-provider-zod); app.ts's error handler turns the first failing issue into the Chinese 400 answer
 * `{code: 400, msg, field}` with chineseIssue() and issueField() below.
 */

/**
 * preValidation hook of the calls that take their fields from the query string or the body alike (RuoYi front ends
 * send either): the two become one object in `req.body`, which the route's body schema then validates. `wins` is
 * the side a field present in both is taken from.
 */
export const queryAndBody =
  (wins: 'query' | 'body') =>
  async (req: FastifyRequest): Promise<void> => {
    const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as object) : {};
    const query = req.query as object;
    req.body = wins === 'query' ? { ...body, ...query } : { ...query, ...body };
  };

/** The dotted path of the field an issue is about (`items.0.url`), or undefined for the input as a whole. */
export function issueField(issue: { path: readonly PropertyKey[] }): string | undefined {
  return issue.path.length ? issue.path.map(String).join('.') : undefined;
}

const FIELD_NAMES: Record<string, string> = {
  phone: '手机号',
  name: '名称',
  code: '验证码',
  password: '密码',
  username: '用户名',
  uuid: '验证码标识',
  title: '标题',
  text: '内容',
  nickname: '昵称',
  contact: '联系方式',
  email: '邮箱',
  captcha: '验证码',
  id: 'ID',
  page: '页码',
  pageSize: '每页条数',
  pageNum: '页码',
  channelId: '栏目ID',
  blockId: '区块ID',
  limit: '条数',
  url: '页面地址',
  entryUrl: '入口地址',
  referrer: '来源地址',
  si: '会话ID',
  uv: '访客ID',
  newVisitor: '新访客标记',
  count: '计数',
  duration: '停留时长',
  siteId: '站点ID',
  nickName: '昵称',
  phonenumber: '手机号',
  tgCode: '推广码',
  days: '天数',
  noticeType: '公告类型',
  status: '状态',
  type: '类型',
  key: '参数键名',
  version: '版本号',
  audience: '公告对象',
  tags: '标签',
  sort: '排序',
  top: '置顶',
};

/** A Chinese message for a zod issue: its own message when written in Chinese, else one built from the field's label. */
export function chineseIssue(issue: z.core.$ZodIssue): string {
  // Custom messages written in Chinese are used as they are.
  if (issue.message && /[\u4e00-\u9fa5]/.test(issue.message)) return issue.message;
  const field = String(issue.path[issue.path.length - 1] ?? '');
  const label = FIELD_NAMES[field] ?? (field || '参数');
  switch (issue.code) {
    case 'invalid_type':
      return (issue as { input?: unknown }).input === undefined ? `${label}不能为空` : `${label}格式不正确`;
    case 'too_big':
      return `${label}长度或数值超出限制`;
    case 'too_small':
      return `${label}长度或数值不足`;
    case 'unrecognized_keys':
      return `存在不支持的参数`;
    default:
      return `${label}格式不正确`;
  }
}

/** Common field schemas. */
export const PHONE_RE = /^1[3-9]\d{9}$/;
export const phone = z.string({ error: '手机号不能为空' }).trim().regex(PHONE_RE, '手机号格式不正确');
export const smsCode = z
  .string({ error: '验证码不能为空' })
  .trim()
  .regex(/^\d{6}$/, '短信验证码格式不正确');
/** A new password (profile change, administrator reset): RuoYi's 6 to 20 characters. */
export const newPassword = z.string({ error: '新密码不能为空' }).min(6, '密码长度必须在6到20个字符之间').max(20, '密码长度必须在6到20个字符之间');
/** Positive integer from a string or number (query strings). */
export const intId = z.coerce.number({ error: 'ID格式不正确' }).int('ID格式不正确').min(1, 'ID格式不正确').max(2147483647, 'ID格式不正确');
/** RuoYi's `{ids}` path parameter of bulk deletes: one id or up to 100, comma separated. */
export const idList = z
  .string()
  .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, 'ID格式不正确')
  .transform((s) => s.split(',').map(Number))
  .refine((ids) => ids.every((n) => n >= 1 && n <= 2147483647), 'ID格式不正确');
/**
 * The route options of a call on RuoYi's `{ids}` (a bulk delete, 回收站's restore): the permission checked before the
 * path is looked at, then the id list, under the name the path gives it (`ids`, or e.g. RuoYi's `noticeIds`).
 */
export const idsRoute = <K extends string = 'ids'>(db: Db, perm: string, name: K = 'ids' as K) => ({
  onRequest: needPermi(db, perm),
  schema: { params: z.object({ [name]: idList } as Record<K, typeof idList>) },
});

/** A 1-based page number of a list (query string), 1 when absent: the admin lists' `pageNum`, the public lists' `page`. */
export const pageNumber = z.coerce
  .number({ error: '页码格式不正确' })
  .int('页码格式不正确')
  .min(1, '页码必须大于0')
  .max(100000, '页码超出范围')
  .default(1);
/** Rows a page (query string), at most 100; `fallback` when absent (the admin lists 10, the public lists 20). */
export const pageSizeOf = (fallback: number) =>
  z.coerce
    .number({ error: '每页条数格式不正确' })
    .int('每页条数格式不正确')
    .min(1, '每页条数必须大于0')
    .max(100, '每页条数不能超过100')
    .default(fallback);

/** RuoYi paging query (1-based pageNum, at most 100 rows a page). */
export const pageParams = z.object({ pageNum: pageNumber, pageSize: pageSizeOf(10) });

export const boolish = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1');

/**
 * True when a string anywhere in the value holds a NUL character (or the value nests absurdly deep). PostgreSQL
 * text cannot store NUL: such input would fail in the database (a 500, or a visit batch that never writes), so
 * it is refused up front with a 400.
 */
export function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (!value || typeof value !== 'object') return false;
  if (depth > 20) return true;
  for (const [k, v] of Object.entries(value as object)) if (k.includes('\0') || hasNul(v, depth + 1)) return true;
  return false;
}
export const NUL_MSG = '请求参数包含非法字符';

/** The link rule (an in-site path or an http(s) URL), shared with the admin's editor. */
export { isSiteOrWebUrl };
const URL_MAX = 500;
/** An optional link field: '' and null store null; otherwise an in-site path or an http(s) URL. */
export const linkField = (label: string, extra?: (v: string) => boolean) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(URL_MAX, `${label}不能超过${URL_MAX}个字符`)
    .refine((v) => v === '' || isSiteOrWebUrl(v) || !!extra?.(v), `${label}只能是站内路径（以 / 开头）或 http(s) 网址`)
    .nullable()
    .transform((v) => v || null);
