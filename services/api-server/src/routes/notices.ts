/**
 * 通知公告 (RuoYi /system/notice): any signed-in user reads the open notices meant for them (the shell's bell:
 * staff get 'all' and 'staff', customers 'all' and 'customer'); staff holding system:notice:list or :query also see
 * closed ones and every audience. Writes need the named permission and are recorded in the audit trail.
 *
 * Request schemas are declared on the routes (fastify-type-provider-zod): a bad field is a Chinese 400 naming it.
 */
import { and, desc, eq, getTableColumns, gt, ilike, inArray, notExists, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NOTICE_AUDIENCE_LABELS, NOTICE_AUDIENCES, type Notice, type NoticeUnread } from '@site/contract';
import type { AppContext } from '../context.js';
import type { Db } from '../db/index.js';
import * as t from '../db/schema.js';
import { recordAudit, recordDeletes } from '../lib/audit.js';
import { caller, hasPermi, isStaff, needPermi, needUser, type CurrentUser } from '../lib/auth.js';
import { notFound } from '../lib/errors.js';
import { formatDateTime } from '../lib/text.js';
import { sendCsv } from '../lib/csv.js';
import { idsRoute, intId, pageParams } from '../lib/validate.js';
import { containing } from '../lib/filters.js';
import { claimKey } from '../lib/idempotency.js';

const OK = '操作成功';

const noticeBody = z.object({
  noticeTitle: z.string({ error: '公告标题不能为空' }).trim().min(1, '公告标题不能为空').max(50, '公告标题不能超过50个字符'),
  noticeType: z.string({ error: '公告类型不能为空' }).regex(/^[1-9]$/, '公告类型格式不正确'),
  noticeContent: z.string({ error: '公告内容格式不正确' }).max(20000, '公告内容不能超过20000个字符').default(''),
  status: z.enum(['0', '1'], { error: '状态只能为0或1' }).default('0'),
  audience: z.enum(NOTICE_AUDIENCES, { error: '公告对象只能为全部、员工或客户' }).default('all'),
});

const listQuery = pageParams.extend({
  status: z
    .string()
    .regex(/^[01]$/, '状态格式不正确')
    .optional(),
  noticeType: z.string().regex(/^\d$/, '公告类型格式不正确').optional(),
  noticeTitle: z.string().trim().max(50, '公告标题过长').optional(),
  audience: z.enum(NOTICE_AUDIENCES, { error: '公告对象格式不正确' }).optional(),
});

export function toNotice(r: typeof t.sysNotice.$inferSelect & { unread?: boolean | null }): Notice {
  return {
    ...(r.unread == null ? {} : { read: !r.unread }),
    noticeId: r.noticeId,
    noticeTitle: r.noticeTitle,
    noticeType: r.noticeType,
    noticeContent: r.noticeContent,
    status: r.status,
    createTime: formatDateTime(r.createTime),
    createBy: r.createBy,
    audience: r.audience as Notice['audience'],
  };
}

/** Staff who manage notices see every notice; everyone else the open ones meant for them. */
const managesNotices = (u: CurrentUser) => hasPermi(u, 'system:notice:list') || hasPermi(u, 'system:notice:query');
const meantFor = (u: CurrentUser): SQL | undefined =>
  and(eq(t.sysNotice.status, '0'), inArray(t.sysNotice.audience, ['all', isStaff(u) ? 'staff' : 'customer']));
const visibleTo = (u: CurrentUser): SQL | undefined => (managesNotices(u) ? undefined : meantFor(u));

/**
 * Unread for the user: an open notice meant for the user, published after the user's
 * `notice_read_since` (the account's creation, moved on by 全部已读: a new account does not start with every older
 * notice unread), that the user has not opened. Managers too go by the audience rule: a closed notice, or one for
 * the other audience, is nothing for them to read.
 */
function unreadBy(db: Db, u: CurrentUser): SQL {
  const opened = db
    .select({ one: sql`1` })
    .from(t.sysNoticeRead)
    .where(and(eq(t.sysNoticeRead.noticeId, t.sysNotice.noticeId), eq(t.sysNoticeRead.userId, u.userId)));
  const since = sql`(SELECT ${t.sysUser.noticeReadSince} FROM ${t.sysUser} WHERE ${t.sysUser.userId} = ${u.userId})`;
  return and(meantFor(u), gt(t.sysNotice.createTime, since), notExists(opened))!;
}

/** The bell's count: how many notices are unread for the user. */
async function unreadCount(db: Db, u: CurrentUser): Promise<NoticeUnread> {
  const [{ unread }] = await db
    .select({ unread: sql<number>`count(*)::int` })
    .from(t.sysNotice)
    .where(unreadBy(db, u));
  return { unread: Number(unread) };
}

