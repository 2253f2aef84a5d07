/**
 * 操作日志 (issue 18.7): the audit trail of staff writes, searched by who, what, which row and when. Read-only: the
 * trail is written by the routes that change things (lib/audit.ts), never through the API.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_RESOURCES } from '@site/contract';
import type { AppContext } from '../context.js';
import * as t from '../db/schema.js';
import { toAuditEntry } from '../lib/audit.js';
import { needPermi } from '../lib/auth.js';
import { pageParams } from '../lib/validate.js';
import { dayParam, withinDays } from '../lib/filters.js';

const auditQuery = pageParams.extend({
  userName: z.string().trim().max(64, '操作人过长').optional(),
  resource: z.enum(AUDIT_RESOURCES, { error: '对象类型不正确' }).optional(),
  action: z.enum(AUDIT_ACTIONS, { error: '操作类型不正确' }).optional(),
  targetId: z.string().trim().max(200, '对象编号过长').optional(),
  beginTime: dayParam('开始日期'),
  endTime: dayParam('结束日期'),
});

export default async function auditRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  app.get('/system/audit/list', { onRequest: needPermi(db, 'system:audit:list'), schema: { querystring: auditQuery } }, async (req) => {
    const q = req.query;
    const where = and(
      q.userName ? eq(t.auditLog.userName, q.userName) : undefined,
      q.resource ? eq(t.auditLog.resource, q.resource) : undefined,
      q.action ? eq(t.auditLog.action, q.action) : undefined,
      q.targetId ? eq(t.auditLog.targetId, q.targetId) : undefined,
      ...withinDays(t.auditLog.createdAt, q.beginTime, q.endTime),
    );
    const [{ count }] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(t.auditLog)
      .where(where);
    const list = await db
      .select()
      .from(t.auditLog)
      .where(where)
      .orderBy(desc(t.auditLog.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize);
    return { code: 200, msg: '查询成功', total: Number(count), rows: list.map(toAuditEntry) };
  });
}
