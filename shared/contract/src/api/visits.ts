/** Visit statistics and analytics, `/system/visit*`: `services/api-server/src/routes/visits.ts`. */

import type { RData } from './common';

/** `GET /system/visit/stats?days=7` data (perm content:visit:list). */
export interface VisitStats {
  pv: number;
  uv: number;
  /** Average duration in seconds of exit records (count 0). */
  avgDuration: number;
  /** `url`: the page's path (with `?id=` / `?categoryId=`), `title`: its page title (see VisitPageRow). */
  topPages: { url: string; title: string; pv: number }[];
  /** One row per day (YYYY-MM-DD), oldest first. */
  daily: { date: string; pv: number; uv: number }[];
}

export type VisitStatsResponse = RData<VisitStats>;

/**
 * Visit analytics over a date range. `GET /system/visit/analytics?beginDate=&endDate=` (perm
 * content:visit:query) answers `RData<VisitAnalytics>`; `POST /system/visit/export` (form body, perm
 * content:visit:export) answers the same figures as a CSV file. Dates are `YYYY-MM-DD` in the server's time zone,
 * both included, at most VISIT_RANGE.maxDays days; without them the last VISIT_RANGE.defaultDays days.
 */
export interface VisitRangeQuery {
  beginDate?: string;
  endDate?: string;
}

export interface VisitDay {
  date: string;
  /** Page views: entry records (count 1). */
  pv: number;
  /** Distinct visitors (uv) with a page view that day. */
  uv: number;
  /** Visitors whose records that day carry the new-visitor flag; returning = uv - newVisitors. */
  newVisitors: number;
  returningVisitors: number;
  /** Distinct sessions (uv + si). */
  sessions: number;
}

/** A page, named by its title: an article's title for a detail URL (`?id=`), a channel's name for a list route. */
export interface VisitPageRow {
  /** The page's path with the query parameters that choose its content (`/newsDetail?id=5`). */
  page: string;
  title: string;
  pv: number;
  uv: number;
}

/** The first page of the sessions that started in the range. */
export interface VisitEntryRow {
  page: string;
  title: string;
  sessions: number;
}

/** Where sessions came from, grouped by the referrer's host. */
export interface VisitReferrerRow {
  /** The referrer's host; '' for direct visits (no referrer) and for links within the site (`internal`). */
  host: string;
  /** What to show: the host, 直接访问 or 站内跳转. */
  label: string;
  kind: 'direct' | 'internal' | 'external';
  sessions: number;
}

export interface VisitAnalytics {
  beginDate: string;
  endDate: string;
  pv: number;
  uv: number;
  sessions: number;
  newVisitors: number;
  returningVisitors: number;
  /** Average seconds on a page (exit records). */
  avgDuration: number;
  /** Average seconds of a visit: the exit durations of a session added up, averaged over sessions with an exit. */
  avgSessionDuration: number;
  /** One row per day of the range, oldest first (days without records are 0). */
  daily: VisitDay[];
  /** The rankings: the first 50 rows each. */
  topPages: VisitPageRow[];
  entryPages: VisitEntryRow[];
  referrers: VisitReferrerRow[];
}

export type VisitAnalyticsResponse = RData<VisitAnalytics>;
