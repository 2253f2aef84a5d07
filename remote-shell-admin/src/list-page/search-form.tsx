import type { Dayjs } from 'dayjs';
import { Button, Form, Input, SearchOutlined, Select } from '@site/antd-kit';
import { Action } from '@site/app-runtime';
import { DateRangeInput, type DayRange } from '../components/DateInputs';

/** One field of a list's search form. A `dates` field is sent as beginTime/endTime (`YYYY-MM-DD`). */
export type SearchField = { name: string; label: string } & (
  | { kind: 'text'; maxLength: number; placeholder?: string; width?: number }
  | { kind: 'select'; options: { value: string | number; label: string }[]; width: number }
  | { kind: 'dates' }
);

export interface SearchConfig {
  fields: SearchField[];
  /** The form's name (prefixes its fields' ids) and class, where tests or styles find it by them. */
  name?: string;
  className?: string;
  /** 查询 for everyone who may open the page; otherwise only with the page permission's `query` action. */
  anyone?: boolean;
}

/** A label record (`{'0': '正常', '1': '停用'}`) as select options; `numeric` for number values. */
export function labelOptions(labels: Record<string, string>, numeric?: boolean) {
  return Object.entries(labels).map(([value, label]) => ({ value: numeric ? Number(value) : value, label }));
}

/** The form's values as query filters: text trimmed (blank is no filter), a `dates` range split into two days. */
export function toFilters(fields: readonly SearchField[], values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.name];
    if (f.kind === 'dates') {
      const range = v as DayRange | undefined;
      out.beginTime = (range?.[0] as Dayjs | null | undefined)?.format('YYYY-MM-DD');
      out.endTime = (range?.[1] as Dayjs | null | undefined)?.format('YYYY-MM-DD');
    } else out[f.name] = typeof v === 'string' ? v.trim() || undefined : v;
  }
  return out;
}

export function SearchForm({
  config,
  permissionId,
  onSearch,
}: {
  config: SearchConfig;
  permissionId?: string;
  onSearch: (filters: Record<string, unknown>) => void;
}) {
  const submit = (
    <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
      查询
    </Button>
  );
  return (
    <Form
      name={config.name}
      className={config.className}
      layout="inline"
      onFinish={(v: Record<string, unknown>) => onSearch(toFilters(config.fields, v))}
      style={{ marginBottom: 12, rowGap: 8 }}
    >
      {config.fields.map((f) => (
        <Form.Item key={f.name} name={f.name} label={f.label}>
          {f.kind === 'text' ? (
            <Input allowClear placeholder={f.placeholder} maxLength={f.maxLength} style={f.width ? { width: f.width } : undefined} />
          ) : f.kind === 'select' ? (
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="全部" style={{ width: f.width }} options={f.options} />
          ) : (
            <DateRangeInput />
          )}
        </Form.Item>
      ))}
      {config.anyone || !permissionId ? (
        submit
      ) : (
        <Action permissionId={permissionId} action="query">
          {submit}
        </Action>
      )}
    </Form>
  );
}
