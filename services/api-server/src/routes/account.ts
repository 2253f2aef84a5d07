/** The signed-in person's own account (RuoYi): captcha, sign-in, session, menus, sign-out, profile, password, avatar. */
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import * as t from '../db/schema.js';
import {
  checkPassword,
  dummyCompare,
  groupPermissions,
  hashPassword,
  issueToken,
  isAdmin,
  isStaff,
  requireUser,
  bearer,
  revokeAllTokens,
  revokeToken,
  caller,
  needUser,
  userInfo,
} from '../lib/auth.js';
import { accountName, recordAudit } from '../lib/audit.js';
import { accountNamed, loginFailuresMessage, recordLogin, UNKNOWN_USER } from '../lib/loginlog.js';
import { clearAttempts, lockedMessage, reserveAttempt } from '../lib/loginlock.js';
import { createCaptcha, verifyCaptcha } from '../lib/captcha.js';
import { issuePow, powSettings, verifyPow } from '../lib/pow.js';
import { configValue } from '../lib/config.js';
import { BizError, HttpError } from '../lib/errors.js';
import { countHit, hit, overLimit, peekHits } from '../lib/ratelimit.js';
import { consumeSmsCode, SMS_FAIL_MSG } from '../lib/sms.js';
import { saveUploadedImage } from '../lib/upload.js';
import { phone, PHONE_RE, queryAndBody, smsCode } from '../lib/validate.js';
import type { GetInfoResponse, LoginMethod, PowResponse, RouterVo } from '@site/contract';
import { claimKey } from '../lib/idempotency.js';

const OK = '操作成功';
/** A user whose password is initial may still load the shell and change it (lib/auth.ts requireUser). */
const MAY_BE_INITIAL = { allowInitialPassword: true };
const newPassword = z.string({ error: '新密码不能为空' }).min(6, '密码长度必须在6到20个字符之间').max(20, '密码长度必须在6到20个字符之间');

const loginBody = z.object({
  username: z.string({ error: '用户名不能为空' }).trim().min(1, '用户名不能为空').max(64, '用户名或密码长度不正确'),
  password: z.string({ error: '密码不能为空' }).min(1, '密码不能为空').max(64, '用户名或密码长度不正确'),
  code: z.string().max(16, '验证码错误').optional(),
  uuid: z.string().max(64, '验证码已失效').optional(),
  pow: z.string().max(4000, '安全验证未通过或已过期，请重试').optional(),
});
const powQuery = z.object({ for: z.enum(['sms', 'login'], { error: '安全验证用途只能为 sms 或 login' }) });
/** Challenges one address may ask for in a minute: a person needs a few, a flood of them costs rows. */
const POW_PER_MINUTE = 60;
const smsLoginBody = z.object({ phone, code: smsCode });
const profileBody = z.object({
  nickName: z.string({ error: '昵称不能为空' }).trim().min(1, '昵称不能为空').max(30, '昵称不能超过30个字符'),
  phonenumber: z
    .string()
    .trim()
    .refine((v) => v === '' || PHONE_RE.test(v), '手机号格式不正确')
    .optional(),
  email: z
    .string()
    .trim()
    .max(50, '邮箱不能超过50个字符')
    .refine((v) => v === '' || z.regexes.email.test(v), '邮箱格式不正确')
    .optional(),
  code: smsCode.optional(),
});
const updatePwdBody = z.object({
  oldPassword: z.string({ error: '旧密码不能为空' }).min(1, '旧密码不能为空').max(64, '修改密码失败，旧密码错误'),
  newPassword,
});

