import { Suspense } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Input, LazyDatePicker, Space } from '@site/antd-kit';

/*
 * Date fields with dayjs values, as antd's DatePicker takes them. A date and time is antd's DatePicker: its texts come
 * from the page's antd locale (zh_CN) and dayjs (zh-cn), where the browser's own datetime-local field showed its
 * placeholder in the browser's language. The picker is the kit's lazily loaded export, not part of the kit's one chunk
 * that every antd page (the public contact, sign-in and registration pages too) downloads. Ranges of days stay on
 * the browser's `<input type="date">`.
 */

const DAY = 'YYYY-MM-DD';
/** How a date and time is shown and typed: the form the API takes (`YYYY-MM-DD HH:mm:ss`). */
const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';
const parse = (s: string): Dayjs | null => (s && dayjs(s).isValid() ? dayjs(s) : null);

/** A date and time (seconds included); null when cleared. */
export function DateTimeInput({
  value,
  onChange,
  id,
  placeholder,
}: {
  value?: Dayjs | null;
  onChange?: (v: Dayjs | null) => void;
  id?: string;
  placeholder?: string;
}) {
  return (
    <Suspense fallback={<Input id={id} disabled placeholder={placeholder} />}>
      <LazyDatePicker
        id={id}
        showTime
        format={DATE_TIME}
        value={value ?? null}
        onChange={(d) => onChange?.(d ?? null)}
        placeholder={placeholder}
        style={{ width: '100%' }}
      />
    </Suspense>
  );
}

type Day = Dayjs | null;
export type DayRange = [Day, Day] | null;
const day = (d: Day | undefined) => d?.format(DAY);

/** One end of a range of days; `min`/`max` is the other end, which it may not pass. */
function DayInput(p: { id?: string; label: string; value: Day; min?: Day; max?: Day; onChange: (s: string) => void }) {
  return (
    <Input
      id={p.id}
      type="date"
      aria-label={p.label}
      value={day(p.value) ?? ''}
      min={day(p.min)}
      max={day(p.max)}
      onChange={(e) => p.onChange(e.target.value)}
    />
  );
}

/** A range of days as two `<input type="date">`; either end may be left empty (null for none). */
export function DateRangeInput({
  value,
  onChange,
  id,
  endId,
}: {
  value?: DayRange;
  onChange?: (v: DayRange) => void;
  /** The start field's id (Form.Item points its label at it). */
  id?: string;
  endId?: string;
}) {
  const [from, to] = value ?? [null, null];
  const set = (i: 0 | 1, s: string) => {
    const next: [Day, Day] = [from, to];
    next[i] = parse(s);
    onChange?.(next[0] || next[1] ? next : null);
  };
  return (
    <Space.Compact>
      <DayInput id={id} label="开始日期" value={from} max={to} onChange={(s) => set(0, s)} />
      <DayInput id={endId} label="结束日期" value={to} min={from} onChange={(s) => set(1, s)} />
    </Space.Compact>
  );
}
