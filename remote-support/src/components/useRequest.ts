import { startTransition, useCallback, useEffect, useState, type DependencyList } from 'react';

export interface RequestState<T> {
  data: T | undefined;
  loading: boolean;
  error: unknown;
  reload: () => void;
}

/**
 * Runs `load` whenever `deps` change and keeps the latest answer only: an answer that arrives after the
 * deps moved on (fast paging, a new ?id=) is dropped so an old page never overwrites a newer one.
 * Errors are already notified by the shared HTTP client; pages only pick the state to show. An answer renders as a
 * transition, in slices that keep a slow phone responsive.
 */
export function useRequest<T>(load: () => Promise<T>, deps: DependencyList): RequestState<T> {
  const [state, setState] = useState<{ data: T | undefined; loading: boolean; error: unknown }>({ data: undefined, loading: true, error: undefined });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let current = true;
    setState((s) => ({ data: s.data, loading: true, error: undefined }));
    load().then(
      (data) => current && startTransition(() => setState({ data, loading: false, error: undefined })),
      (error: unknown) => current && startTransition(() => setState({ data: undefined, loading: false, error })),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { ...state, reload };
}
