import type { ReactNode } from 'react';
import { Alert, Space, type TableProps } from '@site/antd-kit';
import type { PageQuery } from '@site/contract';
import { PageSection } from '../components/PageSection';
import { ShellTable } from '../components/ShellTable';
import { ControlButton, type Control } from './controls';
import { SearchForm, type SearchConfig } from './search-form';
import type { ListState, RowId } from './use-list-page';

type Shown = Control | false | null | undefined;

export interface ListPageProps<T extends object, Q extends PageQuery, K extends RowId> {
  list: ListState<T, Q, K>;
  /** The section's h2 (the layout's page header holds the h1). */
  title: ReactNode;
  /** The route permission whose actionList shows or hides 查询 and every control that names an `action`. */
  permissionId?: string;
  search: SearchConfig;
  /** Buttons above the table (a row of its own, also when the permissions leave it empty). */
  toolbar?: { controls: Shown[]; className?: string };
  rowKey: keyof T & string;
  columns: NonNullable<TableProps<T>['columns']>;
  /** The 操作 column: the buttons of one row. */
  rowActions?: { width: number; controls: (row: T) => Shown[] };
  /** Check boxes in front of the rows (`list.selected`). */
  selectable?: boolean;
  scrollX: number;
  emptyText: string;
  /** Shown above the search form while the last load failed. */
  loadErrorTitle?: string;
  /** Anything else the table takes (expandable rows, row clicks). */
  table?: Omit<TableProps<T>, 'rowKey' | 'columns' | 'dataSource' | 'loading' | 'pagination' | 'onChange' | 'rowSelection'>;
  /** The page's dialogs and drawers. */
  children?: ReactNode;
}

/**
 * One staff list page: search form, toolbar, a server-paged table with row actions (`共 N 条`), the page's dialogs.
 * State lives in `useListPage`, so the page's own handlers (and its dialogs' saves) can refresh or read the query.
 */
export function ListPage<T extends object, Q extends PageQuery, K extends RowId>(p: ListPageProps<T, Q, K>) {
  const { list } = p;
  const buttons = (controls: Shown[], link?: boolean) =>
    controls.filter((c): c is Control => !!c).map((c) => <ControlButton key={c.key} control={c} permissionId={p.permissionId} link={link} />);
  const columns: NonNullable<TableProps<T>['columns']> = p.rowActions
    ? [
        ...p.columns,
        {
          title: '操作',
          key: 'op',
          width: p.rowActions.width,
          render: (_: unknown, row: T) => (
            <Space size={0} wrap>
              {buttons(p.rowActions!.controls(row), true)}
            </Space>
          ),
        },
      ]
    : p.columns;

  return (
    <PageSection title={p.title}>
      {p.loadErrorTitle && list.error && (
        <Alert type="error" showIcon title={p.loadErrorTitle} description={list.error} style={{ marginBottom: 12 }} />
      )}
      <SearchForm config={p.search} permissionId={p.permissionId} onSearch={(filters) => list.search(filters as Partial<Q>)} />
      {p.toolbar && (
        <Space style={{ marginBottom: 12 }} wrap className={p.toolbar.className}>
          {buttons(p.toolbar.controls)}
        </Space>
      )}
      <ShellTable<T>
        {...p.table}
        rowKey={p.rowKey}
        loading={list.loading}
        dataSource={list.rows}
        columns={columns}
        scroll={{ x: p.scrollX }}
        locale={{ emptyText: p.emptyText }}
        rowSelection={p.selectable ? { selectedRowKeys: list.selected, onChange: (keys) => list.setSelected(keys as K[]) } : undefined}
        onChange={list.onTableChange}
        pagination={{ current: list.query.pageNum, pageSize: list.pageSize, total: list.total, showTotal: (t) => `共 ${t} 条` }}
      />
      {p.children}
    </PageSection>
  );
}
