import { HOST_PUBLIC_PAGES } from '@site/contract/routes';
import type { PageModule } from '../render/page-module';

/** The host's own pages (outside the route table); each module owns its head like a remote's page. */
export const HOST_PAGES = ['/404', ...HOST_PUBLIC_PAGES, '/clearAll', '/test'] as const;

/**
 * Host pages the page renderer renders (server.tsx), by path: `/404` ahead, `/search` on demand (its address holds
 * the visitor's query: services/page-renderer search-page.ts).
 */
export const RENDERED_HOST_PAGES: Record<string, () => Promise<PageModule>> = {
  '/404': () => import('./not-found/NotFound'),
  '/search': () => import('./search/SearchPage'),
};
