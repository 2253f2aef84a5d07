import { Spin } from '@site/antd-kit';
import { Navigate, useLocation } from 'react-router-dom';
import { findRoute, type MenuEntry } from '../menu/routes';
import { isShellPage, pageFor } from '../pages/registry';
import MissingComponent from '../pages/missing/MissingComponent';
import NotFound from '../pages/not-found/NotFound';
import Forbidden from '../pages/forbidden/Forbidden';
import { PageBoundary } from '../components/PageBoundary';
import { ViewShown } from '../data/shell-query';
import { useTabs } from '../store/tabs';
import { useSettings } from '../store/settings';

export const viewKey = (pathname: string, search: string) => pathname + search;

function PageView({ menu, viewPath }: { menu: readonly MenuEntry[]; viewPath: string }) {
  const pathname = viewPath.split('?')[0];
  const match = findRoute(menu, pathname);
  if (!match) return <NotFound />;
  const Page = pageFor(match.entry.component);
  // eslint-disable-next-line react-hooks/static-components -- pageFor looks the page up in the module-level registry; nothing is created here
  return <PageBoundary>{Page ? <Page /> : <MissingComponent component={match.entry.component} title={match.entry.title} />}</PageBoundary>;
}

/**
 * The page area with keep-alive: the views of open keep-alive tabs stay mounted (hidden when not active) so their
 * state survives tab switches; closing a tab drops it from the cached views and so unmounts it (TAB-5, TAB-6). A
 * hidden view's queries are not subscribed (`ViewShown`): shown again, it refetches what is stale, so a tab that
 * becomes active shows current data.
 */
export function ContentArea({ menu, menuReady }: { menu: readonly MenuEntry[]; menuReady: boolean }) {
  const location = useLocation();
  const current = viewKey(location.pathname, location.search);
  const { tabs, cachedViews } = useTabs();
  const { multiTab } = useSettings();
  const match = findRoute(menu, location.pathname);

  // /admin (and /admin/) is the back office's front door: the workbench, as a signed-in person expects.
  if (/^\/admin\/?$/.test(location.pathname)) return <Navigate to="/index" replace />;
  if (!match && !menuReady) {
    return (
      <div style={{ padding: 48, textAlign: 'center' }} aria-busy="true">
        <Spin />
      </div>
    );
  }
  // A page of this shell that the user's menu leaves out says 当前操作没有权限 (deviation from ROUTE-20:
  // it is a page, only not theirs); any other path under /index, /account or /admin goes to /404 (ROUTE-20).
  if (!match) return isShellPage(location.pathname) ? <Forbidden /> : <Navigate to="/404" replace />;

  const kept = multiTab ? cachedViews.filter((k) => tabs.some((t) => t.key === k)) : [];
  // The page on screen counts as kept from its first render, so it is not remounted when its tab registers.
  const currentKept = multiTab && !!match?.entry.keepAlive;
  const keys = currentKept && !kept.includes(current) ? [...kept, current] : kept;

  return (
    <>
      {keys.map((k) => (
        <div key={k} className="admin-view" data-view={k} style={k === current ? undefined : { display: 'none' }}>
          <ViewShown.Provider value={k === current}>
            <PageView menu={menu} viewPath={k} />
          </ViewShown.Provider>
        </div>
      ))}
      {!keys.includes(current) && (
        <div key={`live:${current}`} className="admin-view" data-view={current}>
          <PageView menu={menu} viewPath={current} />
        </div>
      )}
    </>
  );
}
