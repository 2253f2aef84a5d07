/**
 * 登录日志 (issue 27.4) holds every way in (issue 45.3): the sign-in a registration gives is logged like the others,
 * and each row says how the person came in (登录方式: password, SMS code, messaging app, registration).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import type { LoginLogEntry } from '@site/contract';
import { captcha, freshIp, freshPhone, req, sendSms, suiteServer } from './helpers.js';

const s = suiteServer({ signIn: ['admin'] });

const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

async function logOf(query: string): Promise<{ status: number; total: number; rows: LoginLogEntry[]; msg: string }> {
  const r = await req(s.app, { method: 'GET', url: `/system/logininfor/list?${query}`, token: s.token.admin });
  return { status: r.status, total: r.body.total, rows: r.body.rows, msg: r.body.msg };
}

/** A code for `phone`, past the one-a-minute limit per phone (the tests ask for a second code at once). */
async function code(phone: string, purpose: 'login' | 'register') {
  await s.app.ctx.db.execute(sql`DELETE FROM rate_limit WHERE key = ${`sms-phone:${phone}`}`);
  return sendSms(s.app, phone, purpose);
}

async function register(phone: string, ip: string) {
  const sent = await code(phone, 'register');
  return req(s.app, {
    method: 'POST',
    url: `/bus/customer/create?phone=${phone}&name=${encodeURIComponent('注册测试')}&code=${sent}`,
    ip,
    headers: { 'user-agent': UA },
  });
}

/** The local messaging-app flow (SITE_WX_LOCAL's stand-in) as a browser goes through it, as a new 微信 user. */
async function wxSignIn() {
  const a = await s.app.inject({ method: 'GET', url: '/bus/wx/oauth2/authorizationUrl' });
  const state = new URL(String(a.headers.location), 'http://x').searchParams.get('state')!;
  const agree = await s.app.inject({
    method: 'POST',
    url: '/bus/wx/oauth2/local-authorize',
    payload: `state=${state}&user=new`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const done = await s.app.inject({ method: 'GET', url: String(agree.headers.location), cookies: { wx_state: state } });
  assert.equal(done.statusCode, 302, done.body);
  return (done.cookies as { name: string; value: string }[]).find((c) => c.name === 'openid')!.value;
}

describe('登录日志: every way in, and which one (issue 45.3)', () => {
  test('[issue 45.3] the automatic sign-in after 注册 is in 登录日志 as a successful sign-in whose way in is 注册', async () => {
    const phone = freshPhone();
    const ip = freshIp();
    const r = await register(phone, ip);
    assert.deepEqual([r.body.code, r.body.msg, typeof r.body.token], [200, '注册成功', 'string']);
    const log = await logOf(`userName=${phone}`);
    assert.equal(log.total, 1);
    const [row] = log.rows;
    assert.deepEqual(
      [row.userName, row.ip, row.browser, row.status, row.msg, row.method],
      [phone, ip, 'Chrome 120 / Windows', '0', '注册成功', 'register'],
    );
    assert.match(row.createTime, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // A registration that fails signs no one in: no row (a second one for the same phone is refused).
    const again = await register(phone, freshIp());
    assert.equal(again.body.msg, '该手机号已注册');
    assert.equal((await logOf(`userName=${phone}`)).total, 1);
  });

  test('[issue 45.3] each row records its way in: 密码, 短信 and 微信, refusals too; the list filters by it', async () => {
    // 短信: a registered phone signs in with a code; a wrong code is refused and logged with the same way in.
    const phone = freshPhone();
    assert.equal((await register(phone, freshIp())).body.code, 200);
    const wrong = await req(s.app, { method: 'POST', url: '/loginNoPassword', payload: { phone, code: '000000' } });
    assert.equal(wrong.body.code, 500);
    const sms = { phone, code: await code(phone, 'login') };
    assert.equal((await req(s.app, { method: 'POST', url: '/loginNoPassword', payload: sms })).body.code, 200);
    assert.deepEqual(
      (await logOf(`userName=${phone}`)).rows.map((r) => [r.status, r.method]),
      [
        ['0', 'sms'],
        ['1', 'sms'],
        ['0', 'register'],
      ],
    );

    // 密码: the staff's sign-in, refused then accepted.
    const ip = freshIp();
    for (const password of ['wrong-password', 'editor123']) {
      const c = await captcha(s.app);
      await req(s.app, { method: 'POST', url: '/login', ip, payload: { username: 'editor', password, code: c.answer, uuid: c.uuid } });
    }
    const editor = (await logOf('userName=editor')).rows.filter((r) => r.ip === ip);
    assert.deepEqual(
      editor.map((r) => [r.status, r.msg, r.method]),
      [
        ['0', '登录成功', 'password'],
        ['1', '用户不存在/密码错误', 'password'],
      ],
    );

    // 微信: the messaging-app sign-in was not logged at all before; now it is, by the account's name.
    const openid = await wxSignIn();
    const wx = await logOf(`userName=wx_${openid}`);
    assert.deepEqual(
      wx.rows.map((r) => [r.userName, r.status, r.msg, r.method]),
      [[`wx_${openid}`, '0', '登录成功', 'wx']],
    );

    // The filter: only that way in; an unknown one is a Chinese 400.
    const bySms = await logOf('method=sms');
    assert.ok(bySms.total >= 2);
    assert.ok(bySms.rows.every((r) => r.method === 'sms'));
    const bad = await logOf('method=fax');
    assert.deepEqual([bad.status, bad.msg], [400, '登录方式不正确']);
  });

  test('[issue 45.3] a row written before the way in was recorded answers method null (the page shows —)', async () => {
    const name = `old_${Date.now().toString(36)}`;
    await s.app.ctx.db.execute(
      sql`INSERT INTO login_log (user_name, ip, browser, status, msg) VALUES (${name}, '10.0.0.1', 'Chrome 99', '0', '登录成功')`,
    );
    const log = await logOf(`userName=${name}`);
    assert.deepEqual(
      log.rows.map((r) => [r.userName, r.method]),
      [[name, null]],
    );
  });
});
