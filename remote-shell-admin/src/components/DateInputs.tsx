import dayjs, { type Dayjs } from 'dayjs';
import { Input, Space } from '@site/antd-kit';

/*
 * Date fields on the browser's own pickers, with dayjs values like antd's DatePicker. The admin shell's date fields
 * do not need antd's picker, and it weighed about 25 KB br in the shared kit that every antd page (the public contact,
 * sign-in and registration pages too) downloads.
 */

const DAY = 'YYYY-MM-DD';
const parse = (s: string): Dayjs | null => (s && dayjs(s).isValid() ? dayjs(s) : null);

/** A date and time (seconds included): `<input type="datetime-local">`. */
export function DateTimeInput({ value, onChange, id }: { value?: Dayjs | null; onChange?: (v: Dayjs | null) => void; id?: string }) {
  return (
    <Input
      id={id}
      type="datetime-local"
      step={1}
      value={value ? value.format('YYYY-MM-DDTHH:mm:ss') : ''}
      onChange={(e) => onChange?.(parse(e.target.value))}
    />
  );
}

export type DayRange = [Dayjs | null, Dayjs | null] | null;

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
    const next: [Dayjs | null, Dayjs | null] = [from, to];
    next[i] = parse(s);
    onChange?.(next[0] || next[1] ? next : null);
  };
  return (
    <Space.Compact>
      <Input
        id={id}
        type="date"
        aria-label="开始日期"
        value={from ? from.format(DAY) : ''}
        max={to ? to.format(DAY) : undefined}
        onChange={(e) => set(0, e.target.value)}
      />
      <Input
        id={endId}
        type="date"
        aria-label="结束日期"
        value={to ? to.format(DAY) : ''}
        min={from ? from.format(DAY) : undefined}
        onChange={(e) => set(1, e.target.value)}
      />
    </Space.Compact>
  );
}
