import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { App } from '@site/antd-kit';
import * as api from '@site/api-client';
import { authStore } from '@site/app-runtime';
import type { Notice } from '@site/contract';
import { CHANGES } from '../data/keys';
import { testQueryClient, WithQueries } from '../test/query-client';
import { NoticeBell, UNREAD_REFETCH_MS } from './NoticeBell';

jest.mock('@site/api-client', () => ({
  ...jest.requireActual('@site/api-client'),
  getDicts: jest.fn(),
  getNoticeList: jest.fn(),
  getNoticeUnread: jest.fn(),
  markNoticeRead: jest.fn(),
  markAllNoticesRead: jest.fn(),
}));
const m = api as jest.Mocked<typeof api>;

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
  m.getDicts.mockResolvedValue({ code: 200, msg: '操作成功', data: [{ dictLabel: '通知', dictValue: '1', listClass: '', cssClass: '' }] } as never);
  m.getNoticeList.mockResolvedValue({ code: 200, msg: '查询成功', total: 1, rows: [notice] });
  m.getNoticeUnread.mockResolvedValue({ code: 200, msg: '操作成功', data: { unread: 3 } });
  m.markNoticeRead.mockResolvedValue({ code: 200, msg: '操作成功', data: { unread: 2 } });
  m.markAllNoticesRead.mockResolvedValue({ code: 200, msg: '操作成功', data: { unread: 0 } });
});
afterEach(() => {
  jest.clearAllMocks();
  authStore.clear();
  jest.useRealTimers();
});

function renderBell(client: QueryClient = testQueryClient()) {
  render(
    <WithQueries client={client}>
      <App>
        <NoticeBell />
      </App>
    </WithQueries>,
  );
  return client;
}

describe('notice bell', () => {
  it('[ISSUE-27.7] the badge shows the unread count and goes down when a notice is opened, which marks it read', async () => {
    renderBell();
    const bell = await screen.findByRole('button', { name: '通知公告，3条未读' });
    expect(bell.querySelector('.ant-badge-count')?.getAttribute('title')).toBe('3');

    await act(async () => fireEvent.click(bell));
    fireEvent.click(await screen.findByText('系统升级通知'));

    await waitFor(() => expect(m.markNoticeRead).toHaveBeenCalledWith(5));
    const after = await screen.findByRole('button', { name: '通知公告，2条未读' });
    expect(after.querySelector('.ant-badge-count')?.getAttribute('title')).toBe('2');
  });

  it('[ISSUE-27.7] with nothing unread the bell has no count', async () => {
    m.getNoticeUnread.mockResolvedValue({ code: 200, msg: '操作成功', data: { unread: 0 } });
    renderBell();
    await act(async () => {});
    expect(m.getNoticeUnread).toHaveBeenCalledTimes(1);
    const bell = screen.getByRole('button', { name: '通知公告' });
    expect(bell.querySelector('.ant-badge-count')).toBeNull();
  });

  it('[ISSUE-34.1] a write on notices (通知公告) invalidates the count: the badge shows the new one without a reload', async () => {
    const client = renderBell();
    await screen.findByRole('button', { name: '通知公告，3条未读' });
    m.getNoticeUnread.mockResolvedValue({ code: 200, msg: '操作成功', data: { unread: 4 } });
    await act(async () => {
      await Promise.all(CHANGES.notice.map((queryKey) => client.invalidateQueries({ queryKey })));
    });
    expect(await screen.findByRole('button', { name: '通知公告，4条未读' })).toBeTruthy();
  });

  it('[ISSUE-34.1] a new notice reaches the badge within a minute, without opening the bell or reloading', async () => {
    jest.useFakeTimers();
    renderBell();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('button', { name: '通知公告，3条未读' })).toBeTruthy();
    m.getNoticeUnread.mockResolvedValue({ code: 200, msg: '操作成功', data: { unread: 5 } });
    expect(UNREAD_REFETCH_MS).toBeLessThanOrEqual(60_000);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(UNREAD_REFETCH_MS);
    });
    await waitFor(() => expect(screen.getByRole('button', { name: '通知公告，5条未读' })).toBeTruthy());
  });

  describe('unread marks and 全部已读', () => {
    const unreadOne: Notice = { ...notice, noticeId: 6, noticeTitle: '新功能上线', read: false };
    const readOne: Notice = { ...notice, read: true };
    beforeEach(() => {
      m.getNoticeList.mockResolvedValue({ code: 200, msg: '查询成功', total: 2, rows: [unreadOne, readOne] });
      m.getNoticeUnread.mockResolvedValue({ code: 200, msg: '操作成功', data: { unread: 1 } });
    });
    const rowOf = (title: string) => screen.getByText(title).closest('.notice-row') as HTMLElement;

    it('[issue 34.9] an unread notice is bold with a dot named 未读; a read one is plain', async () => {
      renderBell();
      await act(async () => fireEvent.click(await screen.findByRole('button', { name: '通知公告，1条未读' })));
      await screen.findByText('新功能上线');
      expect(within(rowOf('新功能上线')).getByRole('img', { name: '未读' })).toBeTruthy();
      expect(within(rowOf('新功能上线')).getByText('新功能上线').closest('strong')).not.toBeNull();
      expect(within(rowOf('系统升级通知')).queryByRole('img', { name: '未读' })).toBeNull();
      expect(within(rowOf('系统升级通知')).getByText('系统升级通知').closest('strong')).toBeNull();
      expect(screen.getAllByRole('img', { name: '未读' })).toHaveLength(1);
    });

    it('[issue 34.9] 全部已读 marks every notice read: the marks go and the badge clears; the pages are asked again', async () => {
      const client = renderBell();
      await act(async () => fireEvent.click(await screen.findByRole('button', { name: '通知公告，1条未读' })));
      await screen.findByText('新功能上线');
      const readAll = screen.getByRole('button', { name: '全部已读' });
      expect(readAll.hasAttribute('disabled')).toBe(false);
      const invalidate = jest.spyOn(client, 'invalidateQueries');
      await act(async () => fireEvent.click(readAll));
      await waitFor(() => expect(m.markAllNoticesRead).toHaveBeenCalledTimes(1));
      await waitFor(() => expect(screen.queryAllByRole('img', { name: '未读' })).toHaveLength(0));
      expect(screen.getByText('新功能上线').closest('strong')).toBeNull();
      const bell = screen.getByRole('button', { name: '通知公告' });
      expect(bell.querySelector('.ant-badge-count')).toBeNull();
      expect(screen.getByRole('button', { name: '全部已读' }).hasAttribute('disabled')).toBe(true);
      expect(invalidate).toHaveBeenCalledWith({ queryKey: ['admin', 'bell', 'page'] });
    });
  });
});
