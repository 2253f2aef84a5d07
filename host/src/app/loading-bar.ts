import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import NProgress from 'nprogress';

NProgress.configure({ showSpinner: false });

/** A page that stays busy (a call that never answers) cannot keep the bar for ever. */
const BAR_MAX_MS = 15000;

/**
 * The host's navigation state (ROUTE-3): a page still on its way. Its code is on its way while a remote's module
 * loads (RemotePage) or a layout's fallback stands in for it (PageLoading); each holds the page until then.
 */
let pagesOnTheirWay = 0;
const listeners = new Set<() => void>();

/** Marks a page as on its way; the returned function (idempotent) marks it arrived. */
export function pageOnItsWay(): () => void {
  pagesOnTheirWay++;
  listeners.forEach((l) => l());
  let arrived = false;
  return () => {
    if (arrived) return;
    arrived = true;
    pagesOnTheirWay--;
    listeners.forEach((l) => l());
  };
}

function onPagesChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * The loading bar, from the navigation state: it runs while a page's code is on its way and, after a navigation
 * inside the app (`location` changed), until the page's data has arrived (no query of the page's cache fetching).
 * Not for the page the browser loaded: that one has the browser's own indicator, and a rendered page is complete
 * when the app starts (starting the bar was one of the longest steps of hydration: 18 ms at CPU 4x).
 *
 * The state is read after each change has been committed and its effects have run (a microtask later): a page
 * starts its queries in its mount effects, in the same commit as the location (or as the fallback leaving), so read
 * at once it would look idle.
 */
export function useLoadingBar(location: string): void {
  const queryClient = useQueryClient();
  const barFor = useRef(location);
  useEffect(() => {
    const navigated = barFor.current !== location;
    barFor.current = location;
    return runBar(queryClient, navigated);
  }, [queryClient, location]);
}

function runBar(queryClient: QueryClient, navigated: boolean): () => void {
  let awaitingData = navigated;
  let scheduled = false;
  let live = true;
  const update = () => {
    scheduled = false;
    if (!live) return;
    const busy = pagesOnTheirWay > 0 || (awaitingData && queryClient.isFetching() > 0);
    if (!busy) awaitingData = false;
    if (busy && NProgress.status === null) NProgress.start();
    else if (!busy) NProgress.done();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(update);
  };
  const stopPages = onPagesChange(schedule);
  const stopQueries = queryClient.getQueryCache().subscribe(schedule);
  const cap = setTimeout(() => {
    awaitingData = false;
    schedule();
  }, BAR_MAX_MS);
  schedule();
  return () => {
    live = false;
    stopPages();
    stopQueries();
    clearTimeout(cap);
  };
}
