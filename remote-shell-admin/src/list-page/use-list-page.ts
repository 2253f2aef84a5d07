import { useCallback, useEffect, useMemo, useState } from 'react';
import { App, type TableProps } from '@site/antd-kit';
import type { PageQuery, TableDataInfo } from '@site/contract';

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
  refresh: () => void;
  /** New filters from the search form: page 1, the sort is kept. */
  search: (filters: Partial<Q>) => void;
  onTableChange: NonNullable<TableProps<T>['onChange']>;
  /** The keys of the checked rows (tables with `selectable`); kept across pages. */
  selected: K[];
  setSelected: (ids: K[]) => void;
  /** Runs a delete, says `done` when it worked, and then (either way) clears the selection and reloads. */
  remove: (ids: K[], run: (ids: K[]) => Promise<unknown>, done?: string) => Promise<void>;
}

/**
 * The state of a server-paged RuoYi list (`{rows, total}`): query, paging, sort, selection, reload. `load` must be
 * stable (an API function of @site/api-client); a failed load was already notified by the request client.
 */
export function useListPage<T, Q extends PageQuery, K extends RowId = number>(
  load: (query: Q) => Promise<TableDataInfo<T>>,
  pageSize: number,
): ListState<T, Q, K> {
  const { message } = App.useApp();
  const [query, setQuery] = useState<Q>(() => ({ pageNum: 1, pageSize }) as Q);
  const [reload, setReload] = useState(0);
  const request = useMemo(() => ({ query, reload }), [query, reload]);
  const [data, setData] = useState<{ rows: T[]; total: number }>({ rows: [], total: 0 });
  const [error, setError] = useState<string | null>(null);
  const [settled, setSettled] = useState<typeof request | null>(null);
  const [selected, setSelected] = useState<K[]>([]);

  useEffect(() => {
    let alive = true;
    load(request.query)
      .then(
        (r) => {
          if (!alive) return;
          setData({ rows: r.rows ?? [], total: r.total ?? 0 });
          setError(null);
        },
        (e: unknown) => alive && setError(e instanceof Error ? e.message : String(e)),
      )
      .finally(() => alive && setSettled(request));
    return () => {
      alive = false;
    };
  }, [load, request]);

  const refresh = useCallback(() => setReload((n) => n + 1), []);
  const search = useCallback(
    (filters: Partial<Q>) =>
      setQuery((q) => {
        const sort: SortQuery = { orderByColumn: (q as SortQuery).orderByColumn, isAsc: (q as SortQuery).isAsc };
        return { ...sort, ...filters, pageNum: 1, pageSize } as Q;
      }),
    [pageSize],
  );
  const onTableChange = useCallback<ListState<T, Q, K>['onTableChange']>((pagination, _filters, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const sort: SortQuery = s?.order ? { orderByColumn: String(s.field), isAsc: s.order === 'ascend' ? 'asc' : 'desc' } : {};
    setQuery((q) => ({ ...q, pageNum: pagination.current ?? 1, orderByColumn: sort.orderByColumn, isAsc: sort.isAsc }));
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
      refresh();
    },
    [message, refresh],
  );

  return {
    query,
    rows: data.rows,
    total: data.total,
    pageSize,
    loading: settled !== request,
    error,
    refresh,
    search,
    onTableChange,
    selected,
    setSelected,
    remove,
  };
}
