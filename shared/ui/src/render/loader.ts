/**
 * What a page module's `loader` and `head` are both given. Apart from route-data.ts so that head.ts can take it
 * without importing the module that re-exports head.ts.
 */
import type { QueryClient } from '@tanstack/react-query';

export interface RouteLoaderArgs {
  queryClient: QueryClient;
  /** The page's URL (path and query, e.g. `?id=` of a detail page, `?page=` of a list). */
  url: URL;
}
/** What a public page loads before it renders: `queryClient.prefetchQuery(...)` of each query it reads. */
export type RouteLoader = (args: RouteLoaderArgs) => Promise<unknown>;
