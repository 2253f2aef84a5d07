/**
 * The proof of work before an SMS code and after a refused sign-in (lib/pow.ts), and the site's hourly SMS codes
 * shared out per network. The cost is lowered here (SITE_POW_COST) so a test solves a challenge in milliseconds; the
 * rules are the production ones.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { PowChallenge } from '@site/contract';
import { POW_FAILED_MSG, POW_MISSING_MSG } from '../src/lib/pow.js';
import { networkOf, smsCapMessage } from '../src/routes/bus.js';
import { captcha, freshPhone, req, suiteServer } from './helpers.js';

const s = suiteServer({
  env: { SITE_POW: '1', SITE_POW_COST: '1', SITE_POW_COUNTER_MAX: '30', SMS_HOURLY_CAP: '40', RATE_LIMIT_SMS_IP: '1000' },
});

async function challenge(purpose: 'sms' | 'login', ip = '203.0.113.7'): Promise<PowChallenge | null> {
  const r = await req(s.app, { method: 'GET', url: `/api/pow?for=${purpose}`, ip });
  assert.equal(r.body.code, 200);
  return r.body.challenge as PowChallenge | null;
}

/** What the browser sends as `pow`: base64 of `{ challenge, solution }`. */
async function solve(c: PowChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge: c, deriveKey });
  assert.ok(solution);
  return Buffer.from(JSON.stringify({ challenge: c, solution })).toString('base64');
}

const sendCode = (phone: string, pow: string | undefined, ip = '203.0.113.7') =>
  req(s.app, {
    method: 'POST',
    url: `/bus/customer/sendCode?phone=${phone}&purpose=register${pow ? `&pow=${encodeURIComponent(pow)}` : ''}`,
    ip,
  });

test('[issue 44.2] an SMS code needs a solved proof of work, good once: none, a forged one and a replayed one are refused and send nothing', async () => {
  const phone = freshPhone();
  const missing = await sendCode(phone, undefined);
  assert.deepEqual([missing.body.code, missing.body.msg], [500, POW_MISSING_MSG]);

  const c = await challenge('sms');
  assert.ok(c);
  assert.equal(c.parameters.algorithm, 'PBKDF2/SHA-256');
  // A made-up solution to a real challenge.
  const forged = Buffer.from(JSON.stringify({ challenge: c, solution: { counter: 1, derivedKey: '00'.repeat(32) } })).toString('base64');
  const wrong = await sendCode(phone, forged);
  assert.deepEqual([wrong.body.code, wrong.body.msg], [500, POW_FAILED_MSG]);
  // The challenge was spent by the wrong answer: solving it now is too late.
  const spent = await sendCode(phone, await solve(c));
  assert.deepEqual([spent.body.code, spent.body.msg], [500, POW_FAILED_MSG]);

  const fresh = await solve((await challenge('sms'))!);
  const sent = await sendCode(phone, fresh);
  assert.deepEqual([sent.body.code, sent.body.msg], [200, '验证码已发送']);
  const replayed = await sendCode(freshPhone(), fresh);
  assert.deepEqual([replayed.body.code, replayed.body.msg], [500, POW_FAILED_MSG]);
  const outbox = await req(s.app, { method: 'GET', url: `/dev/sms-outbox?phone=${phone}` });
  assert.match(String(outbox.body.data.code), /^\d{6}$/);
});

test('[issue 44.2] a challenge whose cost the sender lowered is refused (its signature covers the parameters)', async () => {
  const c = (await challenge('sms'))!;
  const cheaper: PowChallenge = { ...c, parameters: { ...c.parameters, keyPrefix: c.parameters.keyPrefix.slice(0, 2) } };
  const r = await sendCode(freshPhone(), await solve(cheaper));
  assert.deepEqual([r.body.code, r.body.msg], [500, POW_FAILED_MSG]);
});

test('[issue 44.2] a sign-in needs no proof of work until the address has a refused one; then it does, and other addresses still need none', async () => {
  const ip = '198.51.100.23';
  assert.equal(await challenge('login', ip), null);
  const cap = await captcha(s.app);
  const refused = await req(s.app, {
    method: 'POST',
    url: '/login',
    ip,
    payload: { username: 'admin', password: 'wrong-one', code: cap.answer, uuid: cap.uuid },
  });
  assert.equal(refused.body.msg, '用户不存在/密码错误');

  const cap2 = await captcha(s.app);
  const without = await req(s.app, {
    method: 'POST',
    url: '/login',
    ip,
    payload: { username: 'admin', password: 'admin123', code: cap2.answer, uuid: cap2.uuid },
  });
  assert.deepEqual([without.body.code, without.body.msg], [500, POW_MISSING_MSG]);

  const c = await challenge('login', ip);
  assert.ok(c, 'the address that failed is given a challenge');
  const cap3 = await captcha(s.app);
  const signedIn = await req(s.app, {
    method: 'POST',
    url: '/login',
    ip,
    payload: { username: 'admin', password: 'admin123', code: cap3.answer, uuid: cap3.uuid, pow: await solve(c) },
  });
  assert.equal(signedIn.body.code, 200);
  assert.ok(signedIn.body.token);

  // The owner from another address is not slowed by this one's failure.
  assert.equal(await challenge('login', '192.0.2.44'), null);
});

test('[issue 44.2] the hourly SMS cap is shared out per network: one /24 sends at most its share, another network still gets codes', async () => {
  assert.equal(networkOf('203.0.113.77'), '203.0.113.0/24');
  assert.equal(networkOf('::ffff:203.0.113.77'), '203.0.113.0/24');
  assert.equal(networkOf('2001:db8:42:7::1'), '2001:db8:42::/48');
  // SMS_HOURLY_CAP 40 in 10 shares: 4 codes an hour for one network, from any of its addresses.
  const net = (n: number) => `192.0.2.${n}`;
  for (const n of [10, 11, 13, 14]) {
    const ok = await sendCode(freshPhone(), await solve((await challenge('sms', net(n)))!), net(n));
    assert.equal(ok.body.code, 200);
  }
  const third = await sendCode(freshPhone(), await solve((await challenge('sms', net(12)))!), net(12));
  assert.equal(third.status, 429);
  assert.match(third.body.msg, /^验证码发送过于频繁，请在 \d+ 秒后重试$/);
  const other = await sendCode(freshPhone(), await solve((await challenge('sms', '198.18.0.5'))!), '198.18.0.5');
  assert.equal(other.body.code, 200);
  assert.ok(smsCapMessage(60).includes('本小时上限'));
});
