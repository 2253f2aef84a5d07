import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, ExportOutlined, Row, Skeleton, Spin, Statistic } from '@site/antd-kit';
import { exportVisits } from '@site/api-client';
import { VISIT_PERMISSION_ID, VISIT_RANGE, type VisitAnalytics } from '@site/contract';
import { Action, ApiError } from '@site/app-runtime';
import { formatNumber } from '@site/ui';
import { PageSection } from '../../components/PageSection';
import { FigureTable } from '../../components/FigureTable';
import { visitAnalyticsQuery } from '../../data/queries';
import { useShellQuery } from '../../data/shell-query';
import { RangeForm } from './RangeForm';
import { formatSeconds, presetRange, rangeProblem, type DateRange } from './range';

// ECharts is in this chunk only: no other page (and no other remote) downloads it.
const VisitCharts = lazy(() => import(/* webpackChunkName: "visit-charts" */ './VisitCharts'));

const EMPTY = '暂无访问记录';
const number = (v: number) => formatNumber(v);

/** 访问统计 (content/visits/index): figures, charts and rankings over a chosen date range; export. */
export default function Visits() {
  const [range, setRange] = useState<DateRange>(() => presetRange(VISIT_RANGE.defaultDays));
  // The picker's own value: it keeps what was chosen even when that range is refused.
  const [picked, setPicked] = useState<DateRange>(range);
  const client = useQueryClient();
  const [pickError, setRangeError] = useState<string | null>(null);
  // The range shown before the one asked: its figures stay when the server refuses the new range.
  const [previous, setPrevious] = useState<DateRange | null>(null);
  // Each range is its own key; the last answer stays on screen (dimmed) while another range loads.
  const q = useShellQuery({ ...visitAnalyticsQuery(range), placeholderData: (previous) => previous });
  const [exporting, setExporting] = useState(false);
  const loading = q.isFetching;
  // The server's refusal of the range goes under the dates; any other failure replaces the figures.
  const failure = q.isError ? q.error : null;
  const field = failure instanceof ApiError ? (failure.body as { field?: string } | undefined)?.field : undefined;
  const failureText = failure ? failure.message || '访问统计加载失败' : null;
  const refusedRange = field === 'beginDate' || field === 'endDate';
  const rangeError = pickError ?? (refusedRange ? failureText : null);
  const error = refusedRange ? null : failureText;
  const data: VisitAnalytics | null = refusedRange
    ? ((previous && client.getQueryData(visitAnalyticsQuery(previous).queryKey)) ?? null)
    : (q.data ?? null);

  const choose = (r: DateRange) => {
    setPicked(r);
    const problem = rangeProblem(r);
    setRangeError(problem);
    if (problem) return;
    if (!refusedRange) setPrevious(range);
    setRange(r);
  };

  const doExport = async () => {
    setExporting(true);
    try {
      await exportVisits(range);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="page-visits">
      <PageSection
        title="访问统计"
        extra={
          <Action permissionId={VISIT_PERMISSION_ID} action="export">
            <Button icon={<ExportOutlined />} onClick={doExport} loading={exporting} disabled={!data}>
              导出
            </Button>
          </Action>
        }
      >
        <RangeForm idPrefix="visit" className="visit-range-form" picked={picked} error={rangeError} onChoose={choose} />
      </PageSection>
      {error ? (
        <Alert type="error" showIcon title="访问统计加载失败" description={error} />
      ) : !data ? (
        <Skeleton active />
      ) : (
        <Spin spinning={loading}>
          <Figures data={data} />
        </Spin>
      )}
    </div>
  );
}

function Figures({ data }: { data: VisitAnalytics }) {
  const cards: [string, string][] = [
    ['浏览量 PV', number(data.pv)],
    ['访客数 UV', number(data.uv)],
    ['访问次数', number(data.sessions)],
    ['新访客', number(data.newVisitors)],
    ['老访客', number(data.returningVisitors)],
    ['平均访问时长', formatSeconds(data.avgSessionDuration)],
    ['平均停留时长', formatSeconds(data.avgDuration)],
  ];
  return (
    <>
      <PageSection title={`${data.beginDate} 至 ${data.endDate}`}>
        <Row gutter={[16, 16]} className="visit-kpis">
          {cards.map(([title, value]) => (
            <Col key={title} xs={12} sm={8} lg={6} xxl={3}>
              <Statistic title={title} value={value} />
            </Col>
          ))}
        </Row>
      </PageSection>
      <PageSection title="访问趋势">
        <Suspense fallback={<Skeleton active />}>
          <VisitCharts daily={data.daily} />
        </Suspense>
      </PageSection>
      <Row gutter={16}>
        <Col xs={24} xl={12}>
          <Ranking
            title="热门页面"
            rowKey="page"
            rows={data.topPages}
            pageAddress={(r) => r.page}
            counts={[
              ['浏览量', 'pv', 90],
              ['访客数', 'uv', 90],
            ]}
          />
        </Col>
        <Col xs={24} xl={12}>
          <Ranking title="入口页面" rowKey="page" rows={data.entryPages} pageAddress={(r) => r.page} counts={[['访问次数', 'sessions', 100]]} />
          <Ranking
            title="来源"
            rowKey={(r) => `${r.kind}:${r.host}`}
            rows={data.referrers}
            columns={[{ title: '来源', dataIndex: 'label', ellipsis: true }]}
            counts={[['访问次数', 'sessions', 100]]}
          />
        </Col>
      </Row>
    </>
  );
}

/** One ranking of the period, in its own section: at most 400 px tall, scrolled within. */
function Ranking<T extends object>({ title, ...table }: { title: string } & Omit<ComponentProps<typeof FigureTable<T>>, 'title'>) {
  return (
    <PageSection title={title}>
      <FigureTable<T> {...table} scroll={{ y: 400 }} locale={{ emptyText: EMPTY }} />
    </PageSection>
  );
}
