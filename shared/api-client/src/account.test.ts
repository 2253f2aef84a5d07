const post = jest.fn();
jest.mock('@site/app-runtime', () => ({ request: { post: (...a: unknown[]) => post(...a) } }));

import { sendSmsCode } from './account';

beforeEach(() => post.mockReset());

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
