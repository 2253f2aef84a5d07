import type { sanitizeHtml } from './sanitize';

export type Sanitize = typeof sanitizeHtml;

/**
 * DOMPurify in a file of its own (`./sanitize`), loaded at the first need: a page hydrating HTML the renderer already
 * sanitised has none, and waits for fewer bytes before it answers. A failed load is forgotten, so the next need
 * tries again.
 */
let loading: Promise<Sanitize> | null = null;
let loaded: Sanitize | null = null;
const listeners = new Set<() => void>();

export function loadSanitizer(): Promise<Sanitize> {
  loading ??= import('./sanitize').then(
    (m) => {
      loaded = m.sanitizeHtml;
      listeners.forEach((l) => l());
      return m.sanitizeHtml;
    },
    (e: unknown) => {
      loading = null;
      throw e;
    },
  );
  return loading;
}

/** The sanitiser once its file has arrived, null before (for useSyncExternalStore). */
export const loadedSanitizer = (): Sanitize | null => loaded;

export function subscribeSanitizer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