export default async function noticeRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  const filter = (u: CurrentUser, q: z.output<typeof listQuery>) =>
    and(
      visibleTo(u),
      q.status ? eq(t.sysNotice.status, q.status) : undefined,
      q.noticeType ? eq(t.sysNotice.noticeType, q.noticeType) : undefined,
      q.audience ? eq(t.sysNotice.audience, q.audience) : undefined,
      q.noticeTitle ? ilike(t.sysNotice.noticeTitle, containing(q.noticeTitle)) : undefined,
    );

  app.get('/system/notice/list', { onRequest: needUser(db), schema: { querystring: listQuery } }, async (req) => {
    const q = req.query;
    const where = filter(caller(req), q);
    const [{ count }] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(t.sysNotice)
      .where(where);
    // Each row says whether the caller has read it: the bell and the workbench mark the unread ones.
    const list = await db
      .select({ ...getTableColumns(t.sysNotice), unread: sql<boolean>`(${unreadBy(db, caller(req))})` })
      .from(t.sysNotice)
      .where(where)
      .orderBy(desc(t.sysNotice.createTime), desc(t.sysNotice.noticeId))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize);
    return { code: 200, msg: '查询成功', total: Number(count), rows: list.map(toNotice) };
  });

  app.get('/system/notice/unread', { onRequest: needUser(db) }, async (req) => ({ code: 200, msg: OK, data: await unreadCount(db, caller(req)) }));

  /**
   * 全部已读: every notice published until now counts as read for the caller (its `notice_read_since`
   * moves to now; later notices are unread again). Answers the new count.
   */
  app.put('/system/notice/readAll', { onRequest: needUser(db) }, async (req) => {
    const u = caller(req);
    await db
      .update(t.sysUser)
      .set({ noticeReadSince: sql`greatest(${t.sysUser.noticeReadSince}, now())` })
      .where(eq(t.sysUser.userId, u.userId));
    return { code: 200, msg: OK, data: await unreadCount(db, u) };
  });

  /** Opening a notice marks it read for the caller (idempotent: the first opening's time is kept); answers the new count. */
  app.put('/system/notice/:noticeId/read', { onRequest: needUser(db), schema: { params: z.object({ noticeId: intId }) } }, async (req) => {
    const u = caller(req);
    const [row] = await db
      .select({ noticeId: t.sysNotice.noticeId })
      .from(t.sysNotice)
      .where(and(eq(t.sysNotice.noticeId, req.params.noticeId), visibleTo(u)));
    if (!row) throw notFound('公告不存在');
    await db.insert(t.sysNoticeRead).values({ noticeId: row.noticeId, userId: u.userId }).onConflictDoNothing();
    return { code: 200, msg: OK, data: await unreadCount(db, u) };
  });

  app.get('/system/notice/:noticeId', { onRequest: needUser(db), schema: { params: z.object({ noticeId: intId }) } }, async (req) => {
    const u = caller(req);
    const [row] = await db
      .select()
      .from(t.sysNotice)
      .where(and(eq(t.sysNotice.noticeId, req.params.noticeId), visibleTo(u)));
    if (!row) throw notFound('公告不存在');
    return { code: 200, msg: OK, data: toNotice(row) };
  });

  app.post('/system/notice', { onRequest: needPermi(db, 'system:notice:add'), schema: { body: noticeBody } }, async (req) => {
    const u = caller(req);
    const noticeId = await db.transaction(async (tx) => {
      await claimKey(tx, req);
      const [row] = await tx
        .insert(t.sysNotice)
        .values({ ...req.body, createBy: u.userName })
        .returning();
      await recordAudit(tx, req, u, { resource: 'notice', action: 'add', targetId: row.noticeId, summary: row.noticeTitle, after: toNotice(row) });
      return row.noticeId;
    });
    return { code: 200, msg: OK, data: { noticeId } };
  });

  const editSchema = { params: z.object({ noticeId: intId }), body: noticeBody };
  app.put('/system/notice/:noticeId', { onRequest: needPermi(db, 'system:notice:edit'), schema: editSchema }, async (req) => {
    const u = caller(req);
    await db.transaction(async (tx) => {
      await claimKey(tx, req);
      const [before] = await tx.select().from(t.sysNotice).where(eq(t.sysNotice.noticeId, req.params.noticeId)).for('update');
      if (!before) throw notFound('公告不存在');
      const [after] = await tx.update(t.sysNotice).set(req.body).where(eq(t.sysNotice.noticeId, before.noticeId)).returning();
      await recordAudit(tx, req, u, {
        resource: 'notice',
        action: before.status === after.status ? 'edit' : after.status === '0' ? 'enable' : 'disable',
        targetId: after.noticeId,
        summary: after.noticeTitle,
        before: toNotice(before),
        after: toNotice(after),
      });
    });
    return { code: 200, msg: OK };
  });

  /** RuoYi's export: the notices the list's filters select (form fields), at most 10000, as a spreadsheet. */
  app.post('/system/notice/export', { onRequest: needPermi(db, 'system:notice:export'), schema: { body: listQuery } }, async (req, reply) => {
    const types = new Map(
      (await db.select().from(t.sysDictData).where(eq(t.sysDictData.dictType, 'sys_notice_type'))).map((d) => [d.dictValue, d.dictLabel]),
    );
    const list = await db
      .select()
      .from(t.sysNotice)
      .where(filter(caller(req), req.body))
      .orderBy(desc(t.sysNotice.createTime), desc(t.sysNotice.noticeId))
      .limit(10_000);
    return sendCsv(
      reply,
      '通知公告',
      ['公告编号', '公告标题', '公告类型', '公告对象', '状态', '创建者', '创建时间'],
      list.map((n) => [
        n.noticeId,
        n.noticeTitle,
        types.get(n.noticeType) ?? n.noticeType,
        NOTICE_AUDIENCE_LABELS[n.audience as Notice['audience']] ?? n.audience,
        n.status === '0' ? '正常' : '关闭',
        n.createBy,
        formatDateTime(n.createTime),
      ]),
    );
  });

  /** RuoYi's DELETE /system/notice/{ids}: one id or several, comma separated. */
  app.delete('/system/notice/:noticeIds', idsRoute(db, 'system:notice:delete', 'noticeIds'), async (req) => {
    const u = caller(req);
    await db.transaction(async (tx) => {
      await claimKey(tx, req);
      const gone = await tx.delete(t.sysNotice).where(inArray(t.sysNotice.noticeId, req.params.noticeIds)).returning();
      await recordDeletes(tx, req, u, 'notice', gone, { id: (n) => n.noticeId, name: (n) => n.noticeTitle, view: toNotice });
    });
    return { code: 200, msg: OK };
  });
}
