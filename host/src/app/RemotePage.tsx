import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import { loadRemoteModule } from '../federation/remotes';
import { RemoteBoundary } from '../federation/RemoteBoundary';
import type { RemoteRoute } from '../federation/route-table';
import { withAntd } from '../antd/with-antd';
import { takePreloaded } from '../federation/preload';
import { loadingStateShown, pageCodeLoad, pageShown } from './loading-bar';
import { composePage, routeHead, type PageModule } from '../render/page-module';

/** The page with its head and not-found state (render/page-module). */
const composed = (route: RemoteRoute) => (module: PageModule) => composePage(module, routeHead(route.title));

/** The loading state of a page whose code is not there yet (first load, or a retry). */
export function PageLoading() {
  // The page is on its way while this stands in for it (the loading bar runs, see loading-bar.ts).
  useEffect(() => loadingStateShown(), []);
  return (
    <div className="page-loading" aria-busy="true">
      <span className="page-loading__spinner" role="status" aria-label="加载中" />
    </div>
  );
}

/**
 * The page renderer (server.tsx) loads each remote's page from that remote's server build instead of through the
 * browser's federation runtime; the tree around it is the same.
 */
type PageSource = (route: RemoteRoute) => Promise<PageModule>;
let serverSource: PageSource | null = null;
export function renderPagesFrom(source: PageSource): void {
  serverSource = source;
  // A render run starts afresh: pages from the run's own server builds, not a previous run's.
  cache.clear();
}

/** Loaded pages are kept so that returning to a page does not fetch again. */
const cache = new Map<string, ComponentType<Record<string, unknown>>>();
const pageKey = (route: RemoteRoute, attempt: number) => `${route.remote}/${route.module}#${attempt}`;

function lazyPage(route: RemoteRoute, attempt: number) {
  const key = pageKey(route, attempt);
  let C = cache.get(key);
  if (!C && serverSource) {
    const source = serverSource;
    const load = () => source(route).then(composed(route));
    C = lazy(route.withoutAntd ? load : withAntd(load));
    cache.set(key, C);
  }
  if (!C) {
    // The first attempt reuses a load started ahead (current route at start-up, prefetch, link intent).
    const load = () =>
      ((attempt === 0 && takePreloaded<PageModule>(route)) || loadRemoteModule<PageModule>(route.remote, route.module)).then(composed(route));
    // The loading bar runs while the code loads: during a navigation the previous page stays on screen (see the
    // layouts' Suspense), so the bar is the only sign that something is coming.
    const withBar = () => pageCodeLoad(key, load());
    C = lazy(route.withoutAntd ? withBar : withAntd(withBar));
    cache.set(key, C);
  }
  return C;
}

/**
 * Browser, before it hydrates a rendered page: the page's module (with the antd provider unless the route renders
 * without antd) is loaded first and mounted directly, so the first render has it at once and React never meets a
 * part of the page whose code has not arrived (it would leave that part unhydrated and drop clicks on it).
 */
export async function loadPageBeforeHydration(route: RemoteRoute): Promise<void> {
  const load = () => (takePreloaded<PageModule>(route) || loadRemoteModule<PageModule>(route.remote, route.module)).then(composed(route));
  const page = await (route.withoutAntd ? load : withAntd(load))();
  cache.set(pageKey(route, 0), page.default);
}

/**
 * React.lazy keeps a rejection for good, so a failed page is dropped from the cache: coming back to it once the
 * remote is reachable again loads it afresh instead of showing the old failure. Only once the failure is on screen:
 * a page that suspended without committing (a navigation, or the first load under the layout's Suspense) is
 * rendered anew when its load settles, and must then meet the same rejected component, not start another load.
 */
function forgetFailedPage(route: RemoteRoute, attempt: number) {
  cache.delete(pageKey(route, attempt));
}

/**
 * Mounts one exposed page of a remote, with loading bar, error boundary and retry. Inside a layout, the layout's
 * Suspense (above the page's key) shows the loading state (`ownSuspense={false}`): a navigation then keeps the
 * previous page until the next one is ready. A new boundary per page would show its loading state at once and React
 * would hold the arriving page for its 300 ms reveal throttle (measured: code in 80 ms, page on screen at 330 ms).
 */
export function RemotePage({ route, props, ownSuspense = true }: { route: RemoteRoute; props?: Record<string, unknown>; ownSuspense?: boolean }) {
  const [attempt, setAttempt] = useState(0);
  const Page = useMemo(() => lazyPage(route, attempt), [route, attempt]);
  // Committed with its page (the layout's Suspense is above it): the page is on screen, its code's wait is over.
  useEffect(() => pageShown(pageKey(route, attempt)), [route, attempt]);
  // eslint-disable-next-line react-hooks/static-components -- lazyPage returns the module-level cached component of this route and attempt; a new one only on retry, to load afresh
  const page = <Page {...props} />;
  return (
    <RemoteBoundary label={route.title} onError={() => forgetFailedPage(route, attempt)} onRetry={() => setAttempt((a) => a + 1)}>
      {ownSuspense ? <Suspense fallback={<PageLoading />}>{page}</Suspense> : page}
    </RemoteBoundary>
  );
}
