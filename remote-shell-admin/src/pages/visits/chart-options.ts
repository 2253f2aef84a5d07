import type { VisitDay } from '@site/contract';
import type { EChartOption } from '../../components/EChart';

export interface ChartColors {
  primary: string;
  secondary: string;
  text: string;
}

const base = (days: VisitDay[], colors: ChartColors): EChartOption => ({
  color: [colors.primary, colors.secondary],
  grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
  legend: { top: 0, textStyle: { color: colors.text } },
  tooltip: { trigger: 'axis' },
  xAxis: { type: 'category', data: days.map((d) => d.date.slice(5)), axisLabel: { color: colors.text } },
  yAxis: { type: 'value', minInterval: 1, axisLabel: { color: colors.text } },
});

/** Page views and visitors per day, two lines of straight segments (a curve would invent values between days). */
export function pvUvOption(days: VisitDay[], colors: ChartColors): EChartOption {
  return {
    ...base(days, colors),
    series: [
      { name: '浏览量', type: 'line', smooth: false, showSymbol: days.length <= 31, data: days.map((d) => d.pv) },
      { name: '访客数', type: 'line', smooth: false, showSymbol: days.length <= 31, data: days.map((d) => d.uv) },
    ],
  };
}

/** New against returning visitors per day, stacked bars. */
export function visitorsOption(days: VisitDay[], colors: ChartColors): EChartOption {
  return {
    ...base(days, colors),
    series: [
      { name: '新访客', type: 'bar', stack: 'visitors', data: days.map((d) => d.newVisitors) },
      { name: '老访客', type: 'bar', stack: 'visitors', data: days.map((d) => d.returningVisitors) },
    ],
  };
}

/** What a screen reader hears for a chart: the range and the totals of each series. */
export function chartSummary(title: string, days: VisitDay[], series: [string, (d: VisitDay) => number][]): string {
  if (!days.length) return `${title}：无数据`;
  const totals = series.map(([name, pick]) => `${name}合计${days.reduce((n, d) => n + pick(d), 0)}`).join('，');
  return `${title}，${days[0].date} 至 ${days[days.length - 1].date}：${totals}`;
}
