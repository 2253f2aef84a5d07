/**
 * 客户管理 (issue 18.6): the people registered on the site (accounts holding no role). Search, view, disable and
 * enable: a disabled account cannot sign in (login refuses status 1) and its sessions end at once.
 */
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SiteCustomer } from '@site/contract';
import type { AppContext } from '../context.js';
import type { Db } from '../db/index.js';
import * as t from '../db/schema.js';
import { recordAudit } from '../lib/audit.js';
import { caller, needPermi, revokeAllTokens } from '../lib/auth.js';
import { notFound } from '../lib/errors.js';
import { accountFields, guardAccountAct, holdsNoRole, likePattern, statusAction, statusRoute, userWhere } from '../lib/people.js';
import { formatDateTime } from '../lib/text.js';
import { intId, pageParams } from '../lib/validate.js';

const OK = '操作成功';
const listQuery = pageParams.extend({
  keyword: z.string().trim().max(50, '关键字过长').optional(),
  status: z.enum(['0', '1'], { error: '状态格式不正确' }).optional(),
});
const idParams = z.object({ userId: intId });

const columns = { user: t.sysUser, customerName: t.customer.name };
type Joined = { user: typeof t.sysUser.$inferSelect; customerName: string | null };

function toCustomer(r: Joined): SiteCustomer {
  const u = r.user;
  return {
    ...accountFields(u),
    customerId: u.customerId,
    customerName: r.customerName ?? '',
    wxBound: !!u.openid,
    createTime: formatDateTime(u.createdAt),
  };
}

async function oneCustomer(db: Db, userId: number): Promise<SiteCustomer | null> {
  const [r] = await db.select(columns).from(t.sysUser).leftJoin(t.customer, eq(t.customer.id, t.sysUser.customerId)).where(userWhere(userId, false));
  return r ? toCustomer(r) : null;
}

export default async function customerRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  app.get('/system/customer/list', { onRequest: needPermi(db, 'system:customer:list'), schema: { querystring: listQuery } }, async (req) => {
    const q = req.query;
    const like = q.keyword ? likePattern(q.keyword) : '';
    const where = and(
      holdsNoRole,
      like
        ? or(ilike(t.sysUser.userName, like), ilike(t.sysUser.nickName, like), ilike(t.sysUser.phonenumber, like), ilike(t.customer.name, like))
        : undefined,
      q.status ? eq(t.sysUser.status, q.status) : undefined,
    );
    const [{ count }] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(t.sysUser)
      .leftJoin(t.customer, eq(t.customer.id, t.sysUser.customerId))
      .where(where);
    const list = await db
      .select(columns)
      .from(t.sysUser)
      .leftJoin(t.customer, eq(t.customer.id, t.sysUser.customerId))
      .where(where)
      .orderBy(desc(t.sysUser.userId))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize);
    return { code: 200, msg: '查询成功', total: Number(count), rows: list.map(toCustomer) };
  });

  app.get('/system/customer/:userId', { onRequest: needPermi(db, 'system:customer:get'), schema: { params: idParams } }, async (req) => {
    const c = await oneCustomer(db, req.params.userId);
    if (!c) throw notFound('客户不存在');
    return { code: 200, msg: OK, data: c };
  });

  app.put('/system/customer/:userId/status', statusRoute(db, 'system:customer'), async (req) => {
    const u = caller(req);
    const { status } = req.body;
    const before = await oneCustomer(db, req.params.userId);
    if (!before) throw notFound('客户不存在');
    // Customer rights decide (a refusal is in 操作日志), the rule every account action follows (lib/people.ts).
    await guardAccountAct(db, req, u, before, status === '0' ? 'enable' : 'disable');
    const action = statusAction(u, 'system:customer', status);
    await db.transaction(async (tx) => {
      await tx.update(t.sysUser).set({ status }).where(eq(t.sysUser.userId, before.userId));
      if (status === '1') await revokeAllTokens(tx, before.userId);
      await recordAudit(tx, req, u, {
        resource: 'customer',
        action,
        targetId: before.userId,
        summary: `${before.nickName}（${before.userName}）`,
        before,
        after: { ...before, status },
      });
    });
    return { code: 200, msg: OK };
  });
}
