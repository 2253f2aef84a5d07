/**
 * Route data for pages rendered ahead of time, one mechanism on both sides (TanStack Query):
 * - each public page module exports a `loader` (`RouteLoader`) that fills the page's query cache with the queries
 *   the page reads, keyed explicitly (`@site/api-client` queries);
 * - the page renderer runs the shell's and the page's loaders, renders, and puts `dehydrateRouteData()` in the HTML;
 * - the browser fills its cache with `hydrateRouteData()` before it hydrates, so the first render matches the HTML
 *   and asks the API for nothing the page carries.
 */
import { dehydrate, hydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { NOTHING_KEY } from '../data/useData';
import { RenderQueryClient, type RenderSettings } from './settings';

export type { DehydratedState };
export { RenderQueryClient, renderSettingsOf, callOptions, type RenderRun, type RenderSettings } from './settings';
export type { RouteLoader, RouteLoaderArgs } from './loader';
export { useRouteSearch } from './search';
export { usePageParam } from '../hooks/usePageParam';
export { routeSearch, searchOfUrl, type RouteSearch } from '@site/contract/routes';
export { articleHead, articleSummary, staticHead, type PageHead, type PageJsonLd, type RouteHead, type RouteHeadArgs } from './head';

/** An answer is fresh for a minute of a visit: a page visited again within it shows what it showed, then asks again. */
const FRESH_MS = 60_000;

/** The page's query client; in the page renderer, one per render with that render's settings. */
export function createQueryClient(settings?: RenderSettings): QueryClient {
  const config = {
    defaultOptions: {
      // A failed load shows its error state at once (the shared HTTP client has already told the visitor why);
      // focus and reconnection are not content changes.
      queries: { staleTime: FRESH_MS, retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
    },
  };
  return settings ? new RenderQueryClient(settings, config) : new QueryClient(config);
}

export interface RenderError {
  message: string;
  code?: number;
}

/**
 * Renderer: the cache the page was rendered with (answered queries only), and what stops the file from being kept:
 * a query that failed, or one the page read that no loader loaded (the browser would have to ask the API for it).
 */
export function dehydrateRouteData(client: QueryClient): { state: DehydratedState; errors: RenderError[] } {
  const errors: RenderError[] = [];
  for (const query of client.getQueryCache().getAll()) {
    const key = JSON.stringify(query.queryKey);
    if (query.state.status === 'error') {
      const e = query.state.error as { message?: unknown; code?: unknown } | null;
      errors.push({ message: `${key}: ${String(e?.message ?? e)}`, ...(typeof e?.code === 'number' ? { code: e.code } : {}) });
    } else if (query.state.status === 'pending' && query.queryKey[0] !== NOTHING_KEY[0]) {
      errors.push({ message: `${key}: read by the page but not loaded by its route's loader` });
    }
  }
  // Without the answers' times: the browser counts them as answered when it hydrates (hydrateRouteData), and a page
  // rendered again with the same content is then the same bytes, which the renderer need not write or upload again.
  const state = dehydrate(client);
  const timeless = {
    ...state,
    queries: state.queries.map((q) => ({ ...q, dehydratedAt: 0, state: { ...q.state, dataUpdatedAt: 0, errorUpdatedAt: 0 } })),
  };
  return { state: timeless, errors };
}

/**
 * Browser: the rendered page's answers, before the first render. They count as answered now: the page is rendered
 * again whenever its content changes, so what it carries is as fresh as a new answer would be.
 */
export function hydrateRouteData(client: QueryClient, state: DehydratedState): void {
  const now = Date.now();
  hydrate(client, { ...state, queries: state.queries.map((q) => ({ ...q, state: { ...q.state, dataUpdatedAt: now } })) });
}
