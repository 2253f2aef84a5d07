/**
 * Field figures from real browsers: what the host sends with the exit record of a visit (one beacon
 * per page view), and what 站点监控 reads.
 */

/** The Core Web Vitals and TTFB the host measures (web-vitals). LCP, INP, TTFB in ms; CLS unitless. */
export type FieldMetric = 'LCP' | 'INP' | 'CLS' | 'TTFB';
export const FIELD_METRICS: readonly FieldMetric[] = ['LCP', 'INP', 'CLS', 'TTFB'];

/** What failed in the browser: uncaught error, unhandled rejection, chunk load, remote load, a remote's error fallback shown, hydration. */
export type FieldErrorKind = 'error' | 'rejection' | 'chunk' | 'remote' | 'fallback' | 'hydration';
export const FIELD_ERROR_KINDS: readonly FieldErrorKind[] = ['error', 'rejection', 'chunk', 'remote', 'fallback', 'hydration'];
export const FIELD_ERROR_KIND_LABELS: Record<FieldErrorKind, string> = {
  error: '脚本错误',
  rejection: '未处理的 Promise 拒绝',
  chunk: '资源块加载失败',
  remote: '远程模块加载失败',
  fallback: '远程模块错误兜底',
  hydration: '水合错误',
};

export interface FieldError {
  kind: FieldErrorKind;
  message: string;
  /** Route pattern where it happened (`/newsDetail`, never the URL with its ids). */
  route: string;
  remote: string;
  remoteVersion: string;
  /** The same error this many times in this page view. */
  count: number;
}

/** One page view's report, carried by the visit exit record (`field`). */
export interface FieldReport {
  /** Route pattern of the page (`/newsDetail`). */
  route: string;
  /** The remote that owns the page (`remote_content`) and its version. */
  remote: string;
  remoteVersion: string;
  hostVersion: string;
  device: FieldDevice;
  vitals: Partial<Record<FieldMetric, number>>;
  errors: FieldError[];
  /**
   * The page view's token: the visit entry record's answer (`fieldToken`). The API counts a report only with the
   * token of a page view it recorded, once, and only for that view's page and the versions its entry named.
   */
  token?: string;
}

/** What the visit entry record of a page view carries (`field`): the versions the page runs, `host` included. */
export interface FieldView {
  versions: Record<string, string>;
}
export type FieldDevice = 'phone' | 'desktop';
/** Narrower than this (CSS px) is a phone. */
export const FIELD_PHONE_MAX_WIDTH = 550;

/** What the API accepts (and the host keeps): bounded sizes and counts. */
export const FIELD_LIMITS = {
  errors: 20,
  message: 300,
  route: 100,
  name: 64,
  errorCount: 1000,
  /** Versions an entry record names (the host and each remote). */
  versions: 8,
  /** Largest accepted value per metric (ms, CLS unitless). */
  max: { LCP: 120_000, INP: 60_000, TTFB: 120_000, CLS: 100 } as Record<FieldMetric, number>,
};

/** Google's bands: good ≤ good, poor > poor. */
export const FIELD_THRESHOLDS: Record<FieldMetric, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  TTFB: { good: 800, poor: 1800 },
};
export type FieldBand = 'good' | 'needs-improvement' | 'poor';
export const FIELD_BAND_LABELS: Record<FieldBand, string> = { good: '良好', 'needs-improvement': '需要改进', poor: '较差' };
export function fieldBand(metric: FieldMetric, value: number): FieldBand {
  const t = FIELD_THRESHOLDS[metric];
  return value <= t.good ? 'good' : value <= t.poor ? 'needs-improvement' : 'poor';
}

function edges(...steps: [number, number][]): number[] {
  const out = [0];
  for (const [upTo, width] of steps) while (out[out.length - 1] < upTo) out.push(Math.round((out[out.length - 1] + width) * 1000) / 1000);
  return out;
}
const MS_EDGES = /*#__PURE__*/ edges([1000, 25], [5000, 100], [20_000, 500], [60_000, 5000]);
/**
 * Fixed histogram buckets per metric: bucket i holds values in [edges[i], edges[i+1]) (the last one everything
 * above). The daily roll-up keeps a count per bucket, so the p75 of any period comes from summed buckets, exact to
 * within the width of the bucket it falls in.
 */
