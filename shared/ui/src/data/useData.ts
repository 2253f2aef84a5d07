import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import type { Query } from './queries';

/** The key of `useData(null)`: never loaded, so never part of a page's data. */
export const NOTHING_KEY = ['nothing-to-load'] as const;

export interface DataState<T> {
  /** The latest answer; kept while the answer for new parameters loads (pages dim it with aria-busy instead of blanking it). */
  data: T | undefined;
  /** No answer for these parameters yet (first load, new parameters, or a retry after a failure). */
  loading: boolean;
  /** The rejection, if the load failed (the shared HTTP client has already shown the Chinese notice). */
  error: unknown;
  /** Asks again (a 重试 button). */
  reload: () => void;
}

/**
 * Route data through the page's query cache (QueryClientProvider in the host). A page rendered ahead of time
 * starts from the answers its HTML carries (render/route-data.ts) and asks the API for nothing it carries; other
 * queries load when the component mounts, and an answer that arrives after the parameters moved on (fast paging,
 * a new ?id=) never overwrites the newer one, because each set of parameters is its own key. `null`: nothing to load
 * (a detail page without an id): not loading, no data.
 */
export function useData<T>(query: Query<T> | null): DataState<T> {
  const q = useQuery(query ? { ...query, placeholderData: keepPreviousData } : { queryKey: NOTHING_KEY, queryFn: skipToken });
  const loading = query !== null && (q.isPending || q.isPlaceholderData || (q.isError && q.isFetching));
  return {
    data: q.isError ? undefined : q.data,
    loading,
    error: loading ? undefined : (q.error ?? undefined),
    reload: () => void q.refetch(),
  };
}
