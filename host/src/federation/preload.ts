import { preloadRemote, registerPlugins } from '@module-federation/enhanced/runtime';
import { yieldToMain } from '../services/yield-to-main';
import { earlyPreloadDone } from './early';
import { loadRemoteModule, remoteStatus } from './remotes';
import { REMOTE_ROUTES, routeFor, type RemoteName, type RemoteRoute } from './route-table';

/**
 * Loading remotes before React asks for them:
 * - the current route's page starts loading as soon as the remotes file is read (before the first render);
 * - once the page is idle, the files of the other public pages of the same remote are downloaded, not run (never
 *   another remote);
 * - a pointer or focus on a link fetches that link's page (intent).
 */
type PageModule = { default: unknown };
const early = new Map<string, Promise<PageModule>>();
const key = (r: RemoteRoute) => `${r.remote}/${r.module}`;

function start(route: RemoteRoute): void {
  if (early.has(key(route))) return;
  const p = loadRemoteModule<PageModule>(route.remote, route.module);
  // A failed load is forgotten, so that mounting the page later tries again instead of reusing the failure.
  p.catch(() => early.delete(key(route)));
  early.set(key(route), p);
}

/** Start loading the page of `pathname` (no-op for host pages). */
export function preloadRoute(pathname: string): void {
  const route = routeFor(pathname);
  if (route) start(route);
}

/** The load started ahead for this page, if any (a retry loads afresh). */
export function takePreloaded<T>(route: RemoteRoute): Promise<T> | undefined {
  const p = early.get(key(route));
  return p as Promise<T> | undefined;
}

const PREFETCH_DELAY_MS = 1500;

let prefetchLinks = false;
/**
 * From the idle prefetch on, the federation runtime's `<link rel="preload">` for another page's files becomes
 * `<link rel="prefetch">`: a preload is for this page and, left unused, makes the browser warn (nine
 * "preloaded but not used" warnings per public page); a prefetch is meant for a next navigation, fills the same
 * HTTP cache and never warns. Registered once; the early preload of the current page stays a preload.
 */
function switchToPrefetchLinks(): void {
  if (prefetchLinks) return;
  prefetchLinks = true;
  registerPlugins([
    {
      name: 'site-idle-prefetch',
      createLink: ({ url, attrs }) => {
        if (attrs?.rel !== 'preload') return undefined;
        const link = document.createElement('link');
        link.rel = 'prefetch';
        link.href = url;
        return link;
      },
    },
  ]);
}

function failed(name: RemoteName): boolean {
  return remoteStatus.list().some((s) => s.name === name && s.state === 'failed');
}

/**
 * Idle-time prefetch of the other public pages of the remote this page already comes from (a list page's
 * detail page, the neighbouring sections). Another remote is never fetched ahead while idle: a page
 * downloads only the remotes it needs, and a cross-remote click is covered by the intent prefetch below.
 * Their files are only downloaded (prefetch links for the files the remote's manifest names), not run:
 * running them would evaluate antd on the home page, which renders without it, while the visitor reads.
 */
export function prefetchLikelyNext(pathname: string): void {
  const current = routeFor(pathname);
  if (!current || current.layout !== 'public') return;
  const run = async () => {
    if (failed(current.remote)) return;
    // The current page's own files were preloaded early (and used): only then do later links become prefetches.
    await earlyPreloadDone();
    switchToPrefetchLinks();
    const exposes = REMOTE_ROUTES.filter((r) => r.layout === 'public' && r.remote === current.remote && r !== current).map((r) => r.module);
    // One page at a time, each in a task of its own: the whole list at once was one task of 40-100 ms at CPU 4x
    // (the runtime resolves every file and shared module of every page, then adds the links).
    for (const expose of exposes) {
      await preloadRemote([{ nameOrAlias: current.remote, exposes: [expose], resourceCategory: 'sync', share: false }]).catch(() => {
        // A prefetch that fails costs nothing: the page loads (and reports) when it is opened.
      });
      await yieldToMain();
    }
  };
  const idle = (cb: () => void) => ('requestIdleCallback' in window ? window.requestIdleCallback(cb, { timeout: 3000 }) : setTimeout(cb, 200));
  const later = () => setTimeout(() => idle(() => void run()), PREFETCH_DELAY_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

/** Hover, touch or focus on an in-site link loads its page ahead of the click. */
export function prefetchOnIntent(): void {
  const onIntent = (e: Event) => {
    const a = (e.target as Element | null)?.closest?.('a[href]');
    if (!a) return;
    const url = new URL((a as HTMLAnchorElement).href, window.location.href);
    if (url.origin !== window.location.origin) return;
    const route = routeFor(url.pathname);
    if (route && route.layout === 'public' && !failed(route.remote)) start(route);
  };
  document.addEventListener('pointerover', onIntent, { passive: true });
  document.addEventListener('touchstart', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent);
}
