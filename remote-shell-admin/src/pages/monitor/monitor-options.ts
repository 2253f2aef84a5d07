import type { MonitorErrorDay, MonitorServerMinute } from '@site/contract';
import type { EChartOption } from '../../components/EChart';

/** Every day of the range, `YYYY-MM-DD`. */
export function daysOf(beginDate: string, endDate: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${beginDate}T00:00:00Z`); t <= Date.parse(`${endDate}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** Errors per day, one bar series per remote version (stacked), days without errors as 0. */
export function errorsOption(days: string[], rows: MonitorErrorDay[], text: string): EChartOption {
  const versions = [...new Set(rows.map((r) => r.version))].sort();
  const at = new Map(rows.map((r) => [`${r.date}|${r.version}`, r.errors]));
  return {
    grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
    legend: { top: 0, type: 'scroll', textStyle: { color: text } },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: days.map((d) => d.slice(5)), axisLabel: { color: text } },
    yAxis: { type: 'value', name: '错误数', minInterval: 1, axisLabel: { color: text } },
    series: versions.map((v) => ({ name: v, type: 'bar', stack: 'errors', data: days.map((d) => at.get(`${d}|${v}`) ?? 0) })),
  };
}

/** The API per hour: requests and 5xx (bars), the 95th percentile of the latency (line, right axis). */
export function serverOption(series: MonitorServerMinute[], text: string): EChartOption {
  const label = (iso: string) => {
    const d = new Date(iso);
    return `${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')} ${String(d.getHours()).padStart(2, '0')}时`;
  };
  return {
    grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
    legend: { top: 0, textStyle: { color: text } },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: series.map((s) => label(s.minute)), axisLabel: { color: text } },
    yAxis: [
      { type: 'value', name: '请求数', minInterval: 1, axisLabel: { color: text } },
      { type: 'value', name: '毫秒', axisLabel: { color: text } },
    ],
    series: [
      { name: '请求数', type: 'bar', data: series.map((s) => s.requests) },
      { name: '5xx 错误', type: 'bar', data: series.map((s) => s.errors5xx) },
      { name: 'P95 延迟（毫秒）', type: 'line', yAxisIndex: 1, data: series.map((s) => s.p95Ms) },
    ],
  };
}
