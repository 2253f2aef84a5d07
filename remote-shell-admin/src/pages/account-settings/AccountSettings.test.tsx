import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from '@site/antd-kit';
import * as api from '@site/api-client';
import AccountSettings from './AccountSettings';
import { WithQueries } from '../../test/query-client';

jest.mock('@site/api-client', () => ({
  ...jest.requireActual('@site/api-client'),
  getProfile: jest.fn(),
  updateProfile: jest.fn(),
  sendSmsCode: jest.fn(),
  updatePassword: jest.fn(),
}));
jest.mock('@site/app-runtime', () => ({
  ...jest.requireActual('@site/app-runtime'),
  loadUserInfo: jest.fn(() => Promise.resolve()),
}));

const m = api as jest.Mocked<typeof api>;

const profile = {
  userId: 5,
  userName: 'editor',
  nickName: '编辑',
  avatar: '',
  customerId: null,
  deptId: null,
  postIds: [],
  phonenumber: '13800000001',
  email: 'e@example.com',
};

beforeEach(() => {
  m.getProfile.mockResolvedValue({ code: 200, msg: '', data: profile } as never);
  m.updateProfile.mockResolvedValue({ code: 200, msg: '操作成功' });
  m.sendSmsCode.mockResolvedValue({ code: 200, msg: '验证码已发送' });
});
afterEach(() => jest.clearAllMocks());

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: /^保\s?存$/ })));

async function open() {
  render(
    <WithQueries>
      <App>
        <AccountSettings />
      </App>
    </WithQueries>,
  );
  await screen.findByDisplayValue('13800000001');
}

describe('/account/settings (issue 15 finding 4 and 3)', () => {
  test('[ISSUE-15.4] the same phone: no code field, saved without a code', async () => {
    await open();
    expect(screen.queryByLabelText('短信验证码')).toBeNull();
    type('昵称', '新昵称');
    await save();
    await waitFor(() => expect(m.updateProfile).toHaveBeenCalledWith({ nickName: '新昵称', phonenumber: '13800000001', email: 'e@example.com' }));
  });

  test('[ISSUE-15.4] a new phone needs a code sent to that number (purpose phone) and the save carries it', async () => {
    await open();
    type('手机号码', '13900000002');
    expect(await screen.findByLabelText('短信验证码')).toBeTruthy();
    await save();
    expect(await screen.findByText('请输入短信验证码')).toBeTruthy();
    expect(m.updateProfile).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByText('获取验证码').closest('button')!));
    expect(m.sendSmsCode).toHaveBeenCalledWith('13900000002', 'phone');
    expect(await screen.findByText(/秒后重新获取$/)).toBeTruthy();
    type('短信验证码', '246810');
    await save();
    await waitFor(() =>
      expect(m.updateProfile).toHaveBeenCalledWith({ nickName: '编辑', phonenumber: '13900000002', email: 'e@example.com', code: '246810' }),
    );
  });

  test('[ISSUE-15.4] no code is asked for a number that is not a valid phone', async () => {
    await open();
    type('手机号码', '1390000');
    // Text queries: role queries are slow on antd's large trees.
    expect((await screen.findByText('获取验证码')).closest('button')).toHaveProperty('disabled', true);
  });

  test('[ISSUE-15.3] the page offers a password change calling updatePwd', async () => {
    await open();
    expect(screen.getByRole('heading', { name: '修改密码' })).toBeTruthy();
    m.updatePassword.mockResolvedValue({ code: 200, msg: '操作成功' });
    type('旧密码', 'editor123');
    type('新密码', 'Editor#2026');
    type('确认密码', 'Editor#2026');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '确认修改' })));
    await waitFor(() => expect(m.updatePassword).toHaveBeenCalledWith({ oldPassword: 'editor123', newPassword: 'Editor#2026' }));
  });
});
