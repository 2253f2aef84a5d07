/** Customer account calls (query-string payloads, no token) and customer lookups. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import * as t from '../db/schema.js';
import { bearer, hashPassword, hasPermi, isAdmin, issueToken, loadUserByToken, requireUser, revokeAllTokens } from '../lib/auth.js';
import { verifyCaptcha } from '../lib/captcha.js';
import { BizError, forbidden, notFound } from '../lib/errors.js';
import { recordLogin } from '../lib/loginlog.js';
import { countHit, hit, overLimit } from '../lib/ratelimit.js';
import { configValue, smsCaptchaRequired } from '../lib/config.js';
import { powSettings, verifyPow } from '../lib/pow.js';
import { consumeSmsCode, issueSmsCode, SMS_FAIL_MSG, SMS_PURPOSES } from '../lib/sms.js';
import { formatDateTime } from '../lib/text.js';
import { intId, phone, queryAndBody, smsCode } from '../lib/validate.js';
import { claimKey } from '../lib/idempotency.js';

/** The fields come in the query string (a field in both wins from there); a form or JSON body is accepted too. */
const input = queryAndBody('query');

const sendCodeInput = z.object({
  phone,
  purpose: z.enum(SMS_PURPOSES, { error: '验证码用途只能为 login、register、reset 或 phone' }).default('login'),
  // The image captcha (GET /captchaImage) a code that may go to a number without an account needs.
  captcha: z.string().trim().max(10, '图形验证码错误').optional(),
  uuid: z.string().trim().max(64, '图形验证码已失效，请刷新').optional(),
  // A solved proof of work of GET /api/pow?for=sms (lib/pow.ts): what each code costs a script.
  pow: z.string().max(4000, '安全验证未通过或已过期，请重试').optional(),
});
const createInput = z.object({
  phone,
  name: z.string({ error: '姓名不能为空' }).trim().min(1, '姓名不能为空').max(30, '姓名不能超过30个字符'),
  code: smsCode,
  tgCode: z
    .string()
    .trim()
    .max(32, '推广码不能超过32个字符')
    .regex(/^[A-Za-z0-9_-]*$/, '推广码格式不正确')
    .optional(),
});
const resetInput = z.object({
  phone,
  password: z.string({ error: '密码不能为空' }).min(6, '密码长度必须在6到20个字符之间').max(20, '密码长度必须在6到20个字符之间'),
  code: smsCode,
});
const idInput = z.object({ id: intId });

/** A refused code request says how long to wait (the send-code button counts the same seconds down). */
export const smsWaitMessage = (seconds: number) => `验证码发送过于频繁，请在 ${seconds} 秒后重试`;
/** The site-wide hourly cap reached. */
export const smsCapMessage = (seconds: number) => `短信验证码发送量已达本小时上限，请在 ${Math.max(1, Math.ceil(seconds / 60))} 分钟后重试`;
/** Into how many shares the site's hourly SMS cap is cut: one network's share is the cap divided by this. */
export const SMS_SITE_SHARES = 10;

/** The network an address belongs to: IPv4 /24, IPv6 /48 (what one sender usually holds). */
export function networkOf(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d+)\.(\d+)\.(\d+)\.\d+$/.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  const groups = ip.toLowerCase().split('::')[0].split(':').filter(Boolean);
  return `${groups.slice(0, 3).join(':')}::/48`;
}

/** A code that needs the image captcha asked for without one. */
export const SMS_CAPTCHA_MISSING_MSG = '请先输入图形验证码';

/**
 * A customer as each caller's convention answers it: RuoYi's bus (`code` 200, `phone`, the time as text) or the CRM's
 * (`code` 0, `mobile`, the company's details, the time in milliseconds). Both name the customer the same way.
 */
function customerAnswer(c: typeof t.customer.$inferSelect, convention: 'bus' | 'crm') {
  const named = { id: c.id, name: c.name, contactName: c.contactName };
  return convention === 'bus'
    ? { code: 200, msg: '操作成功', data: { ...named, phone: c.phone, tgCode: c.tgCode, createTime: formatDateTime(c.createdAt) } }
    : {
        code: 0,
        msg: '',
        data: { ...named, mobile: c.phone, industry: c.industry, level: c.level, address: c.address, createTime: new Date(c.createdAt).getTime() },
      };
}

