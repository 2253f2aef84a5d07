import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import NProgress from 'nprogress';
import { loadRemoteModule } from './remotes';
import { RemoteBoundary } from './RemoteBoundary';
import type { RemoteRoute } from './route-table';
import { withAntd } from '../antd/with-antd';
import { takePreloaded } from './preload';

type PageModule = { default: ComponentType<Record<string, unknown>> };

function PageLoading() {
  useEffect(() => {
    NProgress.start();
    return () => {
      NProgress.done();
    };
  }, []);
  return (
    <div className="page-loading" aria-busy="true">
      <span className="page-loading__spinner" role="status" aria-label="加载中" />
    </div>
  );
}

/** Loaded pages are kept so that returning to a page does not fetch again. */
const cache = new Map<string, ComponentType<Record<string, unknown>>>();

function lazyPage(route: RemoteRoute, attempt: number) {
  const key = `${route.remote}/${route.module}#${attempt}`;
  let C = cache.get(key);
  if (!C) {
    // The first attempt reuses a load started ahead (current route at start-up, prefetch, link intent).
    const load = () => (attempt === 0 && takePreloaded<PageModule>(route)) || loadRemoteModule<PageModule>(route.remote, route.module);
    // React.lazy keeps a rejection for good: a failed page is dropped from the cache, so that coming back to
    // it once the remote is reachable again loads it afresh instead of showing the old failure.
    const forgetOnFailure = () =>
      load().catch((e: unknown) => {
        if (cache.get(key) === C) cache.delete(key);
        throw e;
      });
    C = lazy(route.withoutAntd ? forgetOnFailure : withAntd(forgetOnFailure));
    cache.set(key, C);
  }
  return C;
}

/** Mounts one exposed page of a remote, with loading bar, error boundary and retry. */
export function RemotePage({ route, props }: { route: RemoteRoute; props?: Record<string, unknown> }) {
  const [attempt, setAttempt] = useState(0);
  const Page = useMemo(() => lazyPage(route, attempt), [route, attempt]);
  return (
    <RemoteBoundary label={route.title} onRetry={() => setAttempt((a) => a + 1)}>
      <Suspense fallback={<PageLoading />}>
        <Page {...props} />
      </Suspense>
    </RemoteBoundary>
  );
}
