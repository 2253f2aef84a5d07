import dayjs from 'dayjs';
import { Form, Radio } from '@site/antd-kit';
import { VISIT_LEFT_OUT_NOTE, VISIT_RANGE } from '@site/contract';
import { DateRangeInput } from '../../components/DateInputs';
import { presetOf, presetRange, type DateRange } from './range';

/**
 * The date range of a page that reads the visit records (访问统计, 站点监控): the presets (近 7/30/90 天), the two
 * dates, the problem with the chosen range under them, and the note on what the records leave out. The page keeps the
 * range and decides what a choice does (`onChoose`), since each handles a refused range its own way.
 */
export function RangeForm({
  idPrefix,
  className,
  picked,
  error,
  onChoose,
}: {
  /** `visit` gives the inputs the ids `visit-range-begin` and `visit-range-end` (the label points at the first). */
  idPrefix: string;
  className?: string;
  /** What the picker shows: the last choice, even when that range was refused. */
  picked: DateRange;
  error: string | null;
  onChoose: (r: DateRange) => void;
}) {
  const beginId = `${idPrefix}-range-begin`;
  return (
    <>
      <Form layout="inline" className={className} onSubmitCapture={(e) => e.preventDefault()}>
        <Form.Item label="统计范围">
          <Radio.Group
            value={presetOf(picked) ?? undefined}
            onChange={(e) => onChoose(presetRange(e.target.value as number))}
            optionType="button"
            aria-label="统计范围"
            options={VISIT_RANGE.presets.map((d) => ({ value: d, label: `近 ${d} 天` }))}
          />
        </Form.Item>
        <Form.Item label="起止日期" htmlFor={beginId} validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
          <DateRangeInput
            id={beginId}
            endId={`${idPrefix}-range-end`}
            value={[dayjs(picked.beginDate), dayjs(picked.endDate)]}
            onChange={(v) => v?.[0] && v[1] && onChoose({ beginDate: v[0].format('YYYY-MM-DD'), endDate: v[1].format('YYYY-MM-DD') })}
          />
        </Form.Item>
      </Form>
      <p className="visit-left-out" style={{ margin: '8px 0 0', color: 'rgba(0, 0, 0, 0.55)', fontSize: 13 }}>
        {VISIT_LEFT_OUT_NOTE}
      </p>
    </>
  );
}
