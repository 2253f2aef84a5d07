import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import * as api from '@site/api-client';
import * as runtime from '@site/app-runtime';
import { renderAt } from '../../test/render';
import Register from './Register';

jest.mock('@site/api-client', () => ({
  ...jest.requireActual('@site/api-client'),
  getCompany: jest.fn(() => Promise.resolve([])),
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
afterEach(() => jest.clearAllMocks());

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByText(/^注\s?册$/, { selector: 'button *' }).closest('button')!);

test('required fields and phone format', async () => {
  renderAt('/user/register', '/user/register', <Register />);
  type('手机号', '23800138000');
  await act(async () => submit());
  expect(await screen.findByText('请输入正确的手机号码')).toBeTruthy();
  expect(screen.getByText('请输入姓名')).toBeTruthy();
  expect(screen.getByText('请输入短信验证码')).toBeTruthy();
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
  await act(async () => fireEvent.click(screen.getByRole('button', { name: '获取验证码' })));
  const button = await screen.findByRole('button', { name: '42秒后重新获取' });
  expect((button as HTMLButtonElement).disabled).toBe(true);
  expect(screen.queryByText(/验证码已发送至/)).toBeNull();
});

test('[ISSUE-15.5] the code is asked for with the purpose register (a registration code never signs in)', async () => {
  m.sendSmsCode.mockResolvedValue({ code: 200, msg: '验证码已发送' });
  renderAt('/user/register', '/user/register', <Register />);
  type('手机号', '13800138000');
  await act(async () => fireEvent.click(screen.getByRole('button', { name: '获取验证码' })));
  await waitFor(() => expect(m.sendSmsCode).toHaveBeenCalledWith('13800138000', 'register'));
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
  await act(async () => fireEvent.click(screen.getByRole('button', { name: '获取验证码' })));
  expect(await screen.findByText('验证码已发送至 138****8000，请注意查收')).toBeTruthy();
});
