import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import utc from 'dayjs/plugin/utc';
import { DATE_FORMAT, SITE_UTC_OFFSET_MINUTES } from '@site/contract';

dayjs.locale('zh-cn');
dayjs.extend(utc);

/** Default number filter: groups thousands with commas (1234567.5 -> "1,234,567.5"). */
export function formatNumber(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '0';
  const [int, frac] = String(value).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac !== undefined ? `${grouped}.${frac}` : grouped;
}

/** A date-time without a zone ("2026-02-10 10:00:00", as the RuoYi-style calls answer) is already the site's wall time. */
const WALL_TIME = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/;

/**
 * Default date format YYYY-MM-DD HH:mm:ss, in the site's time zone (SITE_TIME_ZONE) wherever it runs: the page
 * renderer and a visitor's browser abroad show the same day as the server counts.
 */
export function formatDate(value: string | number | Date | null | undefined, pattern: string = DATE_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  if (!d.isValid()) return '';
  return typeof value === 'string' && WALL_TIME.test(value) ? d.format(pattern) : d.utcOffset(SITE_UTC_OFFSET_MINUTES).format(pattern);
}
