/**
 * The charts of the 访问统计 page. This module (and ECharts with it) is loaded only by that page, as a lazy chunk:
 * Visits.tsx imports it with React.lazy. The chart itself is the shell's `EChart`, as 站点监控's.
 */
import { useMemo } from 'react';
import { Col, Row, theme } from '@site/antd-kit';
import type { VisitDay } from '@site/contract';
import { EChart, type EChartOption } from '../../components/EChart';
import { chartSummary, pvUvOption, visitorsOption, type ChartColors } from './chart-options';

export default function VisitCharts({ daily }: { daily: VisitDay[] }) {
  const { token } = theme.useToken();
  const colors: ChartColors = useMemo(
    () => ({ primary: token.colorPrimary, secondary: token.colorWarning, text: token.colorTextSecondary }),
    [token.colorPrimary, token.colorWarning, token.colorTextSecondary],
  );
  const pvUv = useMemo(() => pvUvOption(daily, colors), [daily, colors]);
  const visitors = useMemo(() => visitorsOption(daily, colors), [daily, colors]);
  const charts: [string, EChartOption, [string, (d: VisitDay) => number][]][] = [
    [
      '每日浏览量与访客数',
      pvUv,
      [
        ['浏览量', (d) => d.pv],
        ['访客数', (d) => d.uv],
      ],
    ],
    [
      '新老访客',
      visitors,
      [
        ['新访客', (d) => d.newVisitors],
        ['老访客', (d) => d.returningVisitors],
      ],
    ],
  ];
  return (
    <Row gutter={[16, 16]}>
      {charts.map(([title, option, series]) => (
        <Col key={title} xs={24} xl={12}>
          <h3 className="visit-chart-title">{title}</h3>
          <EChart className="visit-chart" option={option} label={chartSummary(title, daily, series)} />
        </Col>
      ))}
    </Row>
  );
}
