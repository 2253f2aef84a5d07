import type { PageModule } from '../render/page-module';

/** The host's own pages (outside the route table); each module owns its head like a remote's page. */
export const HOST_PAGES = ['/404', '/search', '/clearAll', '/test'] as const;

/** Host pages the page renderer renders ahead (server.tsx), by path. */
export const RENDERED_HOST_PAGES: Record<string, () => Promise<PageModule>> = {
  '/404': () => import('../pages/not-found/NotFound'),
};
