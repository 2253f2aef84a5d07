import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import * as api from '@site/api-client';
import * as runtime from '@site/app-runtime';
import AdminApp from '../../AdminApp';
import { WithQueries } from '../../test/query-client';

jest.mock('@site/api-client', () => ({
  ...jest.requireActual('@site/api-client'),
  updatePassword: jest.fn(),
  getRouters: jest.fn(() => Promise.resolve({ code: 200, msg: '', data: [] })),
  getDicts: jest.fn(() => Promise.resolve({ code: 200, msg: '', data: [] })),
  getNoticeList: jest.fn(() => Promise.resolve({ code: 200, msg: '', rows: [], total: 0 })),
  getNoticeUnread: jest.fn(() => Promise.resolve({ code: 200, msg: '', data: { unread: 0 } })),
  getVisitStats: jest.fn(() => new Promise(() => undefined)),
  getConfigKey: jest.fn(() => Promise.resolve({ code: 200, msg: '', data: '' })),
}));
jest.mock('@site/app-runtime', () => ({
  ...jest.requireActual('@site/app-runtime'),
  loadUserInfo: jest.fn(),
}));

const m = api as jest.Mocked<typeof api>;
const r = runtime as jest.Mocked<typeof runtime>;

const user = {
  userId: 1,
  userName: 'admin',
  nickName: '管理员',
  avatar: '',
  customerId: null,
  deptId: null,
  postIds: [],
  phonenumber: '',
  email: '',
};
/** What /getInfo answers: the initial password until the change went through. */
let initialPassword = true;

beforeEach(() => {
  initialPassword = true;
  runtime.authStore.clear();
  r.loadUserInfo.mockImplementation(async () => {
    runtime.authStore.setInfo({ user, roles: ['admin'], permissions: ['*:*:*'], isDefaultModifyPwd: initialPassword });
  });
});
afterEach(() => jest.clearAllMocks());

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: '确认修改' })));

function renderShell() {
  return render(
    <WithQueries>
      <MemoryRouter initialEntries={['/index']}>
        <AdminApp />
      </MemoryRouter>
    </WithQueries>,
  );
}

describe('forced change of the initial password (issue 15 finding 3)', () => {
  test('[ISSUE-15.3] an account on its initial password sees only the change form; the menu is not asked for', async () => {
    renderShell();
    expect(await screen.findByText('您的密码还是初始密码，请修改密码！')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '修改初始密码' })).toBeTruthy();
    expect(m.getRouters).not.toHaveBeenCalled();
    expect(m.getDicts).not.toHaveBeenCalled();
  });

  test('[ISSUE-15.3] length, new = old and confirmation are checked in Chinese before anything is sent', async () => {
    renderShell();
    await screen.findByText('您的密码还是初始密码，请修改密码！');
    await submit();
    expect(await screen.findByText('请输入旧密码')).toBeTruthy();
    expect(screen.getByText('请输入新密码')).toBeTruthy();
    expect(screen.getByText('请再次输入新密码')).toBeTruthy();
    type('旧密码', 'admin123');
    type('新密码', '12345');
    type('确认密码', '123456');
    await submit();
    expect(await screen.findByText('密码长度为6-20位')).toBeTruthy();
    expect(screen.getByText('两次输入的密码不一致')).toBeTruthy();
    type('新密码', 'admin123');
    type('确认密码', 'admin123');
    await submit();
    expect(await screen.findByText('新密码不能与旧密码相同')).toBeTruthy();
    type('新密码', 'x'.repeat(21));
    await submit();
    expect(await screen.findByText('密码长度为6-20位')).toBeTruthy();
    expect(m.updatePassword).not.toHaveBeenCalled();
  });

  test('[ISSUE-15.3] a refused change keeps what was typed; a good one reloads /getInfo and opens the shell', async () => {
    renderShell();
    await screen.findByText('您的密码还是初始密码，请修改密码！');
    m.updatePassword.mockRejectedValueOnce(new runtime.ApiError('修改密码失败，旧密码错误', 500));
    type('旧密码', 'wrong-old');
    type('新密码', 'Better#2026');
    type('确认密码', 'Better#2026');
    await submit();
    await waitFor(() => expect(m.updatePassword).toHaveBeenCalledWith({ oldPassword: 'wrong-old', newPassword: 'Better#2026' }));
    expect(screen.getByLabelText<HTMLInputElement>('旧密码').value).toBe('wrong-old');
    expect(screen.getByLabelText<HTMLInputElement>('新密码').value).toBe('Better#2026');
    expect(screen.getByText('您的密码还是初始密码，请修改密码！')).toBeTruthy();

    m.updatePassword.mockImplementationOnce(async () => {
      initialPassword = false;
      return { code: 200, msg: '操作成功' };
    });
    type('旧密码', 'admin123');
    await submit();
    await waitFor(() => expect(screen.queryByText('您的密码还是初始密码，请修改密码！')).toBeNull());
    expect(m.updatePassword).toHaveBeenLastCalledWith({ oldPassword: 'admin123', newPassword: 'Better#2026' });
    await waitFor(() => expect(m.getRouters).toHaveBeenCalledTimes(1));
    expect(runtime.authStore.get().mustChangePassword).toBe(false);
  });
});
