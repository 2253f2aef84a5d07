/**
 * @jest-environment node
 */
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

const post = jest.fn();
const get = jest.fn();
jest.mock('@site/app-runtime', () => ({ request: { post: (...a: unknown[]) => post(...a), get: (...a: unknown[]) => get(...a) } }));

import { login, sendSmsCode } from './account';

beforeEach(() => {
  post.mockReset();
  get.mockReset();
  // No challenge: what the server answers a sign-in from a clean address (codes always get one, below).
  get.mockResolvedValue({ code: 200, msg: '操作成功', challenge: null });
});

describe('sendSmsCode', () => {
  test('[issue 34.7] a register code carries the typed captcha answer and its uuid in the query, no token', async () => {
    post.mockResolvedValueOnce({ code: 200, msg: '验证码已发送' });
    await sendSmsCode('13800138000', 'register', { captcha: 'ab3c', uuid: 'u-1' });
    expect(post).toHaveBeenCalledWith('/bus/customer/sendCode', null, {
      params: { phone: '13800138000', purpose: 'register', captcha: 'ab3c', uuid: 'u-1' },
      isToken: false,
    });
  });

  test('a code that needs no captcha (sign-in, reset; a signed-in phone change with its token) is asked for without one', async () => {
    post.mockResolvedValue({ code: 200, msg: '验证码已发送' });
    await sendSmsCode('13800138000', 'login');
    expect(post).toHaveBeenLastCalledWith('/bus/customer/sendCode', null, { params: { phone: '13800138000', purpose: 'login' }, isToken: false });
    await sendSmsCode('13900139000', 'phone');
    expect(post).toHaveBeenLastCalledWith('/bus/customer/sendCode', null, { params: { phone: '13900139000', purpose: 'phone' }, isToken: true });
  });
});

describe('proof of work', () => {
  const SECRET = 'a-secret-of-the-test';
  const challenge = () =>
    createChallenge({ algorithm: 'PBKDF2/SHA-256', cost: 1, counter: 7, deriveKey, hmacSignatureSecret: SECRET, data: { id: 'x' } });
  const decoded = (pow: string) => JSON.parse(Buffer.from(pow, 'base64').toString('utf8'));

  test('[issue 44.2] a code asks GET /api/pow?for=sms first and carries the solved challenge as pow, which the server-side check accepts', async () => {
    get.mockResolvedValueOnce({ code: 200, msg: '操作成功', challenge: await challenge() });
    post.mockResolvedValueOnce({ code: 200, msg: '验证码已发送' });
    await sendSmsCode('13800138000', 'login');
    expect(get).toHaveBeenCalledWith('/api/pow', { params: { for: 'sms' }, isToken: false });
    const { params } = post.mock.calls[0][2];
    expect(params).toMatchObject({ phone: '13800138000', purpose: 'login' });
    const { challenge: c, solution } = decoded(params.pow);
    expect(solution.counter).toBe(7);
    expect((await verifySolution({ challenge: c, solution, deriveKey, hmacSignatureSecret: SECRET })).verified).toBe(true);
  });

  test('[issue 44.2] a sign-in carries pow only when the server gives a challenge (an address after a refused sign-in)', async () => {
    post.mockResolvedValue({ code: 200, msg: '操作成功', token: 't' });
    const body = { username: 'admin', password: 'p', code: 'ab3c', uuid: 'u-1' };
    await login(body);
    expect(get).toHaveBeenLastCalledWith('/api/pow', { params: { for: 'login' }, isToken: false });
    expect(post).toHaveBeenLastCalledWith('/login', body, { isToken: false });
    get.mockResolvedValueOnce({ code: 200, msg: '操作成功', challenge: await challenge() });
    await login(body);
    const sent = post.mock.calls[1][1];
    expect(sent).toMatchObject(body);
    expect(decoded(sent.pow).solution.counter).toBe(7);
  });
});
