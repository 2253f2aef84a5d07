/**
 * 操作日志: every write by staff (lib/audit.ts), searched by user, resource, action, target id and date
 * range; and the history of one row (an article's history in its editor) for whoever may read that row.
 */
import { and, desc, eq, gte, ilike, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_RESOURCES, LOGIN_METHODS, type AuditResource } from '@site/contract';
import type { AppContext } from '../context.js';
import * as t from '../db/schema.js';
import { toAuditEntry } from '../lib/audit.js';
import { toLoginLogEntry } from '../lib/loginlog.js';
import { caller, hasPermi, needAnyPermi, needPermi } from '../lib/auth.js';
import { forbidden, HttpError } from '../lib/errors.js';
import { escapeLike, likePattern } from '../lib/people.js';
import { pageParams } from '../lib/validate.js';
import { pageOf } from '../lib/paging.js';

const TZ = () => process.env.TZ || 'Asia/Shanghai';
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(s)), '日期格式应为YYYY-MM-DD')
  .optional();
const listQuery = pageParams.extend({
  userName: z.string().trim().max(64, '操作人过长').optional(),
  resource: z.enum(AUDIT_RESOURCES, { error: '对象类型不正确' }).optional(),
  action: z.enum(AUDIT_ACTIONS, { error: '操作类型不正确' }).optional(),
  targetId: z.string().trim().max(200, '对象编号过长').optional(),
  beginTime: day,
  endTime: day,
});

/** Who may read a row's history besides holders of system:audit:list: whoever may view that row. */
const VIEW_PERMISSION: Record<AuditResource, string> = {
  article: 'content:article:query',
  channel: 'content:channel:query',
  block: 'content:block:query',
  notice: 'system:notice:query',
  message: 'content:message:list',
  user: 'system:user:get',
  role: 'system:role:get',
  customer: 'system:customer:get',
  config: 'system:config:query',
};

/** Midnight of a `YYYY-MM-DD` in the site's time zone (the day the person picked). */
const startOfDay = (d: string, plusDays = 0) => sql`(${d}::date + ${plusDays}::int)::timestamp AT TIME ZONE ${TZ()}`;

/** The write was about this id (alone, or as one of the ids of a bulk write: "3,5,8"). */
const aboutTarget = (id: string) => sql`(',' || ${t.auditLog.targetId} || ',') LIKE ${`%,${escapeLike(id)},%`}`;

export default async function auditRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  app.get('/system/audit/list', { onRequest: needPermi(db, 'system:audit:list'), schema: { querystring: listQuery } }, async (req) => {
    const q = req.query;
    if (q.beginTime && q.endTime && q.beginTime > q.endTime) throw new HttpError(400, '开始日期不能晚于结束日期', 'beginTime');
    const where = and(
      q.userName ? ilike(t.auditLog.userName, likePattern(q.userName)) : undefined,
      q.resource ? eq(t.auditLog.resource, q.resource) : undefined,
      q.action ? eq(t.auditLog.action, q.action) : undefined,
      // One id of a bulk write ("3,5,8") finds it too.
      q.targetId ? aboutTarget(q.targetId) : undefined,
      q.beginTime ? gte(t.auditLog.createdAt, startOfDay(q.beginTime)) : undefined,
      q.endTime ? lt(t.auditLog.createdAt, startOfDay(q.endTime, 1)) : undefined,
    );
    const { total, rows: list } = await pageOf(db, t.auditLog, where, [desc(t.auditLog.id)], q);
    return { code: 200, msg: '查询成功', total, rows: list.map(toAuditEntry) };
  });

  /** 登录日志: sign-in attempts, newest first, by name (or phone), outcome and way in. */
  app.get(
    '/system/logininfor/list',
    {
      onRequest: needPermi(db, 'system:logininfor:list'),
      schema: {
        querystring: pageParams.extend({
          userName: z.string().trim().max(64, '用户名称过长').optional(),
          status: z.enum(['0', '1'], { error: '登录状态不正确' }).optional(),
          method: z.enum(LOGIN_METHODS, { error: '登录方式不正确' }).optional(),
        }),
      },
    },
    async (req) => {
      const q = req.query;
      const where = and(
        q.userName ? ilike(t.loginLog.userName, likePattern(q.userName)) : undefined,
        q.status ? eq(t.loginLog.status, q.status) : undefined,
        q.method ? eq(t.loginLog.method, q.method) : undefined,
      );
      const { total, rows: list } = await pageOf(db, t.loginLog, where, [desc(t.loginLog.id)], q);
      return { code: 200, msg: '查询成功', total, rows: list.map(toLoginLogEntry) };
    },
  );

  app.get(
    '/system/audit/:resource/:targetId',
    {
      onRequest: needAnyPermi(db, ['system:audit:list', ...Object.values(VIEW_PERMISSION)]),
      schema: {
        params: z.object({ resource: z.enum(AUDIT_RESOURCES, { error: '对象类型不正确' }), targetId: z.string().max(200, '对象编号过长') }),
        querystring: pageParams,
      },
    },
    async (req) => {
      const u = caller(req);
      const { resource, targetId } = req.params;
      if (!hasPermi(u, 'system:audit:list') && !hasPermi(u, VIEW_PERMISSION[resource])) throw forbidden();
      const where = and(eq(t.auditLog.resource, resource), aboutTarget(targetId));
      const q = req.query;
      const { total, rows: list } = await pageOf(db, t.auditLog, where, [desc(t.auditLog.id)], q);
      return { code: 200, msg: '查询成功', total, rows: list.map(toAuditEntry) };
    },
  );
}
