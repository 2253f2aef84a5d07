/**
 * 留言板 for signed-in people: staff holding content:message:list read every message; an author who was signed in
 * when writing reads their own messages and the staff's replies (`/mine`, the customer's workbench) and writes new
 * ones there (`POST /mine`: filed under the account the token names, with the account's name and phone).
 * Visitors write through POST /api/message-board (routes/content.ts). Staff search, mark 未处理/已处理 with a reply
 * note, delete and export; every write is audited. A new reply goes out by SMS to the message's phone through the
 * same gateway as the codes, after the reply is committed; the entry says what became of it (replySms).
 */
import { and, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MESSAGE_REPLY_SMS,
  MESSAGE_STATUS_LABELS,
  MESSAGE_TEXT_MAX,
  MESSAGE_TITLE_MAX,
  type MessageBoardEntry,
  type MessageCustomer,
  COMPANY_NAME,
  type MessageReplySms,
} from '@site/contract';
import type { AppContext } from '../context.js';
import type { Db } from '../db/index.js';
import * as t from '../db/schema.js';
import { holdsNoRole } from '../lib/people.js';
import { caller, needPermi, needUser } from '../lib/auth.js';
import { formatDateTime } from '../lib/text.js';
import { idsRoute, intId, pageParams } from '../lib/validate.js';
import { containing, dayParam, withinDays } from '../lib/filters.js';
import { recordAudit, recordDeletes } from '../lib/audit.js';
import { sendCsv } from '../lib/csv.js';
import { notFound } from '../lib/errors.js';
import { pageOf } from '../lib/paging.js';
import { hit } from '../lib/ratelimit.js';
import { fitSms } from '../lib/sms.js';
import { configValue } from '../lib/config.js';
import { claimKey } from '../lib/idempotency.js';

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
    replySms: (m.replySms as MessageReplySms | null) ?? null,
  };
}

/**
 * The SMS that carries a reply to a signed-in author (their account's number, proved when they registered): the
 * message's title, then as much of the answer as the gateway takes.
 */
export function replySmsText(title: string, reply: string): string {
  return fitSms(`【华电智控】您的留言“${title}”已有回复：`, reply, '');
}

/**
 * The SMS to an anonymous visitor's number: nobody proved they own it, so it carries nothing a visitor
 * wrote or could make staff write (no title, no answer, no link): a fixed notice with the company's name, the day the
 * message was left and where to hear the answer (the site's hotline, config site.hotline).
 */
export function anonymousReplySmsText(companyName: string, leftAt: Date, hotline: string): string {
  const day = formatDateTime(leftAt).slice(0, 10);
  const where = hotline ? `请致电客服热线 ${hotline} 查询答复内容` : '请联系我们查询答复内容';
  return `【华电智控】您好，您于 ${day} 在${companyName || COMPANY_NAME}网站提交的留言已有答复，${where}。`;
}

/**
 * The authors among `userIds` that are customer accounts (holding no role), with the company each belongs to ('' when
 * none): 留言板 marks their messages 客户 · <单位>.
 */
export async function customerAuthors(db: Db, userIds: (number | null)[]): Promise<Map<number, MessageCustomer>> {
  const ids = [...new Set(userIds.filter((id): id is number => !!id))];
  const out = new Map<number, MessageCustomer>();
  if (!ids.length) return out;
  const list = await db
    .select({ userId: t.sysUser.userId, nickName: t.sysUser.nickName, companyName: t.customer.name })
    .from(t.sysUser)
    .leftJoin(t.customer, eq(t.customer.id, t.sysUser.customerId))
    .where(and(inArray(t.sysUser.userId, ids), holdsNoRole));
  for (const r of list) out.set(r.userId, { userId: r.userId, nickName: r.nickName, companyName: r.companyName ?? '' });
  return out;
}

