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
    // Rendered for this very URL only: a page served for another URL hydrates nothing and renders afresh.
    if (page && page.location === window.location.pathname + window.location.search) cached = page;
  } catch (e) {
    console.error('[host] unreadable rendered page data', e);
  }
  return cached;
}
