import { startTransition, useCallback, useEffect, useState, type DependencyList } from 'react';

export interface AsyncState<T> {
  /** The latest answer; kept while a newer load runs (pages dim it with aria-busy instead of blanking it). */
  data: T | undefined;
  loading: boolean;
  /** The rejection, if the load failed (the shared HTTP client has already shown the Chinese notice). */
  error: unknown;
  /** Runs the load again with the same deps (a 重试 button). */
  reload: () => void;
}

/**
 * Runs `load` whenever `deps` change (or `reload()` is called) and keeps only the latest answer: an answer that
 * arrives after the deps moved on (fast paging, a new ?id=) or after unmount is dropped, so an old page never
 * overwrites a newer one. Errors are already notified by the shared HTTP client; pages only pick the state to show.
 * An answer is rendered as a transition: React renders it in slices between which the browser stays responsive
 * (on a slow phone a page of cards was one long task), and the host's navigation reveal waits for it.
 */
export function useAsync<T>(load: () => Promise<T>, deps: DependencyList): AsyncState<T> {
  const [state, setState] = useState<Omit<AsyncState<T>, 'reload'>>({ data: undefined, loading: true, error: undefined });
  const [attempt, setAttempt] = useState(0);
  // New deps (or a reload) mark the state loading during that very render, before the effect starts the load.
  const key = [...deps, attempt];
  const [loadingKey, setLoadingKey] = useState(key);
  if (key.length !== loadingKey.length || key.some((v, i) => !Object.is(v, loadingKey[i]))) {
    setLoadingKey(key);
    setState((s) => ({ data: s.data, loading: true, error: undefined }));
  }
  useEffect(() => {
    let current = true;
    load().then(
      (data) => current && startTransition(() => setState({ data, loading: false, error: undefined })),
      // A bare `reject()` still has to read as a failure.
      (error: unknown) => current && startTransition(() => setState({ data: undefined, loading: false, error: error ?? new Error('load failed') })),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps decide when `load` runs again, as with useEffect
  }, [...deps, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
