import { formatSeconds, presetOf, presetRange, rangeDays, rangeProblem } from './range';
import { chartSummary, pvUvOption, visitorsOption } from './chart-options';

const colors = { primary: '#111', secondary: '#222', text: '#333' };
const day = (date: string, n: number) => ({ date, pv: n * 10, uv: n, newVisitors: n - 1, returningVisitors: 1, sessions: n });

describe('visit range and chart options (issue 18.5)', () => {
  test('[ISSUE-18.5][issue 45.1] presets are the last 7/30/90/365 days including today; a chosen range is checked as the server does', () => {
    expect(presetRange(7, '2024-03-10')).toEqual({ beginDate: '2024-03-04', endDate: '2024-03-10' });
    expect(presetRange(365, '2024-03-10')).toEqual({ beginDate: '2023-03-12', endDate: '2024-03-10' });
    expect(presetOf({ beginDate: '2023-03-12', endDate: '2024-03-10' }, '2024-03-10')).toBe(365);
    expect(rangeProblem(presetRange(365, '2024-03-10'))).toBeNull();
    expect(rangeDays(presetRange(90, '2024-03-10'))).toBe(90);
    expect(presetOf({ beginDate: '2024-02-10', endDate: '2024-03-10' }, '2024-03-10')).toBe(30);
    expect(presetOf({ beginDate: '2024-02-11', endDate: '2024-03-10' }, '2024-03-10')).toBeNull();
    expect(rangeProblem({ beginDate: '2024-03-02', endDate: '2024-03-01' })).toBe('结束日期不能早于开始日期');
    expect(rangeProblem({ beginDate: '2023-01-01', endDate: '2024-01-01' })).toBeNull(); // 366 days
    expect(rangeProblem({ beginDate: '2023-01-01', endDate: '2024-01-02' })).toBe('统计范围不能超过366天');
  });

  test('[ISSUE-18.5] durations read as minutes and seconds', () => {
    expect([formatSeconds(0), formatSeconds(59), formatSeconds(65), formatSeconds(3725)]).toEqual(['0秒', '59秒', '1分05秒', '1小时02分']);
  });

  test('[ISSUE-18.5][ISSUE-27.6] PV/UV lines and stacked new/returning bars per day; the summary a screen reader hears', () => {
    const days = [day('2024-03-01', 2), day('2024-03-02', 5)];
    const lines = pvUvOption(days, colors);
    expect(lines.xAxis).toMatchObject({ data: ['03-01', '03-02'] });
    expect(lines.series).toEqual([
      // Straight segments (issue 27.6): a smoothed curve would show values between the days that do not exist.
      expect.objectContaining({ name: '浏览量', type: 'line', smooth: false, data: [20, 50] }),
      expect.objectContaining({ name: '访客数', type: 'line', smooth: false, data: [2, 5] }),
    ]);
    expect(visitorsOption(days, colors).series).toEqual([
      expect.objectContaining({ name: '新访客', type: 'bar', stack: 'visitors', data: [1, 4] }),
      expect.objectContaining({ name: '老访客', type: 'bar', stack: 'visitors', data: [1, 1] }),
    ]);
    expect(chartSummary('每日浏览量与访客数', days, [['浏览量', (d) => d.pv]])).toBe('每日浏览量与访客数，2024-03-01 至 2024-03-02：浏览量合计70');
    expect(chartSummary('新老访客', [], [])).toBe('新老访客：无数据');
  });
});
