import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { App } from '@site/antd-kit';
import * as api from '@site/api-client';
import { authStore } from '@site/app-runtime';
import type { LoginLogEntry } from '@site/contract';
import { WithQueries } from '../../test/query-client';
import LoginLog from './LoginLog';

jest.mock('@site/api-client', () => ({
  ...jest.requireActual('@site/api-client'),
  getLoginLog: jest.fn(),
}));
const m = api as jest.Mocked<typeof api>;

const row = (id: number, userName: string, method: LoginLogEntry['method'], msg = '登录成功'): LoginLogEntry => ({
  id,
  userName,
  ip: '10.0.0.1',
  browser: 'Chrome 120 / Windows',
  status: '0',
  msg,
  method,
  createTime: '2026-11-28 10:00:00',
});

beforeEach(() => {
  m.getLoginLog.mockResolvedValue({
    code: 200,
    msg: '查询成功',
    total: 5,
    rows: [
      row(5, '13700000005', 'register', '注册成功'),
      row(4, 'wx_o_local_1', 'wx'),
      row(3, '13700000005', 'sms'),
      row(2, 'admin', 'password'),
      row(1, 'old', null),
    ],
  });
  authStore.setInfo({
    user: { userId: 1, userName: 'admin', nickName: '管理员', avatar: '', customerId: null, deptId: null, postIds: [], phonenumber: '', email: '' },
    roles: ['admin'],
    permissions: ['*:*:*'],
  });
});
afterEach(() => {
  jest.clearAllMocks();
  authStore.clear();
});

function show() {
  render(
    <WithQueries>
      <App>
        <MemoryRouter>
          <LoginLog />
        </MemoryRouter>
      </App>
    </WithQueries>,
  );
}

describe('登录日志 登录方式 [issue 45.3]', () => {
  it('[issue 45.3] each row shows its way in: 注册, 微信, 短信, 密码; a row from before it was recorded shows —', async () => {
    show();
    await screen.findByText('wx_o_local_1');
    const header = [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent);
    const col = header.indexOf('登录方式');
    expect(col).toBeGreaterThan(-1);
    const cells = [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((tr) => tr.querySelectorAll('td')[col]?.textContent);
    expect(cells).toEqual(['注册', '微信', '短信', '密码', '—']);
  });

  it('[issue 45.3] 登录方式 is a filter of the search form: 查询 asks the server for that way in only', async () => {
    show();
    await screen.findByText('wx_o_local_1');
    const form = document.getElementById('login-log-search') as HTMLElement;
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: '登录方式' }));
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => o.textContent === '注册');
      if (!found) throw new Error('no option 注册');
      return found;
    });
    expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toEqual(['密码', '短信', '微信', '注册']);
    fireEvent.click(option);
    fireEvent.click(within(form).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(m.getLoginLog).toHaveBeenLastCalledWith(expect.objectContaining({ method: 'register' })));
  });
});
