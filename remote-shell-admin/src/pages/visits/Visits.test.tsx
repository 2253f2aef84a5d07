import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '@site/antd-kit';
import * as api from '@site/api-client';
import { ApiError, authStore } from '@site/app-runtime';
import { VISIT_LEFT_OUT_NOTE, type VisitAnalytics } from '@site/contract';
import Visits from './Visits';
import { WithQueries } from '../../test/query-client';
import { presetRange } from './range';

jest.mock('@site/api-client', () => ({
  ...jest.requireActual('@site/api-client'),
  getVisitAnalytics: jest.fn(),
  exportVisits: jest.fn(),
}));
// The charts module (ECharts, an ESM package and a canvas/SVG renderer) is proven by the e2e spec; here only its input.
jest.mock('./VisitCharts', () => ({
  __esModule: true,
  default: ({ daily }: { daily: { date: string }[] }) => <div data-testid="charts">{daily.map((d) => d.date).join(',')}</div>,
}));

const m = api as jest.Mocked<typeof api>;

const figures = (over: Partial<VisitAnalytics> = {}): VisitAnalytics => ({
  beginDate: '2024-03-01',
  endDate: '2024-03-02',
  pv: 1234,
  uv: 56,
  sessions: 60,
  newVisitors: 40,
  returningVisitors: 16,
  avgDuration: 65,
  avgSessionDuration: 3725,
  daily: [
    { date: '2024-03-01', pv: 1000, uv: 50, newVisitors: 38, returningVisitors: 12, sessions: 52 },
    { date: '2024-03-02', pv: 234, uv: 6, newVisitors: 2, returningVisitors: 4, sessions: 8 },
  ],
  topPages: [{ page: '/newsDetail?id=5', title: '公司发布新一代风险预警平台', pv: 30, uv: 20 }],
  entryPages: [{ page: '/news', title: '新闻中心', sessions: 9 }],
  referrers: [
    { host: 'www.baidu.com', label: 'www.baidu.com', kind: 'external', sessions: 7 },
    { host: '', label: '直接访问', kind: 'direct', sessions: 3 },
  ],
  ...over,
});

function signIn(permissions: string[]) {
  authStore.setInfo({ user: { userId: 1, userName: 'u', nickName: 'u', avatar: '' } as never, roles: ['editor'], permissions });
}

async function open() {
  render(
    <WithQueries>
      <App>
        <Visits />
      </App>
    </WithQueries>,
  );
  await screen.findByText('公司发布新一代风险预警平台');
}

beforeEach(() => {
  m.getVisitAnalytics.mockResolvedValue({ code: 200, msg: '操作成功', data: figures() });
  m.exportVisits.mockResolvedValue(true);
});
afterEach(() => {
  jest.clearAllMocks();
  authStore.clear();
});

describe('访问统计 page (issue 18.5)', () => {
  test('[ISSUE-18.5] KPI cards, the charts fed with the days, pages by title, entry pages, referrers', async () => {
    signIn(['content:visit:list', 'content:visit:query']);
    await open();
    expect(m.getVisitAnalytics).toHaveBeenCalledWith(presetRange(7));
    expect(screen.getByText('1,234')).toBeTruthy();
    expect(screen.getByText('1小时02分')).toBeTruthy(); // average visit: 3725 s
    expect(screen.getByText('1分05秒')).toBeTruthy(); // average stay on a page: 65 s
    expect((await screen.findByTestId('charts')).textContent).toBe('2024-03-01,2024-03-02');
    expect(screen.getByText('公司发布新一代风险预警平台').getAttribute('title')).toBe('/newsDetail?id=5');
    expect(screen.getByText('新闻中心')).toBeTruthy();
    expect(screen.getByText('直接访问')).toBeTruthy();
    expect(screen.getByText('www.baidu.com')).toBeTruthy();
    // Without content:visit:export the export button is absent.
    expect(screen.queryByRole('button', { name: /导\s?出/ })).toBeNull();
  });

  test('[issue 45.1] the page says what it leaves out, and offers 近 365 天', async () => {
    signIn(['content:visit:list', 'content:visit:query']);
    await open();
    expect(screen.getByText(VISIT_LEFT_OUT_NOTE)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByText('近 365 天')));
    await waitFor(() => expect(m.getVisitAnalytics).toHaveBeenLastCalledWith(presetRange(365)));
  });

  test('[ISSUE-18.5] a preset reloads that range; export sends the range shown', async () => {
    signIn(['content:visit:list', 'content:visit:query', 'content:visit:export']);
    await open();
    await act(async () => fireEvent.click(screen.getByText('近 30 天')));
    await waitFor(() => expect(m.getVisitAnalytics).toHaveBeenLastCalledWith(presetRange(30)));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /导\s?出/ })));
    expect(m.exportVisits).toHaveBeenCalledWith(presetRange(30));
  });

  test('[ISSUE-18.5][ISSUE-18] the server refusing the range shows its message beside the date field', async () => {
    signIn(['content:visit:list', 'content:visit:query']);
    await open();
    m.getVisitAnalytics.mockRejectedValueOnce(
      new ApiError('统计范围不能超过366天', 400, { code: 400, msg: '统计范围不能超过366天', field: 'beginDate' }),
    );
    await act(async () => fireEvent.click(screen.getByText('近 90 天')));
    const item = (await screen.findByText('统计范围不能超过366天')).closest('.ant-form-item') as HTMLElement;
    expect(within(item).getByText('起止日期')).toBeTruthy();
    // The figures already shown stay.
    expect(screen.getByText('公司发布新一代风险预警平台')).toBeTruthy();
  });

  test('[ISSUE-18.5] a failure to load is a Chinese error', async () => {
    signIn(['content:visit:list', 'content:visit:query']);
    m.getVisitAnalytics.mockRejectedValueOnce(new ApiError('当前操作没有权限', 403));
    render(
      <WithQueries>
        <App>
          <Visits />
        </App>
      </WithQueries>,
    );
    expect(await screen.findByText('访问统计加载失败')).toBeTruthy();
    expect(screen.getByText('当前操作没有权限')).toBeTruthy();
  });
});
