import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import NProgress from 'nprogress';

NProgress.configure({ showSpinner: false });

/**
 * The bar's code is here from the start, so the first navigation shows it whatever the network does (loaded with
 * that navigation, it could arrive after a quick navigation had ended, and the visitor saw no bar). Only its styles
 * wait for the first bar: the page the browser loaded never shows one.
 */
let barStyles: Promise<unknown> | null = null;

/** A page that stays busy (a call that never answers) cannot keep the bar for ever. */
const BAR_MAX_MS = 15000;

/**
 * The host's navigation state (ROUTE-3): a page still on its way. Its code is on its way while a remote's module
 * loads (RemotePage, `pageCodeLoad`) or a layout's fallback stands in for it (PageLoading); each holds the page.
 */
let pagesOnTheirWay = 0;
const listeners = new Set<() => void>();

/** Marks a page as on its way; the returned function (idempotent) marks it arrived. */
function pageOnItsWay(): () => void {
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

/** Loading states on screen (PageLoading): each stands in for a page until that page is committed in its place. */
let loadingStates = 0;

/** A loading state is on screen until the returned function is called (its effect's cleanup). */
export function loadingStateShown(): () => void {
  loadingStates++;
  const arrived = pageOnItsWay();
  return () => {
    loadingStates--;
    arrived();
  };
}

/** Navigations committed so far, and the pages whose code has come but that are not on screen yet, by key. */
let navigations = 0;
const loadedNotShown = new Map<string, () => void>();

/**
 * A page's code load (`key`: the page and attempt), on its way until the page is on screen. A navigation inside the
 * app renders in a transition: the code arrives, then React renders and commits the page, which only then starts its
 * data; ending the wait at the code's arrival, the bar would end and start again. So it ends when the page is shown
 * (`pageShown`) or when a navigation commits (its own: its data takes over in the same read; or another: this one
 * was left). At once when it fails, when a navigation committed during the load (this one was left, or its own went
 * ahead under a loading state), or when a loading state is on screen: that state holds the page until it is shown.
 */
export function pageCodeLoad<T>(key: string, load: Promise<T>): Promise<T> {
  const arrived = pageOnItsWay();
  const startedAt = navigations;
  return load.then(
    (page) => {
      if (navigations !== startedAt || loadingStates > 0) arrived();
      else loadedNotShown.set(key, arrived);
      return page;
    },
    (error: unknown) => {
      arrived();
      throw error;
    },
  );
}

/** The page loaded under `key` is on screen (RemotePage, once it commits with it). */
export function pageShown(key: string): void {
  loadedNotShown.get(key)?.();
  loadedNotShown.delete(key);
}

function navigationCommitted() {
  navigations++;
  loadedNotShown.forEach((arrived) => arrived());
  loadedNotShown.clear();
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
    if (navigated) navigationCommitted();
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
    const shown = NProgress.status !== null;
    if (busy && !shown) {
      barStyles ??= import('nprogress/nprogress.css').catch(() => undefined);
      NProgress.start();
    } else if (!busy && shown) NProgress.done();
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
