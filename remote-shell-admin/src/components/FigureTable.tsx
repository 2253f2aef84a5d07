import type { TableProps } from '@site/antd-kit';
import { formatNumber } from '@site/ui';
import { ShellTable } from './ShellTable';

type Column<T> = NonNullable<TableProps<T>['columns']>[number];

/**
 * A table of visit figures (a ranking, a day per row): every row at once, no paging. Its columns: a ranking of pages
 * first shows each page's title with its address (`pageAddress`) as the tooltip; then `columns`; then the `counts`
 * (title, field, width), right-aligned with digits grouped as the public pages show them.
 */
export function FigureTable<T extends object>({
  rows,
  pageAddress,
  columns = [],
  counts,
  ...props
}: {
  rows: T[];
  pageAddress?: (row: T) => string;
  columns?: Column<T>[];
  counts: [title: string, field: keyof T & string, width?: number][];
} & Omit<TableProps<T>, 'dataSource' | 'pagination' | 'columns'>) {
  const page: Column<T>[] = pageAddress
    ? [{ title: '页面', dataIndex: 'title', ellipsis: true, render: (t: string, r: T) => <span title={pageAddress(r)}>{t}</span> }]
    : [];
  const numbers = counts.map(([title, dataIndex, width]): Column<T> => ({
    title,
    dataIndex,
    width,
    align: 'right',
    render: (v: number) => formatNumber(v),
  }));
  return <ShellTable<T> {...props} dataSource={rows} pagination={false} columns={[...page, ...columns, ...numbers]} />;
}
