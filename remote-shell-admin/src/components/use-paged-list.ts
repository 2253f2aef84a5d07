import { useCallback, useEffect, useMemo, useState } from 'react';
import type { TableDataInfo } from '@site/contract';

/**
 * A RuoYi list (`{rows, total}`) for a query: reloaded when the query changes or on refresh(). `loading` holds
 * until the answer of the latest request arrives (an older answer never replaces a newer one). `load` must be
 * stable (an API function of @site/api-client); a failed load was already notified by the request client.
 */
export function usePagedList<Q, T>(load: (query: Q) => Promise<TableDataInfo<T>>, query: Q) {
  const [reload, setReload] = useState(0);
  const request = useMemo(() => ({ query, reload }), [query, reload]);
  const [data, setData] = useState<{ rows: T[]; total: number }>({ rows: [], total: 0 });
  const [settled, setSettled] = useState<typeof request | null>(null);

  useEffect(() => {
    let alive = true;
    load(request.query)
      .then(
        (r) => alive && setData({ rows: r.rows ?? [], total: r.total ?? 0 }),
        () => undefined,
      )
      .finally(() => alive && setSettled(request));
    return () => {
      alive = false;
    };
  }, [load, request]);

  const refresh = useCallback(() => setReload((n) => n + 1), []);
  return { rows: data.rows, total: data.total, loading: settled !== request, refresh };
}