export const FIELD_BUCKETS: Record<FieldMetric, number[]> = {
  LCP: MS_EDGES,
  INP: MS_EDGES,
  TTFB: MS_EDGES,
  CLS: /*#__PURE__*/ edges([0.5, 0.01], [1, 0.05], [10, 0.5]),
};
/** The bucket of a value: the last edge not above it. */
export function fieldBucket(metric: FieldMetric, value: number): number {
  const e = FIELD_BUCKETS[metric];
  let lo = 0;
  let hi = e.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (e[mid] <= value) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
/**
 * The p-th percentile (0..1) from bucket counts (index -> count), interpolated linearly inside the bucket holding
 * it (the last bucket counts as as wide as the one before). null when there is no count.
 */
export function percentileFromBuckets(metric: FieldMetric, counts: Map<number, number> | Record<number, number>, p = 0.75): number | null {
  const e = FIELD_BUCKETS[metric];
  const entries = (counts instanceof Map ? [...counts.entries()] : Object.entries(counts).map(([k, v]) => [Number(k), v] as [number, number]))
    .filter(([, n]) => n > 0)
    .sort((a, b) => a[0] - b[0]);
  const total = entries.reduce((s, [, n]) => s + n, 0);
  if (!total) return null;
  const rank = p * total;
  let seen = 0;
  for (const [i, n] of entries) {
    if (seen + n >= rank) {
      const lo = e[i];
      const hi = i + 1 < e.length ? e[i + 1] : e[i] + (e[i] - e[i - 1]);
      const v = lo + ((rank - seen) / n) * (hi - lo);
      return Math.round(v * 1000) / 1000;
    }
    seen += n;
  }
  return e[entries[entries.length - 1][0]];
}

// ---- 站点监控 (GET /system/monitor/site?beginDate=&endDate=, perm monitor:site:list)

export interface MonitorVitalRow {
  route: string;
  device: FieldDevice | 'all';
  /** Page views (reports) in the period. */
  views: number;
  lcp: number | null;
  inp: number | null;
  cls: number | null;
  ttfb: number | null;
  /** Reports that carried each metric. */
  samples: Partial<Record<FieldMetric, number>>;
}
export interface MonitorErrorDay {
  date: string;
  /** `remote@version`. */
  version: string;
  errors: number;
}
export interface MonitorVersionRow {
  remote: string;
  version: string;
  views: number;
  errors: number;
  /** Errors per 100 page views. */
  errorRate: number;
  /** First and last day the field saw this version (the release history the API can reach). */
  firstSeen: string;
  lastSeen: string;
}
export interface MonitorMessageRow {
  remote: string;
  version: string;
  kind: FieldErrorKind;
  route: string;
  message: string;
  count: number;
  lastDate: string;
}
export interface MonitorServerMinute {
  /** ISO time of the minute. */
  minute: string;
  requests: number;
  errors5xx: number;
  p95Ms: number | null;
}
export interface MonitorServer {
  requests: number;
  errors5xx: number;
  /** 5xx per 100 requests. */
  errorRate: number;
  p50Ms: number | null;
  p95Ms: number | null;
  /** Per hour of the period (minute roll-ups summed), at most the last 7 days. */
  series: MonitorServerMinute[];
  /** Content write → rendered page (outbox row written → taken off once its pages are written). */
  render: { changes: number; avgMs: number | null; maxMs: number | null; p95Ms: number | null; pending: number; oldestPendingMs: number | null };
}
export interface MonitorSite {
  beginDate: string;
  endDate: string;
  vitals: MonitorVitalRow[];
  errorDays: MonitorErrorDay[];
  versions: MonitorVersionRow[];
  messages: MonitorMessageRow[];
  server: MonitorServer;
}
