import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from '@site/antd-kit';
import * as api from '@site/api-client';
import type { Notice } from '@site/contract';
import { LatestNotices } from '../pages/dashboard/LatestNotices';
import { testQueryClient, WithQueries } from '../test/query-client';

jest.mock('@site/api-client', () => ({
  ...jest.requireActual('@site/api-client'),
  getDicts: jest.fn(),
  getNoticeList: jest.fn(),
  markNoticeRead: jest.fn(),
}));
const m = api as jest.Mocked<typeof api>;

const base: Notice = {
  noticeId: 1,
  noticeTitle: '旧通知',
  noticeType: '1',
  noticeContent: '<p>x</p>',
  status: '0',
  createTime: '2026-11-20 10:00:00',
  createBy: 'admin',
  audience: 'all',
  read: true,
};

beforeEach(() => {
  m.getDicts.mockResolvedValue({ code: 200, msg: '操作成功', data: [{ dictLabel: '通知', dictValue: '1', listClass: '', cssClass: '' }] } as never);
  m.getNoticeList.mockResolvedValue({
    code: 200,
    msg: '查询成功',
    total: 2,
    rows: [{ ...base, noticeId: 2, noticeTitle: '新通知', read: false }, base],
  });
  m.markNoticeRead.mockResolvedValue({ code: 200, msg: '操作成功', data: { unread: 0 } });
});
afterEach(() => jest.clearAllMocks());

describe('the workbench notices', () => {
  it('[issue 34.9] an unread notice is bold with a dot named 未读; opening it marks it read and the list is asked again', async () => {
    render(
      <WithQueries client={testQueryClient()}>
        <App>
          <LatestNotices title="最新通知" />
        </App>
      </WithQueries>,
    );
    const fresh = await screen.findByText('新通知');
    expect(screen.getAllByRole('img', { name: '未读' })).toHaveLength(1);
    expect(fresh.closest('strong')).not.toBeNull();
    expect(screen.getByText('旧通知').closest('strong')).toBeNull();

    m.getNoticeList.mockResolvedValue({ code: 200, msg: '查询成功', total: 2, rows: [{ ...base, noticeId: 2, noticeTitle: '新通知' }, base] });
    await act(async () => fireEvent.click(fresh));
    await waitFor(() => expect(m.markNoticeRead).toHaveBeenCalledWith(2));
    await waitFor(() => expect(screen.queryAllByRole('img', { name: '未读' })).toHaveLength(0));
    expect(m.getNoticeList).toHaveBeenCalledTimes(2);
  });
});
