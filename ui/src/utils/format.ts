import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { DATE_FORMAT } from '@site/contract';

dayjs.locale('zh-cn');

/** Default number filter: groups thousands with commas (1234567.5 -> "1,234,567.5"). */
export function formatNumber(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '0';
  const [int, frac] = String(value).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac !== undefined ? `${grouped}.${frac}` : grouped;
}

/** Default date format YYYY-MM-DD HH:mm:ss. */
export function formatDate(value: string | number | Date | null | undefined, pattern: string = DATE_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(pattern) : '';
}
