import { startTransition, useEffect, useState } from 'react';

export interface AsyncState<T> {
  loading: boolean;
  data: T | undefined;
  /** The rejection, if the load failed (the shared HTTP client has already shown the Chinese notice). */
  error: unknown;
}

/**
 * Runs `load` whenever `deps` change and keeps only the latest answer, so a slow earlier request
 * (e.g. the previous page) never overwrites a newer one. An answer is rendered as a transition: React renders it
 * in slices between which the browser stays responsive (on a slow phone a page of cards was one long task).
 */
export function useAsync<T>(load: () => Promise<T>, deps: readonly unknown[]): AsyncState<T> {
  const [state, setState] = useState<AsyncState<T>>({ loading: true, data: undefined, error: undefined });
  useEffect(() => {
    let current = true;
    setState((s) => ({ loading: true, data: s.data, error: undefined }));
    load().then(
      (data) => current && startTransition(() => setState({ loading: false, data, error: undefined })),
      (error: unknown) =>
        current && startTransition(() => setState({ loading: false, data: undefined, error: error ?? new Error('load failed') })),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return state;
}
