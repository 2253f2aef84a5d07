import dayjs from 'dayjs';
import { VISIT_RANGE } from '@site/contract';

export interface DateRange {
  beginDate: string;
  endDate: string;
}

const FORMAT = 'YYYY-MM-DD';

/** The last `days` days up to `today`, both included. */
export function presetRange(days: number, today: string = dayjs().format(FORMAT)): DateRange {
  return {
    beginDate: dayjs(today)
      .subtract(days - 1, 'day')
      .format(FORMAT),
    endDate: today,
  };
}

/** Which preset a range is (the radio shows it), or null for a chosen range. */
export function presetOf(range: DateRange, today: string = dayjs().format(FORMAT)): number | null {
  return (
    VISIT_RANGE.presets.find((d) => {
      const p = presetRange(d, today);
      return p.beginDate === range.beginDate && p.endDate === range.endDate;
    }) ?? null
  );
}

/** Days in a range, both ends included. */
export const rangeDays = (r: DateRange) => dayjs(r.endDate).diff(dayjs(r.beginDate), 'day') + 1;

/** A Chinese message when a chosen range cannot be asked for (the server says the same), else null. */
export function rangeProblem(r: DateRange): string | null {
  if (rangeDays(r) < 1) return '结束日期不能早于开始日期';
  if (rangeDays(r) > VISIT_RANGE.maxDays) return `统计范围不能超过${VISIT_RANGE.maxDays}天`;
  return null;
}

/** Seconds as 1分05秒 / 42秒. */
export function formatSeconds(total: number): string {
  const s = Math.max(0, Math.round(total));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h) return `${h}小时${String(m).padStart(2, '0')}分`;
  if (m) return `${m}分${String(sec).padStart(2, '0')}秒`;
  return `${sec}秒`;
}
