/**
 * What an exposed page module (a remote's `src/pages/<page>/`, or a host page) gives the host, and how the host
 * composes it: the page, its `head` (kept in the document's <head>) and, where the page has one, its not-found
 * state, shown for the URL the origin answered 404 (the rendered not-found file says so: no call asks again).
 */
import { createContext, useCallback, useContext, useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { SITE_DESCRIPTION } from '@site/contract';
import { pageTitleOverride } from '@site/ui';
import type { RouteHead, RouteLoader } from '@site/ui/render';
import { useCompany } from '../site-data/site-data';
import { documentTitle } from './head';

export interface PageModule {
  default: ComponentType<Record<string, unknown>>;
  /** Loads the page's data into the query cache (the renderer runs it; the browser reads what it loaded). */
  loader?: RouteLoader;
  /** The page's title, description, canonical URL and JSON-LD, from its loader's data. */
  head?: RouteHead;
  /** The page's not-found state (an article that is not there): shown for a URL the origin answered 404. */
  NotFound?: ComponentType;
}

/** The in-site URL (path and query) whose page shows its not-found state; null for none. */
export const NotFoundLocation = createContext<string | null>(null);

/**
 * The head of a page module that has none of its own (the admin app): its route's title, or the menu title the
 * app set for this location (usePageTitle), which a company title arriving later keeps.
 */
export const routeHead =
  (title: string): RouteHead =>
  ({ url }) => ({ title: pageTitleOverride(url.pathname + url.search) ?? title, description: SITE_DESCRIPTION });

/** Whether the page at this location shows its not-found state. */
export function useNotFoundHere(): boolean {
  const { pathname, search } = useLocation();
  return useContext(NotFoundLocation) === pathname + search;
}

function setMetaDescription(text: string) {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.appendChild(meta);
  }
  meta.content = text;
}

/**
 * Browser: the document's title and description from the page's `head`, again whenever the data it reads arrives
 * (an article loaded after a navigation) or the company's title does. Nothing is rendered: the server's HTML has the
 * same tree, and its <head> already says the same.
 */
function HeadEffect({ head, notFound }: { head: RouteHead; notFound: boolean }) {
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();
  const company = useCompany();
  const read = () => {
    const h = head({ queryClient, url: new URL(pathname + search, 'http://site.invalid'), notFound });
    return JSON.stringify([h.title, h.description]);
  };
  const subscribe = useCallback((onChange: () => void) => queryClient.getQueryCache().subscribe(onChange), [queryClient]);
  const current = useSyncExternalStore(subscribe, read, () => '');
  useEffect(() => {
    if (!company || !current) return;
    const [title, description] = JSON.parse(current) as [string, string];
    document.title = documentTitle({ title }, company.title);
    setMetaDescription(description);
  }, [current, company]);
  return null;
}

const LOADING_METHODS = new Set<PropertyKey>(['prefetchQuery', 'fetchQuery', 'ensureQueryData']);

/** The page's query client as its loader sees it, noting the keys the loader asks for. */
function recordingQueries(queryClient: QueryClient): { client: QueryClient; keys: QueryKey[] } {
  const keys: QueryKey[] = [];
  const client = new Proxy(queryClient, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      const method = (value as (...a: unknown[]) => unknown).bind(target);
      if (!LOADING_METHODS.has(prop)) return method;
      return (options: { queryKey: QueryKey }) => {
        keys.push(options.queryKey);
        return method(options);
      };
    },
  });
  return { client, keys };
}

/**
 * The component the host mounts for a page module: its not-found state where the origin answered 404, else the
 * page; and the page's head. The head's effect is placed first, so a page that titles itself later (the admin's menu
 * title, usePageTitle) has the last word.
 */
export function composePage(module: PageModule, fallbackHead: RouteHead): { default: ComponentType<Record<string, unknown>> } {
  const head = module.head ?? fallbackHead;
  function ComposedPage(props: Record<string, unknown>) {
    const { NotFound } = module;
    const notFoundHere = useNotFoundHere() && NotFound !== undefined;
    // The origin's 404 is what the renderer's index knew: an article published since (its page is written a second
    // or two later, and staff open it at once) exists already. After hydration the page's data is asked once; only
    // when all of it is there now does the page replace the not-found state. Otherwise the elements the visitor sees
    // (and may be pressing: 返回列表) stay those very elements, never a copy of them put in their place.
    const queryClient = useQueryClient();
    const { pathname, search } = useLocation();
    const [confirmed, setConfirmed] = useState(false);
    useEffect(() => {
      if (!notFoundHere) return;
      let live = true;
      const { client, keys } = recordingQueries(queryClient);
      void Promise.resolve(module.loader?.({ queryClient: client, url: new URL(pathname + search, window.location.origin) }))
        .catch(() => undefined)
        .finally(() => {
          const found = keys.length > 0 && keys.every((key) => queryClient.getQueryState(key)?.status === 'success');
          if (live && found) setConfirmed(true);
        });
      return () => {
        live = false;
      };
    }, [notFoundHere, queryClient, pathname, search]);
    const notFound = notFoundHere && !confirmed;
    const Body = notFound && NotFound ? NotFound : module.default;
    return (
      <>
        <HeadEffect head={head} notFound={notFound} />
        <Body {...props} />
      </>
    );
  }
  return { default: ComposedPage };
}
