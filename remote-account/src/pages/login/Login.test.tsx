import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import * as api from '@site/api-client';
import * as runtime from '@site/app-runtime';
import { renderAt } from '../../test/render';
import Login from './Login';

jest.mock('@site/api-client', () => ({
  ...jest.requireActual('@site/api-client'),
  getCompany: jest.fn(() => Promise.resolve([])),
  getCaptcha: jest.fn(),
  login: jest.fn(),
  loginNoPassword: jest.fn(),
  sendSmsCode: jest.fn(),
  getWxLoginEnabled: jest.fn(() => Promise.resolve(true)),
}));
jest.mock('@site/app-runtime', () => ({
  ...jest.requireActual('@site/app-runtime'),
  completeLogin: jest.fn(() => Promise.resolve()),
}));

const m = api as jest.Mocked<typeof api>;
const r = runtime as jest.Mocked<typeof runtime>;
let captchaN = 0;

beforeEach(() => {
  captchaN = 0;
  m.getCaptcha.mockImplementation(() => {
    captchaN += 1;
    return Promise.resolve({ code: 200, msg: '', captchaEnabled: true, uuid: `u${captchaN}`, img: btoa(`<svg>${captchaN}</svg>`) });
  });
});
afterEach(() => jest.clearAllMocks());

jest.setTimeout(30000);

/** Text queries: getByRole is slow on antd's large trees. */
const button = (text: string | RegExp) => screen.getByText(text, { selector: 'button, button *' }).closest('button') as HTMLButtonElement;
const submit = () => fireEvent.click(button(/^登\s?录$/));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('credentials login', () => {
  test('[AUTH-1] signs in with user name, password and captcha, then goes to the ?redirect= page', async () => {
    m.login.mockResolvedValue({ code: 200, msg: '', token: 'tok' });
    renderAt('/user/login', '/user/login?redirect=%2Fadmin%2Fnotice', <Login />);
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(document.querySelector('h1')?.textContent).toBe('登录');
    await screen.findByAltText('验证码');
    type('用户名', 'admin');
    type('密码', 'admin123');
    type('验证码', 'ab12');
    submit();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/notice'));
    expect(m.login).toHaveBeenCalledWith({ username: 'admin', password: 'admin123', code: 'ab12', uuid: 'u1' });
    expect(r.completeLogin).toHaveBeenCalledWith('tok');
  });

  test('an unsafe ?redirect= is ignored: lands on /index', async () => {
    m.login.mockResolvedValue({ code: 200, msg: '', token: 'tok' });
    renderAt('/user/login', '/user/login?redirect=https%3A%2F%2Fevil.example', <Login />);
    await screen.findByAltText('验证码');
    type('用户名', 'admin');
    type('密码', 'admin123');
    type('验证码', 'ab12');
    submit();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/index'));
  });

  test('{code:500}: the server message is shown inline, input kept, captcha answer cleared and renewed', async () => {
    m.login.mockRejectedValue(new runtime.ApiError('用户不存在/密码错误', 500));
    renderAt('/user/login', '/user/login', <Login />);
    await screen.findByAltText('验证码');
    type('用户名', 'admin');
    type('密码', 'wrong-pass');
    type('验证码', 'ab12');
    submit();
    expect(await screen.findByText('用户不存在/密码错误')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('用户名').value).toBe('admin');
    expect(screen.getByLabelText<HTMLInputElement>('密码').value).toBe('wrong-pass');
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('验证码').value).toBe(''));
    await waitFor(() => expect(m.getCaptcha).toHaveBeenCalledTimes(2));
    expect(r.completeLogin).not.toHaveBeenCalled();
  });

  test('a click on the captcha image fetches a new one; no captcha field when captchaEnabled is false', async () => {
    const { unmount } = renderAt('/user/login', '/user/login', <Login />);
    fireEvent.click(await screen.findByTitle('看不清？换一张'));
    await waitFor(() => expect(m.getCaptcha).toHaveBeenCalledTimes(2));
    unmount();
    m.getCaptcha.mockResolvedValue({ code: 200, msg: '', captchaEnabled: false, uuid: '', img: '' });
    renderAt('/user/login', '/user/login', <Login />);
    await waitFor(() => expect(screen.queryByLabelText('验证码')).toBeNull());
  });

  test('required fields say so in Chinese', async () => {
    renderAt('/user/login', '/user/login', <Login />);
    submit();
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(m.login).not.toHaveBeenCalled();
  });
});

describe('SMS login', () => {
  test('[AUTH-2] phone format is checked before a code is sent', async () => {
    renderAt('/user/login', '/user/login?tab=sms', <Login />);
    type('手机号', '12345');
    fireEvent.click(button('获取验证码'));
    expect(await screen.findByText('请输入正确的手机号码')).toBeTruthy();
    expect(m.sendSmsCode).not.toHaveBeenCalled();
  });

  test('[AUTH-2] sends the code, counts 60 s down with the button disabled, then signs in', async () => {
    jest.useFakeTimers();
    try {
      m.sendSmsCode.mockResolvedValue({ code: 200, msg: '验证码已发送' });
      m.loginNoPassword.mockResolvedValue({ code: 200, msg: '', token: 'sms-tok' });
      renderAt('/user/login', '/user/login?tab=sms&phone=13800138000', <Login />);
      expect(screen.getByLabelText<HTMLInputElement>('手机号').value).toBe('13800138000');
      await act(async () => {
        fireEvent.click(button('获取验证码'));
      });
      await screen.findByText('60秒后重新获取');
      expect(button('60秒后重新获取').disabled).toBe(true);
      expect(m.sendSmsCode).toHaveBeenCalledWith('13800138000', 'login');
      act(() => jest.advanceTimersByTime(1000));
      expect(button('59秒后重新获取').disabled).toBe(true);
      act(() => jest.advanceTimersByTime(59000));
      expect(button('获取验证码').disabled).toBe(false);

      type('短信验证码', '123456');
      await act(async () => {
        submit();
      });
      await act(async () => {
        jest.runOnlyPendingTimers();
      });
      await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/index'));
      expect(m.loginNoPassword).toHaveBeenCalledWith({ phone: '13800138000', code: '123456' });
      expect(r.completeLogin).toHaveBeenCalledWith('sms-tok');
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('messaging-app sign-in button', () => {
  test('[ISSUE-15.4][AUTH-3 deviation: off until a messaging app is configured, see contract README] not open on the server: the button says 微信登录暂未开通 and is disabled', async () => {
    m.getWxLoginEnabled.mockResolvedValueOnce(false);
    renderAt('/user/login', '/user/login', <Login />);
    await waitFor(() => expect(button('微信登录暂未开通').disabled).toBe(true));
    fireEvent.click(button('微信登录暂未开通'));
    expect(screen.queryByTestId('where')).toBeNull();
  });

  test('[ISSUE-15.4] open: the button leads to /toLogin with the page to return to', async () => {
    m.getWxLoginEnabled.mockResolvedValueOnce(true);
    renderAt('/user/login', '/user/login?redirect=%2Fabout', <Login />);
    await waitFor(() => expect(button('微信登录').disabled).toBe(false));
    fireEvent.click(button('微信登录'));
    expect(screen.getByTestId('where').textContent).toBe('/toLogin?redirect=%2Fabout');
  });
});
