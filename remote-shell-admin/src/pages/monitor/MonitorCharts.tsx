/**
 * The charts of 站点监控 (issue 37.2, 37.5). This module (and ECharts with it) is loaded only by that page, as a lazy
 * chunk, with modular imports as 访问统计's charts: line and bar charts, grid, legend, tooltip, the SVG renderer.
 */
import { useEffect, useMemo, useRef } from 'react';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerParts, type EChartsType } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { theme } from '@site/antd-kit';
import type { MonitorErrorDay, MonitorServerMinute } from '@site/contract';
import { daysOf, errorsOption, serverOption, type MonitorChartOption } from './monitor-options';

registerParts([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

function EChart({ option, label }: { option: MonitorChartOption; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  useEffect(() => {
    const el = box.current!;
    const c = init(el, undefined, { renderer: 'svg' });
    chart.current = c;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => c.resize());
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);
  return <div ref={box} className="monitor-chart" role="img" aria-label={label} style={{ width: '100%', height: 300 }} />;
}

export function ErrorChart({ beginDate, endDate, rows }: { beginDate: string; endDate: string; rows: MonitorErrorDay[] }) {
  const { token } = theme.useToken();
  const option = useMemo(
    () => errorsOption(daysOf(beginDate, endDate), rows, token.colorTextSecondary),
    [beginDate, endDate, rows, token.colorTextSecondary],
  );
  const total = rows.reduce((n, r) => n + r.errors, 0);
  return <EChart option={option} label={`各版本每日前端错误数，${beginDate} 至 ${endDate}：合计${total}`} />;
}

export function ServerChart({ series }: { series: MonitorServerMinute[] }) {
  const { token } = theme.useToken();
  const option = useMemo(() => serverOption(series, token.colorTextSecondary), [series, token.colorTextSecondary]);
  return <EChart option={option} label={`接口每小时请求数、5xx 错误与 P95 延迟：共${series.length}小时`} />;
}

export default { ErrorChart, ServerChart };
