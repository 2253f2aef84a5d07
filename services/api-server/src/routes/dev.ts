/**
 * Test-harness helpers: read the SMS outbox and captcha answers, switch captchas, reset limits. They hand out
 * every secret of the site, so they are registered ONLY when SITE_DEV_ENDPOINTS=1 (test harnesses set it; nothing
 * else does): otherwise no /dev route exists and every /dev path is a plain 404.
 */
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import * as t from '../db/schema.js';
import { peekCaptcha } from '../lib/captcha.js';
import { notFound } from '../lib/errors.js';
import { visitFields } from '../lib/visits.js';
import { phone } from '../lib/validate.js';

const phoneQuery = z.object({ phone, purpose: z.enum(['code', 'reply'], { error: 'purpose 只能为 code 或 reply' }).default('code') });
const captchaParams = z.object({ uuid: z.string().regex(/^[0-9a-f]{32}$/, '验证码标识格式不正确') });
const visitorQuery = z.object({ uv: z.string().regex(/^\d{1,20}$/, '访客ID格式不正确') });
const captchaSwitchQuery = z.object({ enabled: z.enum(['true', 'false'], { error: 'enabled 只能为 true 或 false' }) });

export default async function devRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  if (!ctx.config.devEndpoints) return;
  const { db } = ctx;

  app.get('/dev/sms-outbox', { schema: { querystring: phoneQuery } }, async (req) => {
    const q = req.query;
    // A code by default (an answer to a message sent to the same phone in between must not hide it), else the answer.
    const kind = q.purpose === 'reply' ? eq(t.smsOutbox.purpose, 'reply') : ne(t.smsOutbox.purpose, 'reply');
    const [row] = await db
      .select()
      .from(t.smsOutbox)
      .where(and(eq(t.smsOutbox.phone, q.phone), kind))
      .orderBy(desc(t.smsOutbox.id))
      .limit(1);
    if (!row) throw notFound('没有发往该手机号的短信');
    return {
      code: 200,
      msg: '操作成功',
      data: { phone: row.phone, code: row.code, content: row.content, purpose: row.purpose, createdAt: new Date(row.createdAt).toISOString() },
    };
  });

  app.get('/dev/captcha/:uuid', { schema: { params: captchaParams } }, async (req) => {
    const { uuid } = req.params;
    const answer = await peekCaptcha(db, uuid);
    if (!answer) throw notFound('验证码不存在或已失效');
    return { code: 200, msg: '操作成功', data: { answer } };
  });

  // The visit records stored for one visitor id (e2e: the entry and exit records reached the database).
  app.get('/dev/visits', { schema: { querystring: visitorQuery } }, async (req) => {
    const q = req.query;
    const list = await db.select().from(t.visit).where(eq(t.visit.uv, q.uv)).orderBy(asc(t.visit.id));
    return {
      code: 200,
      msg: '操作成功',
      data: list.map(visitFields),
    };
  });

  /** Clears every rate-limit counter (the visit limit's included), account lock and open visit session (end-to-end runs). */
  app.post('/dev/rate-limits/reset', async () => {
    await db.delete(t.rateLimit);
    await db.delete(t.loginLock);
    await db.delete(t.visitOpen);
    return { code: 200, msg: '操作成功' };
  });

  app.post('/dev/captcha-enabled', { schema: { querystring: captchaSwitchQuery } }, async (req) => {
    const q = req.query;
    await db.update(t.sysConfig).set({ configValue: q.enabled }).where(eq(t.sysConfig.configKey, 'sys.account.captchaEnabled'));
    return { code: 200, msg: '操作成功', data: { captchaEnabled: q.enabled === 'true' } };
  });
}
