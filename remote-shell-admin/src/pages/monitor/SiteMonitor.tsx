import { lazy, Suspense, useState } from 'react';
import { Alert, Col, Radio, Row, Skeleton, Spin, Statistic, Tag } from '@site/antd-kit';
import {
  FIELD_BAND_LABELS,
  FIELD_ERROR_KIND_LABELS,
  VISIT_RANGE,
  fieldBand,
  type FieldMetric,
  type MonitorMessageRow,
  type MonitorSite,
  type MonitorVersionRow,
  type MonitorVitalRow,
} from '@site/contract';
import { formatNumber } from '@site/ui';
import { PageSection } from '../../components/PageSection';
import { ShellTable } from '../../components/ShellTable';
import { siteMonitorQuery } from '../../data/queries';
import { useShellQuery } from '../../data/shell-query';
import { RangeForm } from '../visits/RangeForm';
import { presetRange, rangeProblem, type DateRange } from '../visits/range';

// ECharts is in this chunk only (as for 访问统计): no other page downloads it.
const ErrorChart = lazy(() => import(/* webpackChunkName: "monitor-charts" */ './MonitorCharts').then((m) => ({ default: m.ErrorChart })));
const ServerChart = lazy(() => import(/* webpackChunkName: "monitor-charts" */ './MonitorCharts').then((m) => ({ default: m.ServerChart })));

const DEVICES = [
  { value: 'all', label: '全部设备' },
  { value: 'phone', label: '手机' },
  { value: 'desktop', label: '桌面' },
] as const;
const BAND_COLORS = { good: 'success', 'needs-improvement': 'warning', poor: 'error' } as const;

/** A p75 with its band (良好 / 需要改进 / 较差), or 无数据. */
export function VitalCell({ metric, value }: { metric: FieldMetric; value: number | null }) {
  if (value === null) return <span className="monitor-none">无数据</span>;
  const band = fieldBand(metric, value);
  return (
    <span className="monitor-vital">
      {metric === 'CLS' ? value.toFixed(3) : `${formatNumber(Math.round(value))} 毫秒`} <Tag color={BAND_COLORS[band]}>{FIELD_BAND_LABELS[band]}</Tag>
    </span>
  );
}

/** Sorting by a number, rows without one last. */
const byNumber =
  <T,>(pick: (r: T) => number | null) =>
  (a: T, b: T) =>
    (pick(a) ?? Number.POSITIVE_INFINITY) - (pick(b) ?? Number.POSITIVE_INFINITY);
const byText =
  <T,>(pick: (r: T) => string) =>
  (a: T, b: T) =>
    pick(a).localeCompare(pick(b));
const ms = (v: number | null) => (v === null ? '无数据' : `${formatNumber(Math.round(v))} 毫秒`);

/** 站点监控 (system/monitor/index): field vitals per route, errors per remote version, releases, the server. */
export default function SiteMonitor() {
  const [range, setRange] = useState<DateRange>(() => presetRange(VISIT_RANGE.defaultDays));
  const [picked, setPicked] = useState<DateRange>(range);
  const [pickError, setPickError] = useState<string | null>(null);
  const [device, setDevice] = useState<MonitorVitalRow['device']>('all');
  const q = useShellQuery({ ...siteMonitorQuery(range), placeholderData: (previous) => previous });
  const data: MonitorSite | null = q.data ?? null;

  const choose = (r: DateRange) => {
    setPicked(r);
    const problem = rangeProblem(r);
    setPickError(problem);
    if (!problem) setRange(r);
  };

  return (
    <div className="page-monitor">
      <PageSection title="站点监控">
        <RangeForm idPrefix="monitor" picked={picked} error={pickError} onChoose={choose} />
      </PageSection>
      {q.isError && !data ? (
        <Alert type="error" showIcon title="站点监控加载失败" description={q.error?.message} />
      ) : !data ? (
        <Skeleton active />
      ) : (
        <Spin spinning={q.isFetching}>
          <Figures data={data} device={device} setDevice={setDevice} />
        </Spin>
      )}
    </div>
  );
}

