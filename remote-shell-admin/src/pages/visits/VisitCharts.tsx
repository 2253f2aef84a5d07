/**
 * The charts of the 访问统计 page. This module (and ECharts with it) is loaded only by that page, as a lazy chunk:
 * Visits.tsx imports it with React.lazy. Modular imports keep ECharts to the line and bar charts, the grid, the
 * legend, the tooltip and the SVG renderer.
 */
import { useEffect, useMemo, useRef } from 'react';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerParts, type EChartsType } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { Col, Row, theme } from '@site/antd-kit';
import type { VisitDay } from '@site/contract';
import { chartSummary, pvUvOption, visitorsOption, type ChartColors, type VisitChartOption } from './chart-options';

registerParts([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

function EChart({ option, label }: { option: VisitChartOption; label: string }) {
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
  return <div ref={box} className="visit-chart" role="img" aria-label={label} style={{ width: '100%', height: 300 }} />;
}

export default function VisitCharts({ daily }: { daily: VisitDay[] }) {
  const { token } = theme.useToken();
  const colors: ChartColors = useMemo(
    () => ({ primary: token.colorPrimary, secondary: token.colorWarning, text: token.colorTextSecondary }),
    [token.colorPrimary, token.colorWarning, token.colorTextSecondary],
  );
  const pvUv = useMemo(() => pvUvOption(daily, colors), [daily, colors]);
  const visitors = useMemo(() => visitorsOption(daily, colors), [daily, colors]);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <h3 className="visit-chart-title">每日浏览量与访客数</h3>
        <EChart
          option={pvUv}
          label={chartSummary('每日浏览量与访客数', daily, [
            ['浏览量', (d) => d.pv],
            ['访客数', (d) => d.uv],
          ])}
        />
      </Col>
      <Col xs={24} xl={12}>
        <h3 className="visit-chart-title">新老访客</h3>
        <EChart
          option={visitors}
          label={chartSummary('新老访客', daily, [
            ['新访客', (d) => d.newVisitors],
            ['老访客', (d) => d.returningVisitors],
          ])}
        />
      </Col>
    </Row>
  );
}
