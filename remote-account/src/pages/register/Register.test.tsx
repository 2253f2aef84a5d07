import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import * as api from '@site/api-client';
import * as runtime from '@site/app-runtime';
import { renderAt } from '../../test/render';
import Register from './Register';

jest.mock('@site/api-client', () => ({
  ...jest.requireActual('@site/api-client'),
  getCompany: jest.fn(() => Promise.resolve([])),
  getCaptcha: jest.fn(),
  registerCustomer: jest.fn(),
  sendSmsCode: jest.fn(),
}));
jest.mock('@site/app-runtime', () => ({
  ...jest.requireActual('@site/app-runtime'),
  notify: { ...jest.requireActual('@site/app-runtime').notify, success: jest.fn() },
  completeLogin: jest.fn(() => Promise.resolve()),
}));

const m = api as jest.Mocked<typeof api>;
const r = runtime as jest.Mocked<typeof runtime>;
jest.setTimeout(30000);
let captchaN = 0;
beforeEach(() => {
  captchaN = 0;
  m.getCaptcha.mockImplementation(() => {
    captchaN += 1;
    return Promise.resolve({ code: 200, msg: '', captchaEnabled: true, uuid: `u${captchaN}`, img: btoa(`<svg>${captchaN}</svg>`) });
  });
});
afterEach(() => jest.clearAllMocks());

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const askCode = () => act(async () => fireEvent.click(screen.getByRole('button', { name: '获取验证码' })));
/** The image captcha is on the page and its answer typed. */
async function typeCaptcha(answer = 'ab3c') {
  await screen.findByAltText('图形验证码');
  type('图形验证码', answer);
}
const submit = () => fireEvent.click(screen.getByText(/^注\s?册$/, { selector: 'button *' }).closest('button')!);

test('required fields and phone format', async () => {
  renderAt('/user/register', '/user/register', <Register />);
  type('手机号', '23800138000');
  await act(async () => submit());
  expect(await screen.findByText('请输入正确的手机号码')).toBeTruthy();
  expect(screen.getByText('请输入姓名')).toBeTruthy();
  expect(screen.getByText('请输入短信验证码')).toBeTruthy();
  // The captcha is asked for by 获取验证码, not by the registration itself.
  expect(screen.queryByText('请输入图形验证码')).toBeNull();
  expect(m.registerCustomer).not.toHaveBeenCalled();
});

test('[issue 27.8] registers (referral code optional) and is signed in with the token the answer carries: /index, no second code', async () => {
  m.registerCustomer.mockResolvedValue({ code: 200, msg: '注册成功', token: 'reg-tok' });
  renderAt('/user/register', '/user/register', <Register />);
  type('手机号', '13800138000');
  type('姓名', ' 张三 ');
  type('短信验证码', '123456');
  fireEvent.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
  await act(async () => submit());
  await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/index'));
  expect(m.registerCustomer).toHaveBeenCalledWith({ phone: '13800138000', name: '张三', code: '123456' });
  expect(r.completeLogin).toHaveBeenCalledWith('reg-tok');
  expect(r.notify.success).toHaveBeenCalledWith('注册成功');
  expect(m.sendSmsCode).not.toHaveBeenCalled();
});

test('[issue 27.8] after registering, a safe ?redirect= page is where the new customer lands', async () => {
  m.registerCustomer.mockResolvedValue({ code: 200, msg: '注册成功', token: 'reg-tok' });
  renderAt('/user/register', '/user/register?redirect=%2Fcontact', <Register />);
  type('手机号', '13800138000');
  type('姓名', '张三');
  type('短信验证码', '123456');
  fireEvent.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
  await act(async () => submit());
  await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/contact'));
});

test('[issue 27.8] a refused code request (429) counts the button down from the seconds the server gave', async () => {
  m.sendSmsCode.mockRejectedValue(
    new runtime.ApiError('验证码发送过于频繁，请在 42 秒后重试', 429, { code: 429, msg: '验证码发送过于频繁，请在 42 秒后重试', retryAfter: 42 }),
  );
  renderAt('/user/register', '/user/register', <Register />);
  type('手机号', '13800138000');
  await typeCaptcha();
  await askCode();
  const button = await screen.findByRole('button', { name: '42秒后重新获取' });
  expect((button as HTMLButtonElement).disabled).toBe(true);
  expect(screen.queryByText(/验证码已发送至/)).toBeNull();
});

test('[ISSUE-15.5] the code is asked for with the purpose register (a registration code never signs in)', async () => {
  m.sendSmsCode.mockResolvedValue({ code: 200, msg: '验证码已发送' });
  renderAt('/user/register', '/user/register', <Register />);
  type('手机号', '13800138000');
  await typeCaptcha();
  await askCode();
  await waitFor(() => expect(m.sendSmsCode).toHaveBeenCalledWith('13800138000', 'register', { captcha: 'ab3c', uuid: 'u1' }));
});

