import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '@site/antd-kit';
import * as api from '@site/api-client';
import { VISIT_LEFT_OUT_NOTE, type MonitorSite } from '@site/contract';
import SiteMonitor from './SiteMonitor';
import { WithQueries } from '../../test/query-client';
import { daysOf, errorsOption } from './monitor-options';

jest.mock('@site/api-client', () => ({
  ...jest.requireActual('@site/api-client'),
  getSiteMonitor: jest.fn(),
}));
// The charts module (ECharts) is proven by the e2e spec; here only its input.
jest.mock('./MonitorCharts', () => ({
  __esModule: true,
  ErrorChart: ({ rows }: { rows: { version: string; errors: number }[] }) => (
    <div data-testid="error-chart">{rows.map((r) => `${r.version}:${r.errors}`).join(',')}</div>
  ),
  ServerChart: ({ series }: { series: unknown[] }) => <div data-testid="server-chart">{series.length}</div>,
}));

const m = api as jest.Mocked<typeof api>;

const site = (): MonitorSite => ({
  beginDate: '2026-11-21',
  endDate: '2026-11-27',
  vitals: [
    { route: '/newsDetail', device: 'all', views: 120, lcp: 1800, inp: 350, cls: 0.3, ttfb: 420, samples: { LCP: 120 } },
    { route: '/video', device: 'all', views: 40, lcp: 4600, inp: 90, cls: 0.02, ttfb: null, samples: { LCP: 40 } },
    { route: '/video', device: 'phone', views: 30, lcp: 5200, inp: 120, cls: 0.05, ttfb: 800, samples: { LCP: 30 } },
  ],
  errorDays: [
    { date: '2026-11-26', version: 'remote_content@1.4.2', errors: 3 },
    { date: '2026-11-27', version: 'remote_content@1.5.0', errors: 9 },
  ],
  versions: [
    { remote: 'remote_content', version: '1.4.2', views: 100, errors: 3, errorRate: 3, firstSeen: '2026-11-21', lastSeen: '2026-11-26' },
    { remote: 'remote_content', version: '1.5.0', views: 60, errors: 9, errorRate: 15, firstSeen: '2026-11-26', lastSeen: '2026-11-27' },
  ],
  messages: [
    {
      remote: 'remote_content',
      version: '1.5.0',
      kind: 'error',
      route: '/newsDetail',
      message: 'TypeError: a is undefined',
      count: 7,
      lastDate: '2026-11-27',
    },
    {
      remote: 'remote_content',
      version: '1.4.2',
      kind: 'chunk',
      route: '/news',
      message: 'ChunkLoadError: Loading chunk N failed',
      count: 12,
      lastDate: '2026-11-26',
    },
  ],
  server: {
    requests: 5000,
    errors5xx: 5,
    errorRate: 0.1,
    p50Ms: 12,
    p95Ms: 85,
    series: [{ minute: '2026-11-27T01:00:00.000Z', requests: 5000, errors5xx: 5, p95Ms: 85 }],
    render: { changes: 4, avgMs: 2300, maxMs: 5100, p95Ms: 5000, pending: 1, oldestPendingMs: 900 },
  },
});

async function open() {
  render(
    <WithQueries>
      <App>
        <SiteMonitor />
      </App>
    </WithQueries>,
  );
  await within(await card('页面性能（第 75 百分位）')).findByText('/newsDetail', { selector: 'td' });
}

beforeEach(() => {
  m.getSiteMonitor.mockResolvedValue({ code: 200, msg: '操作成功', data: site() });
});
afterEach(() => jest.clearAllMocks());

/** A PageSection (an antd card) by its title. */
const card = async (title: string) => (await screen.findByText(title, { selector: 'h2' }, { timeout: 10000 })).closest('.ant-card') as HTMLElement;
const vitals = () => card('页面性能（第 75 百分位）');

describe('[issue 37.2] 站点监控', () => {
  it('[issue 45.1] says what its figures leave out', async () => {
    await open();
    expect(screen.getByText(VISIT_LEFT_OUT_NOTE)).toBeTruthy();
  });

  it("shows the p75 of LCP, INP and CLS per route with Google's bands as 良好 / 需要改进 / 较差", async () => {
    await open();
    expect(m.getSiteMonitor).toHaveBeenCalledWith(expect.objectContaining({ beginDate: expect.any(String), endDate: expect.any(String) }));
    const row = within(await vitals())
      .getByText('/newsDetail', { selector: 'td' })
      .closest('tr')!;
    expect(within(row).getByText(/1,800 毫秒/)).toBeTruthy();
    expect(within(row).getByText('良好')).toBeTruthy(); // LCP 1800
    expect(within(row).getByText('需要改进')).toBeTruthy(); // INP 350
    expect(within(row).getByText('较差')).toBeTruthy(); // CLS 0.3
    const video = within(await vitals())
      .getByText('/video', { selector: 'td' })
      .closest('tr')!;
    expect(within(video).getAllByText('较差')).toHaveLength(1); // LCP 4600
    expect(within(video).getAllByText('良好')).toHaveLength(2);
    expect(within(video).getByText('无数据')).toBeTruthy(); // TTFB null
  });

  it('the device switch shows the phone figures; tables sort by a column', async () => {
    await open();
    fireEvent.click(screen.getByRole('radio', { name: '手机' }));
    const v = await vitals();
    await waitFor(() => expect(within(v).queryByText('/newsDetail', { selector: 'td' })).toBeNull());
    expect(within(v).getByText(/5,200 毫秒/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '全部设备' }));
    await within(v).findByText('/newsDetail', { selector: 'td' });

    // Messages: most frequent first, then by 次数 ascending on a click.
    const box = await card('错误信息排行');
    const messages = () =>
      within(box)
        .getAllByText(/TypeError: a is undefined|ChunkLoadError/)
        .map((e) => e.textContent);
    expect(messages()[0]).toMatch(/ChunkLoadError/);
    const countHeader = within(box)
      .getAllByText('次数')
      .find((e) => e.closest('th'))!;
    fireEvent.click(countHeader);
    await waitFor(() => expect(messages()[0]).toMatch(/TypeError/));
    expect(screen.getByText('资源块加载失败')).toBeTruthy();
  });

  it('errors per remote version go to the chart; versions with when they went live; the server side', async () => {
    await open();
    expect((await screen.findByTestId('error-chart')).textContent).toBe('remote_content@1.4.2:3,remote_content@1.5.0:9');
    const releases = await card('版本上线记录');
    expect(within(releases).getByText('1.5.0', { selector: 'td' }).closest('tr')!.textContent).toContain('2026-11-26');
    expect(within(releases).getByText('15', { selector: 'td' })).toBeTruthy();
    expect(screen.getByText('0.1%')).toBeTruthy();
    expect(screen.getByText('85 毫秒')).toBeTruthy();
    expect(screen.getByText('2,300 毫秒')).toBeTruthy();
    expect(screen.getByText('1 条（最久 900 毫秒）')).toBeTruthy();
    expect((await screen.findByTestId('server-chart')).textContent).toBe('1');
  });

  it('the chart option: one stacked bar series per version, a value for every day of the range', () => {
    const days = daysOf('2026-11-25', '2026-11-27');
    expect(days).toEqual(['2026-11-25', '2026-11-26', '2026-11-27']);
    const o = errorsOption(days, site().errorDays, '#666');
    expect((o.series as { name: string; data: number[] }[]).map((s) => [s.name, s.data])).toEqual([
      ['remote_content@1.4.2', [0, 3, 0]],
      ['remote_content@1.5.0', [0, 0, 9]],
    ]);
  });
});
