/**
 * Messaging-app (WeChat) sign-in: the real platform when WX_APP_ID + WX_APP_SECRET are set, the local stand-in
 * (consent page below) only when SITE_WX_LOCAL=1, otherwise off (微信登录暂未开通). The `state` of a flow is bound
 * to the browser that started it by an HttpOnly cookie, so a callback URL prepared by someone else signs no one in.
 */
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { rows } from '../db/index.js';
import * as t from '../db/schema.js';
import { issueToken } from '../lib/auth.js';
import { HttpError } from '../lib/errors.js';
import { recordLogin } from '../lib/loginlog.js';
import { escapeHtml } from '../lib/text.js';
import { issueLocalCode } from '../lib/wx.js';

const STATE_TTL_MS = 10 * 60 * 1000;
const TEST_USERS = [
  { openid: 'o_local_test_user_0001', nickname: '微信测试用户A' },
  { openid: 'o_local_test_user_0002', nickname: '微信测试用户B' },
];
const CALLBACK_PATH = '/bus/wx/oauth2/callbackurl';
const STATE_COOKIE = 'wx_state';
const STATE_COOKIE_PATH = '/bus/wx/oauth2';
export const WX_OFF_MSG = '微信登录暂未开通';
export const WX_OTHER_BROWSER_MSG = '授权请求不是由当前浏览器发起，请在本浏览器重新发起微信登录';

const callbackQuery = z.object({
  code: z.string({ error: '授权码不能为空' }).min(1, '授权码不能为空').max(128, '授权码无效'),
  state: z.string({ error: '授权状态无效' }).min(1, '授权状态无效').max(64, '授权状态无效'),
});
const consentQuery = z.object({
  state: z.string({ error: '授权状态无效' }).regex(/^[0-9a-f]{32}$/, '授权状态无效'),
  redirect_uri: z.string().max(500).optional(),
});
const consentBody = consentQuery.extend({
  user: z
    .string()
    .regex(/^(\d|new)$/, '授权用户无效')
    .default('0'),
});

const page = (title: string, body: string) => `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{margin:0;font-family:-apple-system,'PingFang SC','Microsoft YaHei',sans-serif;background:#ededed;color:#111}
.card{max-width:420px;margin:48px auto;background:#fff;border-radius:12px;padding:28px 24px;box-shadow:0 2px 12px rgba(0,0,0,.06)}
h1{font-size:20px;margin:0 0 8px;text-align:center}p{color:#666;font-size:14px;text-align:center}
.logo{width:64px;height:64px;border-radius:50%;background:#07c160;color:#fff;font-size:30px;line-height:64px;text-align:center;margin:0 auto 16px}
label{display:block;padding:10px 12px;border:1px solid #e5e5e5;border-radius:8px;margin:8px 0;font-size:15px;cursor:pointer}
button{width:100%;margin-top:18px;padding:12px;border:0;border-radius:8px;background:#07c160;color:#fff;font-size:16px;cursor:pointer}
a.cancel{display:block;text-align:center;margin-top:12px;color:#576b95;font-size:14px}</style></head>
<body><div class="card">${body}</div></body></html>`;

