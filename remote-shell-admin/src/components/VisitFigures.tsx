import { Alert, Col, Row, Skeleton, Statistic } from '@site/antd-kit';
import { type VisitStats } from '@site/contract';
import { formatNumber } from '@site/ui';
import { visitStatsQuery } from '../data/queries';
import { useShellQuery } from '../data/shell-query';
import { FigureTable } from './FigureTable';

/** Page views, unique visitors, average stay, top pages (by title) and a per-day table, from the stored visit records. */
export function VisitFigures({ days }: { days: number }) {
  // Each period is its own key: a failure is shown only for the period it happened for.
  const q = useShellQuery({ ...visitStatsQuery(days), placeholderData: (previous) => previous });
  const stats: VisitStats | null = q.data ?? null;
  const error = q.isError ? q.error.message || '访问统计加载失败' : null;

  if (error) return <Alert type="error" showIcon title="访问统计加载失败" description={error} />;
  if (!stats) return <Skeleton active />;
  const maxPv = Math.max(1, ...stats.daily.map((d) => d.pv));
  return (
    <div className="visit-figures">
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={8}>
          <Statistic title={`浏览量 PV（近 ${days} 天）`} value={formatNumber(stats.pv)} />
        </Col>
        <Col xs={24} sm={8}>
          <Statistic title={`访客数 UV（近 ${days} 天）`} value={formatNumber(stats.uv)} />
        </Col>
        <Col xs={24} sm={8}>
          <Statistic title="平均停留时长 (秒)" value={formatNumber(stats.avgDuration)} />
        </Col>
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} lg={12}>
          <FigureTable
            rowKey="url"
            caption="热门页面"
            rows={stats.topPages}
            locale={{ emptyText: '暂无访问记录' }}
            pageAddress={(r) => r.url}
            counts={[['浏览量', 'pv', 100]]}
          />
        </Col>
        <Col xs={24} lg={12}>
          <FigureTable
            rowKey="date"
            caption="每日访问"
            rows={stats.daily}
            columns={[
              { title: '日期', dataIndex: 'date', width: 110 },
              {
                title: '浏览量',
                dataIndex: 'pv',
                render: (v: number) => (
                  <span style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                    <span
                      aria-hidden
                      style={{
                        display: 'inline-block',
                        height: 8,
                        width: `${(v / maxPv) * 100}%`,
                        maxWidth: 120,
                        minWidth: v ? 2 : 0,
                        background: 'var(--ant-color-primary)',
                        borderRadius: 2,
                      }}
                    />
                    {formatNumber(v)}
                  </span>
                ),
              },
            ]}
            counts={[['访客数', 'uv', 90]]}
          />
        </Col>
      </Row>
    </div>
  );
}