test('[ISSUE-19.consent] registration needs consent to the privacy policy: 请阅读并同意隐私政策, typed values kept', async () => {
  m.registerCustomer.mockResolvedValue({ code: 200, msg: '注册成功', token: 'reg-tok' });
  renderAt('/user/register', '/user/register', <Register />);
  type('手机号', '13800138000');
  type('姓名', '张三');
  type('短信验证码', '123456');
  await act(async () => submit());
  expect(await screen.findByText('请阅读并同意隐私政策')).toBeTruthy();
  expect(m.registerCustomer).not.toHaveBeenCalled();
  expect((screen.getByLabelText('姓名') as HTMLInputElement).value).toBe('张三');
  expect(screen.getByRole('link', { name: '《隐私政策》' }).getAttribute('href')).toBe('/privacy');
  fireEvent.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
  await act(async () => submit());
  await waitFor(() => expect(m.registerCustomer).toHaveBeenCalledTimes(1));
});

test('[ISSUE-19.sms] 获取验证码 with a bad phone checks the phone only; a sent code says where it went', async () => {
  m.sendSmsCode.mockResolvedValue({ code: 200, msg: '验证码已发送' });
  renderAt('/user/register', '/user/register', <Register />);
  type('手机号', '1380013');
  await act(async () => fireEvent.click(screen.getByRole('button', { name: '获取验证码' })));
  expect(await screen.findByText('请输入正确的手机号码')).toBeTruthy();
  expect(screen.queryByText('请输入姓名')).toBeNull();
  expect(screen.queryByText('请输入短信验证码')).toBeNull();
  expect(screen.queryByText('请阅读并同意隐私政策')).toBeNull();
  expect(m.sendSmsCode).not.toHaveBeenCalled();
  type('手机号', '13800138000');
  await typeCaptcha();
  await askCode();
  expect(await screen.findByText('验证码已发送至 138****8000，请注意查收')).toBeTruthy();
});

describe('[issue 34.7] the image captcha before a register code', () => {
  test('shown beside the code; 获取验证码 without its answer says 请输入图形验证码 and sends nothing; with it the code is asked for with the answer and uuid, then the used captcha is replaced', async () => {
    m.sendSmsCode.mockResolvedValue({ code: 200, msg: '验证码已发送' });
    renderAt('/user/register', '/user/register', <Register />);
    const img = await screen.findByAltText('图形验证码');
    expect(img.getAttribute('src')).toBe(`data:image/svg+xml;base64,${btoa('<svg>1</svg>')}`);
    type('手机号', '13800138000');
    await askCode();
    expect(await screen.findByText('请输入图形验证码')).toBeTruthy();
    expect(m.sendSmsCode).not.toHaveBeenCalled();
    type('图形验证码', ' ab3c ');
    await waitFor(() => expect(screen.queryByText('请输入图形验证码')).toBeNull());
    await askCode();
    await waitFor(() => expect(m.sendSmsCode).toHaveBeenCalledWith('13800138000', 'register', { captcha: 'ab3c', uuid: 'u1' }));
    expect(await screen.findByText('验证码已发送至 138****8000，请注意查收')).toBeTruthy();
    // Single use: a new image, the answer cleared.
    await waitFor(() => expect(screen.getByAltText('图形验证码').getAttribute('src')).toContain(btoa('<svg>2</svg>')));
    expect(screen.getByLabelText<HTMLInputElement>('图形验证码').value).toBe('');
  });

  test('a refused captcha (验证码错误): no countdown, what was typed stays, a new captcha and its answer cleared; the next request carries the new uuid', async () => {
    m.sendSmsCode.mockRejectedValueOnce(new runtime.ApiError('验证码错误', 500, { code: 500, msg: '验证码错误' }));
    renderAt('/user/register', '/user/register', <Register />);
    type('手机号', '13800138000');
    type('姓名', '张三');
    await typeCaptcha('zzzz');
    await askCode();
    await waitFor(() => expect(m.sendSmsCode).toHaveBeenCalledWith('13800138000', 'register', { captcha: 'zzzz', uuid: 'u1' }));
    await waitFor(() => expect(screen.getByAltText('图形验证码').getAttribute('src')).toContain(btoa('<svg>2</svg>')));
    expect(screen.getByLabelText<HTMLInputElement>('图形验证码').value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('手机号').value).toBe('13800138000');
    expect(screen.getByLabelText<HTMLInputElement>('姓名').value).toBe('张三');
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeTruthy();
    expect(screen.queryByText(/验证码已发送至/)).toBeNull();
    m.sendSmsCode.mockResolvedValue({ code: 200, msg: '验证码已发送' });
    type('图形验证码', 'ab3c');
    await askCode();
    await waitFor(() => expect(m.sendSmsCode).toHaveBeenLastCalledWith('13800138000', 'register', { captcha: 'ab3c', uuid: 'u2' }));
  });

  test('captchas switched off on the server (captchaEnabled false): no captcha field, the code is asked for without one', async () => {
    m.getCaptcha.mockResolvedValue({ code: 200, msg: '', captchaEnabled: false, uuid: '', img: '' });
    m.sendSmsCode.mockResolvedValue({ code: 200, msg: '验证码已发送' });
    renderAt('/user/register', '/user/register', <Register />);
    await waitFor(() => expect(m.getCaptcha).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByLabelText('图形验证码')).toBeNull());
    type('手机号', '13800138000');
    await askCode();
    await waitFor(() => expect(m.sendSmsCode).toHaveBeenCalledWith('13800138000', 'register'));
    expect(m.getCaptcha).toHaveBeenCalledTimes(1);
  });
});
