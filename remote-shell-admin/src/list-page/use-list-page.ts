import { useCallback, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { App, type TableProps } from '@site/antd-kit';
import type { PageQuery } from '@site/contract';
import { useChanged, useShellQuery, type ListSource } from '../data/shell-query';

export type { ListSource };

export type RowId = string | number;
/** RuoYi sort parameters; a table column with `sorter: true` sorts on its dataIndex. */
interface SortQuery {
  orderByColumn?: string;
  isAsc?: 'asc' | 'desc';
}

export interface ListState<T, Q extends PageQuery, K extends RowId = number> {
  /** The query of the rows shown (or loading): filters, page and sort. */
  query: Q;
  rows: T[];
  total: number;
  pageSize: number;
  /** Until the answer of the latest query arrives; an older answer never replaces a newer one. */
  loading: boolean;
  /** The message of the last failed load (the request client notified it too); null after a good one. */
  error: string | null;
  /**
   * After a write on this page (a dialog saved, a status changed): invalidates what a write on the list's resource
   * changes, this list and the lists in other tabs that show the same rows; resolves when this list has its answer.
   */
  refresh: () => Promise<void>;
  /** New filters from the search form: page 1, the sort is kept. */
  search: (filters: Partial<Q>) => void;
  onTableChange: NonNullable<TableProps<T>['onChange']>;
  /** The keys of the checked rows (tables with `selectable`); kept across pages. */
  selected: K[];
  setSelected: (ids: K[]) => void;
  /** Runs a delete, says `done` when it worked, and then (either way) clears the selection and invalidates (refresh). */
  remove: (ids: K[], run: (ids: K[]) => Promise<unknown>, done?: string) => Promise<void>;
}

/**
 * The state of a server-paged RuoYi list (`{rows, total}`) on the shell's query cache: each query (filters, page,
 * sort) is its own key, so an answer that arrives after the query moved on never shows; the rows shown stay while
 * the next ones load. A failed load was already notified by the request client.
 */
export function useListPage<T, Q extends PageQuery, K extends RowId = number>(source: ListSource<T, Q>, pageSize: number): ListState<T, Q, K> {
  const { message } = App.useApp();
  const changed = useChanged();
  const [query, setQuery] = useState<Q>(() => ({ pageNum: 1, pageSize }) as Q);
  const [selected, setSelected] = useState<K[]>([]);
  const { key, load, changes } = source;
  const q = useShellQuery({ queryKey: key(query), queryFn: () => load(query), placeholderData: keepPreviousData });

  const refresh = useCallback(() => changed(changes), [changed, changes]);
  const search = useCallback(
    (filters: Partial<Q>) =>
      setQuery((cur) => {
        const sort: SortQuery = { orderByColumn: (cur as SortQuery).orderByColumn, isAsc: (cur as SortQuery).isAsc };
        return { ...sort, ...filters, pageNum: 1, pageSize } as Q;
      }),
    [pageSize],
  );
  const onTableChange = useCallback<ListState<T, Q, K>['onTableChange']>((pagination, _filters, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const sort: SortQuery = s?.order ? { orderByColumn: String(s.field), isAsc: s.order === 'ascend' ? 'asc' : 'desc' } : {};
    setQuery((cur) => ({ ...cur, pageNum: pagination.current ?? 1, orderByColumn: sort.orderByColumn, isAsc: sort.isAsc }));
  }, []);
  const remove = useCallback<ListState<T, Q, K>['remove']>(
    async (ids, run, done = '删除成功') => {
      try {
        await run(ids);
        void message.success(done);
      } catch {
        /* notified by the request client (e.g. 角色已分配给用户，不能删除) */
      }
      setSelected([]);
      await refresh();
    },
    [message, refresh],
  );

  return {
    query,
    rows: q.data?.rows ?? [],
    total: q.data?.total ?? 0,
    pageSize,
    // While any answer is on its way: the first, one for a new query (the previous query's rows stay, dimmed), or a
    // refetch after a write or when the tab is shown again.
    loading: q.isFetching,
    error: q.isError ? (q.error instanceof Error ? q.error.message : String(q.error)) : null,
    refresh,
    search,
    onTableChange,
    selected,
    setSelected,
    remove,
  };
}
