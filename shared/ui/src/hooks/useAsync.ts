import { startTransition, use, useCallback, useEffect, useId, useRef, useState, type DependencyList } from 'react';
import { hydrationEntry, renderKey, serverEntry, serverRenderStore, type SettledEntry } from '../render/render-data';

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
 *
 * Rendered ahead of time (render/render-data.ts): in the page renderer the load runs once and the component suspends
 * until it settles; in the browser that hydrates the page, the first render starts from that answer and does not
 * load again.
 */
export const useAsync: <T>(load: () => Promise<T>, deps: DependencyList) => AsyncState<T> =
  typeof window === 'undefined' ? useAsyncOnServer : useAsyncInBrowser;

const noop = () => {};

function sameAnswer(a: unknown, b: unknown): boolean {
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}

function useAsyncOnServer<T>(load: () => Promise<T>, deps: DependencyList): AsyncState<T> {
  const key = renderKey(useId(), deps);
  const server = serverRenderStore();
  if (!server) return { data: undefined, loading: true, error: undefined, reload: noop };
  const entry = serverEntry(server, key, load);
  // Called on every attempt, settled or not: React matches the promises a component uses by call order, so a
  // skipped call would hand the next load of this component the answer of this one.
  use(entry.promise);
  return fromSettled<T>(entry.settled!);
}

function fromSettled<T>(settled: SettledEntry): AsyncState<T> {
  if ('error' in settled)
    return { data: undefined, loading: false, error: Object.assign(new Error(settled.error.message), settled.error), reload: noop };
  return { data: settled.data as T, loading: false, error: undefined, reload: noop };
}

function useAsyncInBrowser<T>(load: () => Promise<T>, deps: DependencyList): AsyncState<T> {
  const storeKey = renderKey(useId(), deps);
  const [rendered] = useState(() => hydrationEntry(storeKey));
  const [state, setState] = useState<Omit<AsyncState<T>, 'reload'>>(() => {
    if (!rendered) return { data: undefined, loading: true, error: undefined };
    const { reload: _, ...settled } = fromSettled<T>(rendered);
    return settled;
  });
  // The rendered answer stands for the first load only.
  const skipLoad = useRef(rendered !== undefined);
  const [attempt, setAttempt] = useState(0);
  // New deps (or a reload) mark the state loading during that very render, before the effect starts the load.
  const key = [...deps, attempt];
  const [loadingKey, setLoadingKey] = useState(key);
  if (key.length !== loadingKey.length || key.some((v, i) => !Object.is(v, loadingKey[i]))) {
    setLoadingKey(key);
    setState((s) => ({ data: s.data, loading: true, error: undefined }));
  }
  useEffect(() => {
    if (skipLoad.current) {
      skipLoad.current = false;
      // The rendered answer may be a little older than the content (a page is re-rendered a moment after an
      // edit): it is checked once in the background and replaced only if it changed; a failure keeps it.
      let live = true;
      load().then(
        (data) => live && !sameAnswer(data, state.data) && startTransition(() => setState({ data, loading: false, error: undefined })),
        () => undefined,
      );
      return () => {
        live = false;
      };
    }
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
