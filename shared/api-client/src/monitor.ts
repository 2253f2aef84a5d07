import { request } from '@site/app-runtime';
import type { FieldReport, MonitorSite, RData, VisitRangeQuery } from '@site/contract';

/** GET /system/monitor/site?beginDate=&endDate= (monitor:site:list): 站点监控's figures over a date range. */
export const getSiteMonitor = (params: VisitRangeQuery) => request.get<RData<MonitorSite>>('/system/monitor/site', { params });

/**
 * POST /api/field: one page view's field report on its own. The host does not use it: its report rides
 * the visit's exit record (one beacon per page view); for a page without a visit record.
 */
export function beaconField(report: FieldReport): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  return navigator.sendBeacon('/api/field', new Blob([JSON.stringify(report)], { type: 'text/plain' }));
}
