import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RemotePage } from './app/RemotePage';
import { REMOTE_ROUTES } from './federation/route-table';
import { PublicLayout } from './layouts/PublicLayout';
import { AccountLayout } from './layouts/AccountLayout';
import { RequireAuth } from './app/RequireAuth';
import { BusBridge, HydratedMark, NavigationEffects } from './app/RouteEffects';
import { withAntd } from './antd/with-antd';
import { NotFoundLocation, composePage, routeHead } from './render/page-module';

// The host's pages are page modules as the remotes' are: each with its head, composed the same way.
const hostPage = (load: () => Promise<Parameters<typeof composePage>[0]>) => () => load().then((m) => composePage(m, routeHead('')));
const SearchPage = lazy(withAntd(hostPage(() => import('./pages/search/SearchPage'))));
const NotFound = lazy(hostPage(() => import('./pages/not-found/NotFound')));
const ClearAll = lazy(hostPage(() => import('./pages/clear-all/ClearAll')));
const RuntimeTest = lazy(hostPage(() => import('./pages/runtime-test/RuntimeTest')));

const byLayout = (layout: string) => REMOTE_ROUTES.filter((r) => r.layout === layout);

/**
 * Every route of SPEC section 2 in history mode (ROUTE-1, 4, 19, 20), in the browser, on the page's one query cache.
 * `notFound`: the URL whose page shows its not-found state (the rendered not-found page the origin answered with).
 */
export function App({ queryClient, notFound = null }: { queryClient: QueryClient; notFound?: string | null }) {
  return (
    <QueryClientProvider client={queryClient}>
      <NotFoundLocation.Provider value={notFound}>
        <BrowserRouter>
          <SiteRoutes />
        </BrowserRouter>
      </NotFoundLocation.Provider>
    </QueryClientProvider>
  );
}

/**
 * The site inside a router: BrowserRouter in the browser, StaticRouter in the page renderer (server.tsx), which
 * must render this very tree for the browser to hydrate it. No antd here: the antd provider (zh_CN, theme) wraps
 * each remote page and each antd-using host part when it loads (see antd/with-antd).
 */
export function SiteRoutes() {
  return (
    <>
      <NavigationEffects />
      <BusBridge />
      <HydratedMark />
      <Suspense fallback={null}>
        <Routes>
          <Route element={<PublicLayout />}>
            {byLayout('public').map((r) => (
              <Route key={r.path} path={r.path} element={<RemotePage route={r} ownSuspense={false} />} />
            ))}
            <Route path="/search" element={<SearchPage />} />
          </Route>
          <Route element={<AccountLayout />}>
            {byLayout('account').map((r) => (
              <Route key={r.path} path={r.path} element={<RemotePage route={r} ownSuspense={false} />} />
            ))}
          </Route>
          {byLayout('admin').map((r) => (
            <Route
              key={r.path}
              path={r.path}
              element={
                <RequireAuth>
                  <RemotePage route={r} />
                </RequireAuth>
              }
            />
          ))}
          <Route path="/404" element={<NotFound />} />
          <Route path="/clearAll" element={<ClearAll />} />
          <Route path="/test" element={<RuntimeTest />} />
          <Route path="*" element={<Navigate to="/404" replace />} />
        </Routes>
      </Suspense>
    </>
  );
}
