/**
 * The charts of 站点监控. This module (and ECharts with it) is loaded only by that page, as a lazy
 * chunk; the chart itself is the shell's `EChart`, as 访问统计's.
 */
import { useMemo } from 'react';
import { theme } from '@site/antd-kit';
import type { MonitorErrorDay, MonitorServerMinute } from '@site/contract';
import { EChart } from '../../components/EChart';
import { daysOf, errorsOption, serverOption } from './monitor-options';

export function ErrorChart({ beginDate, endDate, rows }: { beginDate: string; endDate: string; rows: MonitorErrorDay[] }) {
  const { token } = theme.useToken();
  const option = useMemo(
    () => errorsOption(daysOf(beginDate, endDate), rows, token.colorTextSecondary),
    [beginDate, endDate, rows, token.colorTextSecondary],
  );
  const total = rows.reduce((n, r) => n + r.errors, 0);
  return <EChart className="monitor-chart" option={option} label={`各版本每日前端错误数，${beginDate} 至 ${endDate}：合计${total}`} />;
}

export function ServerChart({ series }: { series: MonitorServerMinute[] }) {
  const { token } = theme.useToken();
  const option = useMemo(() => serverOption(series, token.colorTextSecondary), [series, token.colorTextSecondary]);
  return <EChart className="monitor-chart" option={option} label={`接口每小时请求数、5xx 错误与 P95 延迟：共${series.length}小时`} />;
}

export default { ErrorChart, ServerChart };