const searchQuery = pageParams.extend({
  title: z.string().trim().max(100, '标题过长').optional(),
  nickname: z.string().trim().max(50, '昵称过长').optional(),
  contact: z.string().trim().max(100, '联系方式过长').optional(),
  status: z.enum(['0', '1'], { error: '状态只能为未处理或已处理' }).optional(),
  beginTime: dayParam('开始日期'),
  endTime: dayParam('结束日期'),
});
const myMessageBody = z.object({
  title: z.string({ error: '标题不能为空' }).trim().min(1, '标题不能为空').max(MESSAGE_TITLE_MAX, `标题不能超过${MESSAGE_TITLE_MAX}个字符`),
  text: z.string({ error: '留言内容不能为空' }).trim().min(1, '留言内容不能为空').max(MESSAGE_TEXT_MAX, `留言内容不能超过${MESSAGE_TEXT_MAX}个字符`),
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
    const customers = await customerAuthors(
      db,
      list.map((m) => m.userId),
    );
    return {
      code: 200,
      msg: '查询成功',
      total,
      rows: list.map((m) => ({ ...toMessage(m), customer: (m.userId && customers.get(m.userId)) || null })),
    };
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

  /**
   * A signed-in user's message, filed under their account: the author, name and phone come from the account (the
   * token), not the body, so the staff's answer reaches their workbench and, by SMS, their phone. No captcha (the
   * session is the proof of a person), the message board's rate limit per account.
   */
  app.post('/system/message-board/mine', { onRequest: needUser(db), schema: { body: myMessageBody } }, async (req) => {
    const u = caller(req);
    const lim = ctx.config.rateLimits.messageBoard;
    await hit(db, `msg-user:${u.userId}`, lim.limit, lim.windowMs);
    const [me] = await db
      .select({ nickName: t.sysUser.nickName, phone: t.sysUser.phonenumber, email: t.sysUser.email })
      .from(t.sysUser)
      .where(eq(t.sysUser.userId, u.userId));
    const [row] = await db.transaction(async (tx) => {
      await claimKey(tx, req);
      return tx
        .insert(t.messageBoard)
        .values({
          userId: u.userId,
          title: req.body.title,
          text: req.body.text,
          nickname: (me?.nickName || u.userName).slice(0, 50),
          phone: me?.phone || null,
          email: me?.email || null,
          ip: req.ip.slice(0, 64),
        })
        .returning();
    });
    return { code: 200, msg: '留言成功', data: toMessage(row) };
  });

  /** Sends a committed reply to the message's phone; what became of it is stored on the message. */
  const smsReply = async (m: typeof t.messageBoard.$inferSelect) => {
    let outcome: MessageReplySms = MESSAGE_REPLY_SMS.sent;
    try {
      const content =
        m.userId === null
          ? anonymousReplySmsText(await configValue(ctx, 'site.companyName'), m.createdAt, await configValue(ctx, 'site.hotline'))
          : replySmsText(m.title, m.reply!);
      await ctx.sms.send({ phone: m.phone!, code: '', content, purpose: 'reply' });
    } catch (err) {
      // The answer stays saved and readable in the workbench; the staff member is told the SMS did not go out.
      fastify.log.error({ err, messageId: m.id }, 'reply SMS failed');
      outcome = MESSAGE_REPLY_SMS.failed;
    }
    const [after] = await db.update(t.messageBoard).set({ replySms: outcome }).where(eq(t.messageBoard.id, m.id)).returning();
    return after ?? { ...m, replySms: outcome };
  };

  /** Mark 未处理/已处理 with an optional reply note (shown to a signed-in author in their workbench, sent by SMS). */
  app.put(
    '/system/message-board/:id',
    { onRequest: needPermi(db, 'content:message:edit'), schema: { params: z.object({ id: intId }), body: handleBody } },
    async (req) => {
      const u = caller(req);
      const saved = await db.transaction(async (tx) => {
        await claimKey(tx, req);
        const [before] = await tx.select().from(t.messageBoard).where(eq(t.messageBoard.id, req.params.id)).for('update');
        if (!before) throw notFound('留言不存在');
        const reply = req.body.reply === undefined ? before.reply : req.body.reply || null;
        const replied = reply !== before.reply;
        // A new answer is sent by SMS once committed (below); without a phone it cannot be, which is stored at once.
        const replySms = reply ? (before.phone ? null : MESSAGE_REPLY_SMS.noPhone) : null;
        const [after] = await tx
          .update(t.messageBoard)
          .set({
            status: req.body.status,
            reply,
            ...(replied ? { repliedAt: reply ? new Date() : null, repliedBy: reply ? u.userName : null, replySms } : {}),
          })
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
        return { after, send: replied && !!reply && !!after.phone };
      });
      const data = toMessage(saved.send ? await smsReply(saved.after) : saved.after);
      return { code: 200, msg: '操作成功', data };
    },
  );

  app.delete('/system/message-board/:ids', idsRoute(db, 'content:message:delete'), async (req) => {
    const u = caller(req);
    await db.transaction(async (tx) => {
      await claimKey(tx, req);
      const gone = await tx.delete(t.messageBoard).where(inArray(t.messageBoard.id, req.params.ids)).returning();
      await recordDeletes(tx, req, u, 'message', gone, { id: (m) => m.id, name: (m) => m.title, view: toMessage });
    });
    return { code: 200, msg: '操作成功' };
  });

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
