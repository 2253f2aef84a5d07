/**
 * 留言板 for signed-in people: staff holding content:message:list read every message; an author who was signed in
 * when writing reads their own messages and the staff's replies (`/mine`, the customer's workbench).
 * Visitors write through POST /api/message-board (routes/content.ts).
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { MessageBoardEntry } from '@site/contract';
import type { AppContext } from '../context.js';
import * as t from '../db/schema.js';
import { caller, needPermi, needUser } from '../lib/auth.js';
import { formatDateTime } from '../lib/text.js';
import { pageParams } from '../lib/validate.js';

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

export default async function messageRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  app.get('/system/message-board/list', { onRequest: needPermi(db, 'content:message:list'), schema: { querystring: pageParams } }, async (req) => {
    const q = req.query;
    const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(t.messageBoard);
    const list = await db
      .select()
      .from(t.messageBoard)
      .orderBy(desc(t.messageBoard.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize);
    return { code: 200, msg: '查询成功', total: Number(count), rows: list.map(toMessage) };
  });

  /** The caller's own messages (written while signed in), newest first, with the staff's replies. */
  app.get('/system/message-board/mine', { onRequest: needUser(db), schema: { querystring: pageParams } }, async (req) => {
    const u = caller(req);
    const q = req.query;
    const mine = eq(t.messageBoard.userId, u.userId);
    const [{ count }] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(t.messageBoard)
      .where(mine);
    const list = await db
      .select()
      .from(t.messageBoard)
      .where(mine)
      .orderBy(desc(t.messageBoard.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize);
    // The IP and contact details are the author's own; nothing of other people is in these rows.
    return { code: 200, msg: '查询成功', total: Number(count), rows: list.map(toMessage) };
  });
}
