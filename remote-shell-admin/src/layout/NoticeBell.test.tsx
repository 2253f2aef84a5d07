import { act, fireEvent, render, screen } from '@testing-library/react';
import { App } from '@site/antd-kit';
import * as api from '@site/api-client';
import { authStore } from '@site/app-runtime';
import { NOTICE, type Notice } from '@site/contract';
import { NoticeBell } from './NoticeBell';

jest.mock('@site/api-client', () => ({
  ...jest.requireActual('@site/api-client'),
  getNoticeList: jest.fn(),
  getNoticeUnread: jest.fn(),
  markNoticeRead: jest.fn(),
}));
const m = api as jest.Mocked<typeof api>;
jest.setTimeout(30000);

const notice: Notice = {
  noticeId: 5,
  noticeTitle: '系统升级通知',
  noticeType: '1',
  noticeContent: '<p>今晚升级</p>',
  status: '0',
  createTime: '2026-11-20 10:00:00',
  createBy: 'admin',
  audience: 'all',
};

beforeEach(() => {
  authStore.setDict(NOTICE.dictType, [{ dictLabel: '通知', dictValue: '1', listClass: '', cssClass: '' }]);
  m.getNoticeList.mockResolvedValue({ code: 200, msg: '查询成功', total: 1, rows: [notice] });
  m.getNoticeUnread.mockResolvedValue({ code: 200, msg: '操作成功', data: { unread: 3 } });
  m.markNoticeRead.mockResolvedValue({ code: 200, msg: '操作成功', data: { unread: 2 } });
});
afterEach(() => {
  jest.clearAllMocks();
  authStore.clear();
});

describe('notice bell', () => {
  it('[ISSUE-27.7] the badge shows the unread count and goes down when a notice is opened, which marks it read', async () => {
    render(
      <App>
        <NoticeBell />
      </App>,
    );
    const bell = await screen.findByRole('button', { name: '通知公告，3条未读' });
    expect(bell.querySelector('.ant-badge-count')?.getAttribute('title')).toBe('3');

    await act(async () => fireEvent.click(bell));
    fireEvent.click(await screen.findByText('系统升级通知'));

    expect(m.markNoticeRead).toHaveBeenCalledWith(5);
    const after = await screen.findByRole('button', { name: '通知公告，2条未读' });
    expect(after.querySelector('.ant-badge-count')?.getAttribute('title')).toBe('2');
  });

  it('[ISSUE-27.7] with nothing unread the bell has no count', async () => {
    m.getNoticeUnread.mockResolvedValue({ code: 200, msg: '操作成功', data: { unread: 0 } });
    render(
      <App>
        <NoticeBell />
      </App>,
    );
    await act(async () => {});
    expect(m.getNoticeUnread).toHaveBeenCalledTimes(1);
    const bell = screen.getByRole('button', { name: '通知公告' });
    expect(bell.querySelector('.ant-badge-count')).toBeNull();
  });
});
