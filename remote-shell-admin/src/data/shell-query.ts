import { createContext, useCallback, useContext } from 'react';
import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import type { PageQuery, TableDataInfo } from '@site/contract';
import { CHANGES, type Resource } from './keys';

/** What a write changed: a resource of `CHANGES` (keys.ts), or the query keys themselves. */
export type Changed = Resource | readonly QueryKey[];

/**
 * Where a list page's rows come from (`lists` in data/queries.ts): the key of one page of rows, the API call, and what
 * a write on the page changes. Here, below the list page (list-page/) that reads it, so data/ imports nothing above.
 */
export interface ListSource<T, Q extends PageQuery> {
  key: (query: Q) => readonly unknown[];
  load: (query: Q) => Promise<TableDataInfo<T>>;
  /** What a write on the page changes: a resource of `CHANGES` (data/keys.ts) or its keys. */
  changes: Changed;
}

/**
 * Whether the view around a component is on screen. The multi-tab layout keeps the views of open tabs mounted
 * (keep-alive) and hides all but the active one; `ContentArea` provides `false` for the hidden ones. Outside a view
 * (header, bell) it is `true`.
 */
export const ViewShown = createContext(true);

/**
 * `useQuery` for the shell: every answer is stale at once (staleTime 0), and a hidden tab's queries are not
 * subscribed. So a hidden tab neither refetches nor re-renders while it is hidden, and when it is shown again its
 * queries subscribe and refetch what is stale (TanStack's refetch on mount): the tab shows current data, keeping what
 * it showed until the answer arrives. A key invalidated meanwhile (a write in another tab) is refetched the same way.
 */
export function useShellQuery<TQueryFnData, TError = Error, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): UseQueryResult<TData, TError> {
  const shown = useContext(ViewShown);
  return useQuery({ staleTime: 0, ...options, subscribed: shown && options.subscribed !== false });
}

/**
 * After a write: invalidates what a write on these resources changes (`CHANGES` in keys.ts). Queries on screen
 * refetch now; the others when they are shown again. Resolves when the ones on screen have their new answers.
 */
export function useChanged(): (...changed: Changed[]) => Promise<void> {
  const client = useQueryClient();
  return useCallback(
    async (...changed: Changed[]) => {
      const roots = new Set<QueryKey>(changed.flatMap((c): readonly QueryKey[] => (typeof c === 'string' ? CHANGES[c] : c)));
      await Promise.all([...roots].map((queryKey) => client.invalidateQueries({ queryKey })));
    },
    [client],
  );
}
