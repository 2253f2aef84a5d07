import { useSyncExternalStore, type ReactNode } from 'react';

const subscribe = () => () => {};

/**
 * false in the page renderer and during the browser's hydration of a rendered page, true afterwards (and at once in
 * a page the browser renders itself): for parts that only work with JavaScript, such as a form, so that the HTML
 * rendered ahead and the hydrating browser agree.
 */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/** Renders `children` in the browser only; `fallback` (sized like them, so nothing moves) before. */
export function ClientOnly({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useIsClient() ? children : fallback;
}
