import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import * as runtime from '@site/app-runtime';
import AdminApp from '../AdminApp';
import { WithQueries } from '../test/query-client';

jest.mock('@site/api-client', () => ({
  ...jest.requireActual('@site/api-client'),
  getRouters: jest.fn(() => Promise.resolve({ code: 200, msg: '', data: [] })),
  getDicts: jest.fn(() => Promise.resolve({ code: 200, msg: '', data: [] })),
  getNoticeList: jest.fn(() => Promise.resolve({ code: 200, msg: '', rows: [], total: 0 })),
  getNoticeUnread: jest.fn(() => Promise.resolve({ code: 200, msg: '', data: { unread: 0 } })),
  getVisitStats: jest.fn(() => new Promise(() => undefined)),
  getWorkbenchAccount: jest.fn(() =>
    Promise.resolve({
      code: 200,
      msg: '',
      data: { customer: null, productName: '', productVersion: '', productArticleId: null, supportUrl: '' },
    }),
  ),
  getWorkbenchDocuments: jest.fn(() => Promise.resolve({ code: 200, msg: '', data: [] })),
  getMyMessages: jest.fn(() => Promise.resolve({ code: 200, msg: '', rows: [], total: 0 })),
}));
jest.mock('@site/app-runtime', () => ({
  ...jest.requireActual('@site/app-runtime'),
  loadUserInfo: jest.fn(),
}));
const r = runtime as jest.Mocked<typeof runtime>;

const user = (userName: string) => ({
  userId: userName === 'admin' ? 1 : 42,
  userName,
  nickName: userName === 'admin' ? '管理员' : '周明',
  avatar: '',
  customerId: null,
  deptId: null,
  postIds: [],
  phonenumber: '',
  email: '',
});

afterEach(() => {
  runtime.authStore.clear();
  jest.clearAllMocks();
});

function shellAs(userName: string, roles: string[]) {
  r.loadUserInfo.mockImplementation(async () => {
    runtime.authStore.setInfo({ user: user(userName), roles, permissions: roles.length ? ['*:*:*'] : [] });
  });
  render(
    <WithQueries>
      <MemoryRouter initialEntries={['/index']}>
        <AdminApp />
      </MemoryRouter>
    </WithQueries>,
  );
}

describe('the frame around the workbench (issue 27.9)', () => {
  test('[ISSUE-27.9] a customer sees their workbench without the staff frame: no tab bar, 页面设置, full-screen or language button', async () => {
    shellAs('13912345678', []);
    expect(await screen.findByRole('heading', { name: '我的账户' })).toBeTruthy();
    expect(document.querySelector('.customer-layout')).not.toBeNull();
    expect(screen.getByRole('button', { name: '用户菜单' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: /工作台/ })).toBeTruthy();
    expect(screen.queryByTestId('multi-tab')).toBeNull();
    expect(screen.queryByRole('button', { name: '页面设置' })).toBeNull();
    expect(screen.queryByRole('button', { name: '语言' })).toBeNull();
    expect(screen.queryByRole('button', { name: /全屏/ })).toBeNull();
  });

  test('[ISSUE-27.9] staff keep the staff frame', async () => {
    shellAs('admin', ['admin']);
    expect(await screen.findByRole('button', { name: '页面设置' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '语言' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /全屏/ })).toBeTruthy();
    expect(screen.getByTestId('multi-tab')).toBeTruthy();
    expect(document.querySelector('.customer-layout')).toBeNull();
  });
});
