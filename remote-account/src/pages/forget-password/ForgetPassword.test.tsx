import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import * as api from '@site/api-client';
import * as runtime from '@site/app-runtime';
import { renderAt } from '../../test/render';
import ForgetPassword from './ForgetPassword';

jest.mock('@site/api-client', () => ({
  ...jest.requireActual('@site/api-client'),
  getCompany: jest.fn(() => Promise.resolve([])),
  resetUserPassword: jest.fn(),
  sendSmsCode: jest.fn(),
}));
jest.mock('@site/app-runtime', () => ({
  ...jest.requireActual('@site/app-runtime'),
  notify: { ...jest.requireActual('@site/app-runtime').notify, success: jest.fn() },
}));

const m = api as jest.Mocked<typeof api>;
const r = runtime as jest.Mocked<typeof runtime>;
jest.setTimeout(30000);
afterEach(() => jest.clearAllMocks());

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByText(/^重置密码$/, { selector: 'button *' }).closest('button')!);

test('phone format, password length and match are checked with Chinese messages', async () => {
  renderAt('/user/forgetPassword', '/user/forgetPassword', <ForgetPassword />);
  type('手机号', '1380013800');
  type('新密码', '12345');
  type('确认密码', '123456');
  type('短信验证码', '111111');
  await act(async () => submit());
  expect(await screen.findByText('请输入正确的手机号码')).toBeTruthy();
  expect(screen.getByText('密码长度为6-20位')).toBeTruthy();
  expect(screen.getByText('两次输入的密码不一致')).toBeTruthy();
  expect(m.resetUserPassword).not.toHaveBeenCalled();
});

test('resets through the query-string call and goes to the login page with the phone as user name', async () => {
  m.resetUserPassword.mockResolvedValue({ code: 200, msg: '密码重置成功' });
  renderAt('/user/forgetPassword', '/user/forgetPassword', <ForgetPassword />);
  type('手机号', '13800138000');
  type('新密码', 'newpass1');
  type('确认密码', 'newpass1');
  type('短信验证码', '111111');
  await act(async () => submit());
  await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/user/login?username=13800138000'));
  expect(m.resetUserPassword).toHaveBeenCalledWith({ phone: '13800138000', password: 'newpass1', code: '111111' });
  expect(r.notify.success).toHaveBeenCalledWith('密码重置成功');
});

test('a server refusal keeps the input', async () => {
  m.resetUserPassword.mockRejectedValue(new runtime.ApiError('验证码错误', 500));
  renderAt('/user/forgetPassword', '/user/forgetPassword', <ForgetPassword />);
  type('手机号', '13800138000');
  type('新密码', 'newpass1');
  type('确认密码', 'newpass1');
  type('短信验证码', '000000');
  await act(async () => submit());
  await waitFor(() => expect(m.resetUserPassword).toHaveBeenCalled());
  expect(screen.getByLabelText<HTMLInputElement>('手机号').value).toBe('13800138000');
  expect(screen.getByLabelText<HTMLInputElement>('短信验证码').value).toBe('000000');
  expect(screen.queryByTestId('where')).toBeNull();
});

test('[ISSUE-15.5] the code is asked for with the purpose reset', async () => {
  m.sendSmsCode.mockResolvedValue({ code: 200, msg: '验证码已发送' });
  renderAt('/user/forgetPassword', '/user/forgetPassword', <ForgetPassword />);
  type('手机号', '13800138000');
  await act(async () => fireEvent.click(screen.getByRole('button', { name: '获取验证码' })));
  await waitFor(() => expect(m.sendSmsCode).toHaveBeenCalledWith('13800138000', 'reset'));
});
