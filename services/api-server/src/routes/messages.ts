/**
 * 留言板 for signed-in people: staff holding content:message:list read every message; an author who was signed in
 * when writing reads their own messages and the staff's replies (`/mine`, the customer's workbench).
 * Visitors write through POST /api/message-board (routes/content.ts). Staff search, mark 未处理/已处理 with a reply
 * note, delete and export; every write is audited.
 */
import { and, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGE_STATUS_LABELS, type MessageBoardEntry } from '@site/contract';
import type { AppContext } from '../context.js';
import * as t from '../db/schema.js';
import { caller, needPermi, needUser } from '../lib/auth.js';
import { formatDateTime } from '../lib/text.js';
import { idList, intId, pageParams } from '../lib/validate.js';
import { containing, dayParam, withinDays } from '../lib/filters.js';
import { recordAudit } from '../lib/audit.js';
import { sendCsv } from '../lib/csv.js';
import { notFound } from '../lib/errors.js';
import { pageOf } from '../lib/paging.js';

export function toMessage(m: typeof t.messageBoard.$inferSelect): MessageBoardEntry {
  return {
    id: m.id,
    title: m.title,
    text: m.text,
    nickname: m.nickname,
    contact: m.contact,
    phone: m.phone,
    email: m.email,
    ip: m.ip,
    createTime: formatDateTime(m.createdAt),
    status: m.status,
    reply: m.reply,
    repliedAt: m.repliedAt ? formatDateTime(m.repliedAt) : null,
    repliedBy: m.repliedBy,
  };
}

const searchQuery = pageParams.extend({
  title: z.string().trim().max(100, '标题过长').optional(),
  nickname: z.string().trim().max(50, '昵称过长').optional(),
  contact: z.string().trim().max(100, '联系方式过长').optional(),
  status: z.enum(['0', '1'], { error: '状态只能为未处理或已处理' }).optional(),
  beginTime: dayParam('开始日期'),
  endTime: dayParam('结束日期'),
});
const handleBody = z.object({
  status: z.enum(['0', '1'], { error: '状态只能为未处理或已处理' }),
  reply: z.string({ error: '回复格式不正确' }).trim().max(2000, '回复不能超过2000个字符').nullable().optional(),
});

export default async function messageRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  const filter = (q: z.output<typeof searchQuery>) => {
    return and(
      q.title ? ilike(t.messageBoard.title, containing(q.title)) : undefined,
      q.nickname ? ilike(t.messageBoard.nickname, containing(q.nickname)) : undefined,
      q.contact
        ? or(
            ilike(t.messageBoard.phone, containing(q.contact)),
            ilike(t.messageBoard.email, containing(q.contact)),
            ilike(t.messageBoard.contact, containing(q.contact)),
          )
        : undefined,
      q.status ? eq(t.messageBoard.status, q.status) : undefined,
      ...withinDays(t.messageBoard.createdAt, q.beginTime, q.endTime),
    );
  };

  app.get('/system/message-board/list', { onRequest: needPermi(db, 'content:message:list'), schema: { querystring: searchQuery } }, async (req) => {
    const q = req.query;
    const where = filter(q);
    const { total, rows: list } = await pageOf(db, t.messageBoard, where, [desc(t.messageBoard.id)], q);
    return { code: 200, msg: '查询成功', total, rows: list.map(toMessage) };
  });

  /** The caller's own messages (written while signed in), newest first, with the staff's replies. */
  app.get('/system/message-board/mine', { onRequest: needUser(db), schema: { querystring: pageParams } }, async (req) => {
    const u = caller(req);
    const q = req.query;
    const mine = eq(t.messageBoard.userId, u.userId);
    const { total, rows: list } = await pageOf(db, t.messageBoard, mine, [desc(t.messageBoard.id)], q);
    // The IP and contact details are the author's own; nothing of other people is in these rows.
    return { code: 200, msg: '查询成功', total, rows: list.map(toMessage) };
  });

  /** Mark 未处理/已处理 with an optional reply note (shown to a signed-in author in their workbench). */
  app.put(
    '/system/message-board/:id',
    { onRequest: needPermi(db, 'content:message:edit'), schema: { params: z.object({ id: intId }), body: handleBody } },
    async (req) => {
      const u = caller(req);
      const data = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(t.messageBoard).where(eq(t.messageBoard.id, req.params.id)).for('update');
        if (!before) throw notFound('留言不存在');
        const reply = req.body.reply === undefined ? before.reply : req.body.reply || null;
        const replied = reply !== before.reply;
        const [after] = await tx
          .update(t.messageBoard)
          .set({ status: req.body.status, reply, ...(replied ? { repliedAt: reply ? new Date() : null, repliedBy: reply ? u.userName : null } : {}) })
          .where(eq(t.messageBoard.id, before.id))
          .returning();
        await recordAudit(tx, req, u, {
          resource: 'message',
          action: replied ? 'reply' : 'status',
          targetId: after.id,
          summary: after.title,
          before: toMessage(before),
          after: toMessage(after),
        });
        return toMessage(after);
      });
      return { code: 200, msg: '操作成功', data };
    },
  );

  app.delete(
    '/system/message-board/:ids',
    { onRequest: needPermi(db, 'content:message:delete'), schema: { params: z.object({ ids: idList }) } },
    async (req) => {
      const u = caller(req);
      await db.transaction(async (tx) => {
        const gone = await tx.delete(t.messageBoard).where(inArray(t.messageBoard.id, req.params.ids)).returning();
        if (!gone.length) return;
        await recordAudit(tx, req, u, {
          resource: 'message',
          action: 'delete',
          targetId: gone.map((m) => m.id).join(','),
          summary: gone.map((m) => m.title).join('、'),
          before: gone.map(toMessage),
        });
      });
      return { code: 200, msg: '操作成功' };
    },
  );

  /** The messages the list's filters select (form fields), at most 10000, as a spreadsheet. */
  const exportQuery = searchQuery.omit({ pageNum: true, pageSize: true });
  app.post(
    '/system/message-board/export',
    { onRequest: needPermi(db, 'content:message:export'), schema: { body: exportQuery } },
    async (req, reply) => {
      const list = await db
        .select()
        .from(t.messageBoard)
        .where(filter({ ...req.body, pageNum: 1, pageSize: 10 }))
        .orderBy(desc(t.messageBoard.id))
        .limit(10_000);
      return sendCsv(
        reply,
        '留言板',
        ['编号', '标题', '内容', '昵称', '联系方式', '手机号', '邮箱', '留言时间', '状态', '回复', '回复人', '回复时间'],
        list.map((m) => {
          const e = toMessage(m);
          return [
            e.id,
            e.title,
            e.text,
            e.nickname,
            e.contact,
            e.phone,
            e.email,
            e.createTime,
            MESSAGE_STATUS_LABELS[e.status as '0' | '1'],
            e.reply,
            e.repliedBy,
            e.repliedAt,
          ];
        }),
      );
    },
  );
}