export default async function accountRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const captchaEnabled = async () => (await configValue(ctx, 'sys.account.captchaEnabled')) !== 'false';

  // ---- captcha
  app.get('/captchaImage', async () => {
    if (!(await captchaEnabled())) return { code: 200, msg: OK, captchaEnabled: false, uuid: '', img: '' };
    const c = await createCaptcha(db);
    return { code: 200, msg: OK, captchaEnabled: true, uuid: c.uuid, img: c.img };
  });

  /**
   * Runs a sign-in and writes its outcome to 登录日志 (a refusal the person is told of, or the success; docs/decisions/0016):
   * a refusal first counts against the address's limit of refused sign-ins (`loginFailures`), so an address past it
   * is answered 429 and adds no row, whatever names it tries; an address already past it is refused before the
   * attempt. A name that matches no account is logged as 未知用户, never as typed (a password typed into the name
   * field must not sit in the log).
   */
  async function logged<T>(
    req: FastifyRequest,
    given: { userName: string } | { phone: string },
    method: LoginMethod,
    signIn: () => Promise<T>,
  ): Promise<T> {
    const fails = ctx.config.rateLimits.loginFailures;
    const key = loginFailKey(req.ip);
    const past = await peekHits(db, key, fails.windowMs);
    if (past.count >= fails.limit) throw overLimit(past.retryAfter, loginFailuresMessage);
    const name = 'userName' in given ? given.userName : given.phone;
    try {
      const out = await signIn();
      await recordLogin(db, req, { userName: name, ok: true, msg: '登录成功', method });
      return out;
    } catch (err) {
      // Business refusals (wrong password, captcha, lock, disabled); not the rate limit's 429s, which a flood makes.
      if (err instanceof BizError) {
        const counted = await countHit(db, key, fails.windowMs);
        if (counted.count > fails.limit) throw overLimit(counted.retryAfter, loginFailuresMessage);
        await recordLogin(db, req, { userName: (await accountNamed(db, given)) ? name : UNKNOWN_USER, ok: false, msg: err.message, method });
      }
      throw err;
    }
  }

  const pow = powSettings();
  const loginFailKey = (ip: string) => `login-fail:${ip}`;
  /** An address with a refused sign-in in the window signs in again only with a proof of work. */
  const loginNeedsPow = async (ip: string) =>
    pow.enabled && (await peekHits(db, loginFailKey(ip), ctx.config.rateLimits.loginFailures.windowMs)).count > 0;

  // ---- proof of work (lib/pow.ts): every SMS code needs one, a sign-in after a refused one from the address too
  app.get('/api/pow', { preValidation: queryAndBody('query'), schema: { querystring: powQuery } }, async (req): Promise<PowResponse> => {
    await hit(db, `pow:${req.ip}`, POW_PER_MINUTE, 60_000);
    const wanted = pow.enabled && (req.query.for === 'sms' || (await loginNeedsPow(req.ip)));
    return { code: 200, msg: OK, challenge: wanted ? await issuePow(db, pow) : null };
  });

  // ---- login
  app.post('/login', { schema: { body: loginBody } }, async (req) => {
    const b = req.body;
    const lim = ctx.config.rateLimits.login;
    await hit(db, `login:${req.ip}:${b.username.toLowerCase()}`, lim.limit, lim.windowMs);
    // Before the attempt: a missing or wrong proof is no refused sign-in (nothing counted, nothing logged).
    if (await loginNeedsPow(req.ip)) await verifyPow(db, b.pow);
    return logged(req, { userName: b.username }, 'password', async () => {
      // A wrong captcha throws here, so every attempt that goes on has passed it (when captchas are on).
      if (await captchaEnabled()) await verifyCaptcha(db, b.uuid, b.code);
      // Per account and address (and the account's count from everywhere): counted before the compare (lib/loginlock.ts).
      const attempt = await reserveAttempt(db, b.username, req.ip);
      const [u] = await db.select().from(t.sysUser).where(eq(t.sysUser.userName, b.username));
      const right = u?.password
        ? await checkPassword(b.password, u.password)
        : (await dummyCompare(b.password, ctx.config.passwordHashRounds), false);
      if (!u || !right) {
        throw new BizError(attempt.lockedUntil ? lockedMessage(attempt.lockedUntil) : '用户不存在/密码错误');
      }
      await clearAttempts(db, b.username, req.ip);
      if (u.status !== '0') throw new BizError('对不起，您的账号已停用');
      return { code: 200, msg: OK, token: await issueToken(db, u.userId) };
    });
  });

  // The phone and code come in the body or the query string (the body wins).
  app.post('/loginNoPassword', { preValidation: queryAndBody('body'), schema: { body: smsLoginBody } }, async (req) => {
    const b = req.body;
    const lim = ctx.config.rateLimits.login;
    await hit(db, `login:${req.ip}:${b.phone}`, lim.limit, lim.windowMs);
    return logged(req, { phone: b.phone }, 'sms', async () => {
      await consumeSmsCode(db, b.phone, b.code, 'login');
      const [u] = await db.select().from(t.sysUser).where(eq(t.sysUser.phonenumber, b.phone));
      // The same answer as a wrong code: sign-in must not tell which numbers are registered.
      if (!u) throw new BizError(SMS_FAIL_MSG);
      if (u.status !== '0') throw new BizError('对不起，您的账号已停用');
      return { code: 200, msg: OK, token: await issueToken(db, u.userId) };
    });
  });

  // isDefaultModifyPwd (RuoYi): the front end sends the user to change the initial password first.
  app.get('/getInfo', async (req): Promise<GetInfoResponse> => {
    const u = await requireUser(db, req, MAY_BE_INITIAL);
    return {
      code: 200,
      msg: OK,
      user: userInfo(u),
      roles: u.roles,
      permissions: u.permissions,
      permissionList: groupPermissions(u.permissions),
      isDefaultModifyPwd: u.passwordInitial,
    };
  });

  app.get('/getRouters', async (req) => {
    const u = await requireUser(db, req, MAY_BE_INITIAL);
    let menus: (typeof t.sysMenu.$inferSelect)[];
    if (isAdmin(u)) menus = await db.select().from(t.sysMenu).orderBy(asc(t.sysMenu.parentId), asc(t.sysMenu.orderNum));
    else if (u.roles.length === 0) menus = [];
    else {
      const ids = db.select({ id: t.sysRoleMenu.menuId }).from(t.sysRoleMenu).where(inArray(t.sysRoleMenu.roleKey, u.roles));
      menus = await db.select().from(t.sysMenu).where(inArray(t.sysMenu.menuId, ids)).orderBy(asc(t.sysMenu.parentId), asc(t.sysMenu.orderNum));
    }
    const build = (parentId: number): RouterVo[] =>
      menus
        .filter((m) => m.parentId === parentId && m.menuType !== 'F')
        .map((m) => {
          const meta = { title: m.menuName, icon: m.icon, noCache: m.noCache, link: m.isFrame ? m.path : null };
          if (m.menuType === 'M') {
            return {
              name: m.routeName,
              path: m.path,
              hidden: !m.visible,
              redirect: 'noRedirect',
              component: m.component || 'Layout',
              alwaysShow: true,
              meta,
              children: build(m.menuId),
            };
          }
          const r: RouterVo = { name: m.routeName, path: m.path, hidden: !m.visible, component: m.component || 'Layout', meta };
          if (m.perms) r.perms = m.perms;
          return r;
        })
        .filter((r) => r.component !== 'Layout' || r.meta.link || (r.children && r.children.length));
    return { code: 200, msg: OK, data: build(0) };
  });

  app.delete('/logout', async (req) => {
    const token = bearer(req);
    if (token) await revokeToken(db, token);
    return { code: 200, msg: '退出成功' };
  });

  app.get('/system/user/profile', async (req) => {
    const u = await requireUser(db, req, MAY_BE_INITIAL);
    const roleNames = u.roles.length
      ? (await db.select({ n: t.sysRole.roleName }).from(t.sysRole).where(inArray(t.sysRole.roleKey, u.roles))).map((r) => r.n)
      : [];
    return { code: 200, msg: OK, data: userInfo(u), roleGroup: roleNames.join(','), postGroup: '' };
  });

  app.put('/system/user/profile', { onRequest: needUser(db), schema: { body: profileBody } }, async (req) => {
    const u = caller(req);
    const b = req.body;
    const patch: Partial<typeof t.sysUser.$inferInsert> = { nickName: b.nickName };
    if (b.phonenumber !== undefined) patch.phonenumber = b.phonenumber || null;
    if (b.email !== undefined) patch.email = b.email;
    // A new number is proved by a code sent to it (purpose phone): nobody claims a number they do not hold. The
    // code is checked before the number's uniqueness, so only its holder learns that it is taken.
    if (patch.phonenumber && patch.phonenumber !== (u.phonenumber || null)) {
      if (!b.code) throw new BizError('请输入发送到新手机号的短信验证码');
      await consumeSmsCode(db, patch.phonenumber, b.code, 'phone');
    }
    if (patch.phonenumber) {
      const [other] = await db.select({ id: t.sysUser.userId }).from(t.sysUser).where(eq(t.sysUser.phonenumber, patch.phonenumber));
      if (other && other.id !== u.userId) throw new BizError('修改用户失败，手机号码已存在');
    }
    try {
      await db.transaction(async (tx) => {
        await claimKey(tx, req);
        await tx.update(t.sysUser).set(patch).where(eq(t.sysUser.userId, u.userId));
      });
    } catch (err) {
      // The claim step's 409 (another request holds the key now) is that answer, not a taken number.
      if (err instanceof HttpError) throw err;
      throw new BizError('修改用户失败，手机号码已存在');
    }
    return { code: 200, msg: OK };
  });

  // RuoYi's PUT /system/user/profile/updatePwd: JSON body (or query string, as older RuoYi front ends send it).
  app.put(
    '/system/user/profile/updatePwd',
    { onRequest: needUser(db, MAY_BE_INITIAL), preValidation: queryAndBody('body'), schema: { body: updatePwdBody } },
    async (req) => {
      const u = caller(req);
      const b = req.body;
      const lim = ctx.config.rateLimits.login;
      await hit(db, `update-pwd:${u.userId}`, lim.limit, lim.windowMs);
      const [row] = await db.select({ password: t.sysUser.password }).from(t.sysUser).where(eq(t.sysUser.userId, u.userId));
      if (!row?.password || !(await checkPassword(b.oldPassword, row.password))) throw new BizError('修改密码失败，旧密码错误');
      if (b.newPassword === b.oldPassword) throw new BizError('新密码不能与旧密码相同');
      const hash = await hashPassword(b.newPassword, ctx.config.passwordHashRounds);
      await db.transaction(async (tx) => {
        await claimKey(tx, req);
        await tx.update(t.sysUser).set({ password: hash, passwordInitial: false }).where(eq(t.sysUser.userId, u.userId));
        await revokeAllTokens(tx, u.userId, u.token);
        // 操作日志: the person's own change, never the password.
        await recordAudit(tx, req, u, {
          resource: isStaff(u) ? 'user' : 'customer',
          action: 'updatePwd',
          targetId: u.userId,
          summary: accountName(u),
          before: { passwordInitial: u.passwordInitial },
          after: { passwordInitial: false },
        });
      });
      return { code: 200, msg: OK };
    },
  );

  // PUT /system/user/resetPwd (RuoYi) and the staff user pages' routes: routes/users.ts.
  app.post('/system/user/profile/avatar', async (req) => {
    const u = await requireUser(db, req);
    const saved = await saveUploadedImage(ctx, req, u.userId, 'avatar');
    await db.transaction(async (tx) => {
      await claimKey(tx, req);
      await tx.update(t.sysUser).set({ avatar: saved.url }).where(eq(t.sysUser.userId, u.userId));
    });
    return { code: 200, msg: OK, imgUrl: saved.url };
  });
}