function Figures({
  data,
  device,
  setDevice,
}: {
  data: MonitorSite;
  device: MonitorVitalRow['device'];
  setDevice: (d: MonitorVitalRow['device']) => void;
}) {
  const vitals = data.vitals.filter((v) => v.device === device);
  const s = data.server;
  return (
    <>
      <PageSection
        title="页面性能（第 75 百分位）"
        extra={
          <Radio.Group value={device} onChange={(e) => setDevice(e.target.value)} optionType="button" aria-label="设备" options={[...DEVICES]} />
        }
      >
        <p className="monitor-note">
          来自真实访客浏览器的 Core Web Vitals。LCP 良好 ≤ 2500 毫秒、较差 &gt; 4000；INP 良好 ≤ 200 毫秒、较差 &gt; 500；CLS 良好 ≤ 0.1、较差 &gt;
          0.25。
        </p>
        <ShellTable<MonitorVitalRow>
          rowKey={(r) => `${r.route}|${r.device}`}
          pagination={false}
          dataSource={vitals}
          locale={{ emptyText: '暂无性能数据' }}
          columns={[
            { title: '路由', dataIndex: 'route', sorter: byText((r) => r.route) },
            {
              title: '浏览量',
              dataIndex: 'views',
              align: 'right',
              sorter: byNumber((r) => r.views),
              defaultSortOrder: 'descend',
              render: formatNumber,
            },
            { title: 'LCP', dataIndex: 'lcp', sorter: byNumber((r) => r.lcp), render: (v: number | null) => <VitalCell metric="LCP" value={v} /> },
            { title: 'INP', dataIndex: 'inp', sorter: byNumber((r) => r.inp), render: (v: number | null) => <VitalCell metric="INP" value={v} /> },
            { title: 'CLS', dataIndex: 'cls', sorter: byNumber((r) => r.cls), render: (v: number | null) => <VitalCell metric="CLS" value={v} /> },
            { title: 'TTFB', dataIndex: 'ttfb', align: 'right', sorter: byNumber((r) => r.ttfb), render: ms },
          ]}
        />
      </PageSection>
      <PageSection title="前端错误趋势（按远程模块版本）">
        <Suspense fallback={<Skeleton active />}>
          <ErrorChart beginDate={data.beginDate} endDate={data.endDate} rows={data.errorDays} />
        </Suspense>
      </PageSection>
      <PageSection title="错误信息排行">
        <ShellTable<MonitorMessageRow>
          rowKey={(r) => `${r.remote}|${r.version}|${r.kind}|${r.route}|${r.message}`}
          pagination={{ pageSize: 10, showSizeChanger: false }}
          dataSource={data.messages}
          locale={{ emptyText: '暂无错误' }}
          columns={[
            { title: '错误信息', dataIndex: 'message', ellipsis: true, sorter: byText((r) => r.message) },
            {
              title: '类型',
              dataIndex: 'kind',
              width: 150,
              sorter: byText((r) => r.kind),
              render: (k: MonitorMessageRow['kind']) => FIELD_ERROR_KIND_LABELS[k],
            },
            { title: '路由', dataIndex: 'route', width: 130, sorter: byText((r) => r.route) },
            {
              title: '版本',
              key: 'version',
              width: 190,
              sorter: byText((r) => `${r.remote}@${r.version}`),
              render: (_: unknown, r) => `${r.remote}@${r.version}`,
            },
            {
              title: '次数',
              dataIndex: 'count',
              width: 90,
              align: 'right',
              sorter: byNumber((r) => r.count),
              defaultSortOrder: 'descend',
              render: formatNumber,
            },
            { title: '最近日期', dataIndex: 'lastDate', width: 120, sorter: byText((r) => r.lastDate) },
          ]}
        />
      </PageSection>
      <PageSection title="版本上线记录">
        <p className="monitor-note">
          按访客实际加载到的版本记录：首次出现即该版本在现场上线的日期。发布脚本写入的发布记录（remotes.json
          与存储桶）接口读取不到，此处以现场数据为准。
        </p>
        <ShellTable<MonitorVersionRow>
          rowKey={(r) => `${r.remote}@${r.version}`}
          pagination={false}
          dataSource={data.versions}
          locale={{ emptyText: '暂无版本数据' }}
          columns={[
            { title: '远程模块', dataIndex: 'remote', sorter: byText((r) => r.remote) },
            { title: '版本', dataIndex: 'version', sorter: byText((r) => r.version) },
            { title: '首次出现', dataIndex: 'firstSeen', sorter: byText((r) => r.firstSeen), defaultSortOrder: 'descend' },
            { title: '最近出现', dataIndex: 'lastSeen', sorter: byText((r) => r.lastSeen) },
            { title: '浏览量', dataIndex: 'views', align: 'right', sorter: byNumber((r) => r.views), render: formatNumber },
            { title: '错误数', dataIndex: 'errors', align: 'right', sorter: byNumber((r) => r.errors), render: formatNumber },
            { title: '每百次浏览错误', dataIndex: 'errorRate', align: 'right', sorter: byNumber((r) => r.errorRate) },
          ]}
        />
      </PageSection>
      <PageSection title="服务端">
        <Row gutter={[16, 16]} className="monitor-kpis">
          {(
            [
              ['接口请求数', formatNumber(s.requests)],
              ['5xx 错误率', `${s.errorRate}%`],
              ['接口延迟 P50', ms(s.p50Ms)],
              ['接口延迟 P95', ms(s.p95Ms)],
              ['渲染延迟 平均', ms(s.render.avgMs)],
              ['渲染延迟 P95', ms(s.render.p95Ms)],
              ['渲染延迟 最大', ms(s.render.maxMs)],
              ['待渲染变更', s.render.pending ? `${s.render.pending} 条（最久 ${ms(s.render.oldestPendingMs)}）` : '0 条'],
            ] as [string, string][]
          ).map(([title, value]) => (
            <Col key={title} xs={12} sm={8} lg={6}>
              <Statistic title={title} value={value} />
            </Col>
          ))}
        </Row>
        <p className="monitor-note">
          接口数据由每个实例每分钟写入数据库汇总（健康检查不计）；渲染延迟为内容写入到页面重新发布完成（渲染队列记录被取走）的时间，共{' '}
          {formatNumber(s.render.changes)} 次变更。
        </p>
        <Suspense fallback={<Skeleton active />}>
          <ServerChart series={s.series} />
        </Suspense>
      </PageSection>
    </>
  );
}