export default async function wxRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const wx = ctx.config.wx;

  const requireEnabled = () => {
    if (!wx.enabled) throw new HttpError(503, WX_OFF_MSG);
  };
  /** onRequest: with the sign-in off, every call answers 503 whatever it carries (before its input is validated). */
  const enabledOnly = async () => requireEnabled();

  app.get('/bus/wx/oauth2/authorizationUrl', async (req, reply) => {
    requireEnabled();
    const state = crypto.randomBytes(16).toString('hex');
    await db.insert(t.wxOauthState).values({ state, expiresAt: new Date(Date.now() + STATE_TTL_MS) });
    // Lax: sent on the provider's top-level redirect back to the callback, not on cross-site subrequests.
    reply.setCookie(STATE_COOKIE, state, {
      path: STATE_COOKIE_PATH,
      maxAge: STATE_TTL_MS / 1000,
      sameSite: 'lax',
      httpOnly: true,
      secure: req.protocol === 'https',
    });
    const params = new URLSearchParams({ appid: wx.appId, redirect_uri: wx.callbackUrl, response_type: 'code', scope: 'snsapi_userinfo', state });
    const sep = wx.authorizeUrl.includes('?') ? '&' : '?';
    return reply.redirect(`${wx.authorizeUrl}${sep}${params.toString()}#wechat_redirect`, 302);
  });

  if (wx.local) registerLocalConsent(fastify, ctx);

  const setCookie = (req: FastifyRequest, reply: FastifyReply, name: string, value: string) =>
    reply.setCookie(name, value, { path: '/', maxAge: 604800, sameSite: 'lax', secure: req.protocol === 'https', httpOnly: false });

  app.get(CALLBACK_PATH, { onRequest: enabledOnly, schema: { querystring: callbackQuery } }, async (req, reply) => {
    const q = req.query;
    const browserState = req.cookies[STATE_COOKIE] ?? '';
    reply.clearCookie(STATE_COOKIE, { path: STATE_COOKIE_PATH });
    if (browserState.length !== q.state.length || !crypto.timingSafeEqual(Buffer.from(browserState), Buffer.from(q.state))) {
      throw new HttpError(400, WX_OTHER_BROWSER_MSG);
    }
    const used = await rows<{ state: string }>(
      db,
      sql`UPDATE wx_oauth_state SET used = true WHERE state = ${q.state} AND used = false AND expires_at > now() RETURNING state`,
    );
    if (!used.length) throw new HttpError(400, '授权状态无效或已过期，请重新发起授权');
    const identity = await ctx.wx.exchangeCode(q.code);
    if (!identity) throw new HttpError(400, '授权码无效或已使用，请重新发起授权');
    let [u] = await db.select().from(t.sysUser).where(eq(t.sysUser.openid, identity.openid));
    if (!u) {
      [u] = await db
        .insert(t.sysUser)
        .values({
          userName: `wx_${identity.openid}`.slice(0, 64),
          nickName: identity.nickname.slice(0, 64),
          openid: identity.openid,
          avatar: '/files/images/avatar-default.svg',
        })
        .onConflictDoNothing()
        .returning();
      if (!u) [u] = await db.select().from(t.sysUser).where(eq(t.sysUser.openid, identity.openid));
    }
    if (u.status !== '0') {
      await recordLogin(db, req, { userName: u.userName, ok: false, msg: '对不起，您的账号已停用', method: 'wx' });
      throw new HttpError(403, '对不起，您的账号已停用');
    }
    const token = await issueToken(db, u.userId);
    await recordLogin(db, req, { userName: u.userName, ok: true, msg: '登录成功', method: 'wx' });
    setCookie(req, reply, 'access_token', token);
    setCookie(req, reply, 'openid', identity.openid);
    return reply.redirect(wx.frontendRedirect, 302);
  });
}

/** The local stand-in of the platform's consent page (SITE_WX_LOCAL=1 only): anyone may pick a test identity. */
function registerLocalConsent(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const wx = ctx.config.wx;

  /** Only the same-origin callback path may be a redirect target of the local provider (no open redirect). */
  const safeRedirect = (uri: string | undefined) => {
    if (!uri || uri === CALLBACK_PATH || uri === wx.callbackUrl) return uri || CALLBACK_PATH;
    throw new HttpError(400, '非法的回调地址');
  };

  app.get('/bus/wx/oauth2/local-authorize', { schema: { querystring: consentQuery } }, async (req, reply) => {
    const q = req.query;
    const redirect = safeRedirect(q.redirect_uri);
    const options = TEST_USERS.map(
      (u, i) => `<label><input type="radio" name="user" value="${i}"${i === 0 ? ' checked' : ''}> ${escapeHtml(u.nickname)}</label>`,
    ).join('');
    const html = page(
      '微信授权登录',
      `<div class="logo">微</div><h1>微信授权登录</h1>
<p>华电智控官网 申请获得你的公开信息（昵称、头像）</p>
<form method="post" action="/bus/wx/oauth2/local-authorize">
<input type="hidden" name="state" value="${escapeHtml(q.state)}"><input type="hidden" name="redirect_uri" value="${escapeHtml(redirect)}">
${options}<label><input type="radio" name="user" value="new"> 新的微信用户（随机生成 openid）</label>
<button type="submit" id="wx-agree">同意授权</button></form>
<a class="cancel" href="/">拒绝</a>`,
    );
    return reply.type('text/html; charset=utf-8').send(html);
  });

  app.post('/bus/wx/oauth2/local-authorize', { schema: { body: consentBody } }, async (req, reply) => {
    const b = req.body;
    const redirect = safeRedirect(b.redirect_uri);
    const identity =
      b.user === 'new'
        ? { openid: `o_local_${crypto.randomBytes(10).toString('hex')}`, nickname: `微信用户${crypto.randomInt(1000, 9999)}` }
        : TEST_USERS[Number(b.user)];
    if (!identity) throw new HttpError(400, '授权用户无效');
    const code = await issueLocalCode(db, identity);
    return reply.redirect(`${redirect}?${new URLSearchParams({ code, state: b.state }).toString()}`, 302);
  });
}