export default async function busRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const limits = ctx.config.rateLimits;
  const smsCaptcha = smsCaptchaRequired();
  const pow = powSettings();

  /**
   * The answer is the same whether the number is registered or not: a code for sign-in or reset is simply not
   * sent to a number without an account (it could not be used), a code to register or to change a phone is.
   * Those two may reach a number nobody has proved, so they need the image captcha first (`captcha` + `uuid`; a
   * signed-in person changing their phone is exempt), whether or not the number has an account, so the demand
   * itself tells nothing. Every code sent counts against the site's hourly cap.
   */
  app.post('/bus/customer/sendCode', { preValidation: input, schema: { body: sendCodeInput } }, async (req) => {
    const q = req.body;
    await hit(db, `sms-ip:${req.ip}`, limits.smsPerIp.limit, limits.smsPerIp.windowMs, smsWaitMessage);
    // The proof of work first of all: a script pays for every code before anything else is looked at.
    if (pow.enabled) await verifyPow(db, q.pow);
    const needsAccount = q.purpose === 'login' || q.purpose === 'reset';
    // The captcha before the number's own limit: a request without it does not use up the owner's minute.
    if (!needsAccount && smsCaptcha && (await configValue(ctx, 'sys.account.captchaEnabled')) !== 'false') {
      const token = q.purpose === 'phone' ? bearer(req) : null;
      const signedIn = token ? !!(await loadUserByToken(db, token)) : false;
      if (!signedIn) {
        if (!q.captcha || !q.uuid) throw new BizError(SMS_CAPTCHA_MISSING_MSG);
        await verifyCaptcha(db, q.uuid, q.captcha);
      }
    }
    await hit(db, `sms-phone:${q.phone}`, limits.smsPerPhone.limit, limits.smsPerPhone.windowMs, smsWaitMessage);
    const [account] = needsAccount
      ? await db.select({ id: t.sysUser.userId }).from(t.sysUser).where(eq(t.sysUser.phonenumber, q.phone)).limit(1)
      : [];
    if (needsAccount && !account) return { code: 200, msg: '验证码已发送' };
    const cap = limits.smsSite;
    // The site's hourly codes are shared out: one network (an IPv4 /24, an IPv6 /48) sends at most its share, so a
    // few addresses cannot spend the cap and stop SMS sign-in and registration for everyone.
    await hit(db, `sms-net:${networkOf(req.ip)}`, Math.max(1, Math.ceil(cap.limit / SMS_SITE_SHARES)), cap.windowMs, smsWaitMessage);
    const sent = await countHit(db, 'sms-site', cap.windowMs);
    if (sent.count > cap.limit) {
      // One alert line when the cap is first reached in the window (a flood would otherwise fill the log).
      if (sent.count === cap.limit + 1)
        req.log.error(
          { alert: 'sms-hourly-cap', cap: cap.limit, retryAfter: sent.retryAfter },
          `[alert] SMS hourly cap reached: ${cap.limit} codes sent this hour; further sendCode refused for ${sent.retryAfter} s (SMS_HOURLY_CAP)`,
        );
      throw overLimit(sent.retryAfter, smsCapMessage);
    }
    await issueSmsCode(db, ctx.sms, q.phone, q.purpose);
    return { code: 200, msg: '验证码已发送' };
  });

  app.post('/bus/customer/create', { preValidation: input, schema: { body: createInput } }, async (req) => {
    const q = req.body;
    if ((await configValue(ctx, 'sys.account.registerUser')) !== 'true') throw new BizError('当前系统没有开启注册功能！');
    await hit(db, `account:${req.ip}`, limits.account.limit, limits.account.windowMs);
    // The code first: only the owner of the number learns that it is already registered.
    await consumeSmsCode(db, q.phone, q.code, 'register');
    const [existing] = await db.select({ id: t.sysUser.userId }).from(t.sysUser).where(eq(t.sysUser.phonenumber, q.phone));
    if (existing) throw new BizError('该手机号已注册');
    let userId: number;
    try {
      userId = await db.transaction(async (tx) => {
        await claimKey(tx, req);
        const [c] = await tx
          .insert(t.customer)
          // The form asks for the person's 姓名: that is the contact; the company is not known yet.
          .values({ name: '', contactName: q.name, phone: q.phone, tgCode: q.tgCode || null })
          .returning({ id: t.customer.id });
        const [u] = await tx
          .insert(t.sysUser)
          .values({
            userName: q.phone,
            nickName: q.name,
            phonenumber: q.phone,
            customerId: c.id,
            avatar: '/files/images/avatar-default.svg',
          })
          .returning({ id: t.sysUser.userId });
        return u.id;
      });
    } catch (err) {
      if ((err as { code?: string }).code === '23505' || /unique|duplicate/i.test(String((err as Error).message)))
        throw new BizError('该手机号已注册');
      throw err;
    }
    // The code just used proved the phone, as an SMS sign-in does: the new customer is signed in at once, and that
    // sign-in is in 登录日志 like any other (the way in: 注册).
    const token = await issueToken(db, userId);
    await recordLogin(db, req, { userName: q.phone, ok: true, msg: '注册成功', method: 'register' });
    return { code: 200, msg: '注册成功', token };
  });

  app.post('/bus/customer/resetUserPassword', { preValidation: input, schema: { body: resetInput } }, async (req) => {
    const q = req.body;
    await hit(db, `account:${req.ip}`, limits.account.limit, limits.account.windowMs);
    // No reset code is ever sent to a number without an account, and both cases answer the same message.
    await consumeSmsCode(db, q.phone, q.code, 'reset');
    const [u] = await db.select({ id: t.sysUser.userId }).from(t.sysUser).where(eq(t.sysUser.phonenumber, q.phone));
    if (!u) throw new BizError(SMS_FAIL_MSG);
    const hash = await hashPassword(q.password, ctx.config.passwordHashRounds);
    await db.transaction(async (tx) => {
      await claimKey(tx, req);
      await tx.update(t.sysUser).set({ password: hash, passwordInitial: false }).where(eq(t.sysUser.userId, u.id));
      await revokeAllTokens(tx, u.id);
    });
    return { code: 200, msg: '密码重置成功' };
  });

  /** A signed-in user may read their own customer; staff with bus:customer:query (or admin) any. */
  const loadCustomer = async (req: FastifyRequest, id: number) => {
    const u = await requireUser(db, req);
    if (!isAdmin(u) && !hasPermi(u, 'bus:customer:query') && u.customerId !== id) throw forbidden();
    const [c] = await db.select().from(t.customer).where(eq(t.customer.id, id));
    if (!c) throw notFound('客户不存在');
    return c;
  };

  app.get('/bus/customer/:id', { schema: { params: idInput } }, async (req) => customerAnswer(await loadCustomer(req, req.params.id), 'bus'));
  app.get('/admin-api/crm/customer/get', { schema: { querystring: idInput } }, async (req) =>
    customerAnswer(await loadCustomer(req, req.query.id), 'crm'),
  );
}
