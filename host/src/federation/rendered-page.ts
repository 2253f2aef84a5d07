/**
 * What a page rendered ahead of time (the page renderer) carries for the browser, in
 * `<script type="application/json" id="site-render">`: the location it was rendered for, the remotes file it was
 * rendered with (so the browser hydrates with exactly those remote versions and never waits for /remotes.json),
 * and the route data it was rendered with. Plain DOM code: the entry chunk reads it before any shared library exists.
 */
import type { DehydratedState } from '@site/ui/render';

export interface RenderedPage {
  location: string;
  remotes: Record<string, string>;
  versions: Record<string, string>;
  /** The page's query cache as the renderer's loaders filled it. */
  data: DehydratedState;
  /**
   * A not-found page, which the origin answers with status 404 for a URL other than its own: `/404`
   * for an unknown path, a detail page's not-found state for an unknown article at that path.
   */
  notFound?: boolean;
}

export const RENDERED_PAGE_ID = 'site-render';

let cached: RenderedPage | null | undefined;
export function renderedPage(): RenderedPage | null {
  if (cached !== undefined) return cached;
  cached = null;
  const el = typeof document === 'undefined' ? null : document.getElementById(RENDERED_PAGE_ID);
  if (!el?.textContent) return cached;
  try {
    const page = JSON.parse(el.textContent) as RenderedPage;
    cached = page ? adopted(page) : null;
  } catch (e) {
    console.error('[host] unreadable rendered page data', e);
  }
  return cached;
}

/**
 * The page the document carries, for this URL: one rendered for this very URL, or a not-found page answering it.
 * The 404 page answers an unknown path, which goes to /404 (ROUTE-20): the address changes before the app reads it,
 * as the router's redirect would. A detail page's not-found state is this URL's: the app shows it without asking
 * the API for the article the origin already found missing. Any other page served for another URL hydrates
 * nothing and renders afresh.
 */
function adopted(page: RenderedPage): RenderedPage | null {
  const here = window.location.pathname + window.location.search;
  if (page.location === here) return page;
  if (!page.notFound) return null;
  if (page.location === '/404') {
    window.history.replaceState(window.history.state, '', '/404');
    return page;
  }
  return page.location === window.location.pathname ? { ...page, location: here } : null;
}
