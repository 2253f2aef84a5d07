/**
 * The federation route table (issue 38.3): which remote module renders which route. Data (`routes.json`), so the
 * host's app and the builds read the one list: the host bundles it through this module, the host's build and
 * `scripts/remote.cjs check` require the JSON (`@site/contract/routes.json`) and check each remote's declared
 * exposes against it (`@site/build-config/contract`). Every module named here must be in that remote's manifest.
 */
import table from './routes.json';

export type RemoteName = 'remote_content' | 'remote_support' | 'remote_account' | 'remote_shell_admin';
export type LayoutKind = 'public' | 'account' | 'admin';

export interface RemoteRoute {
  path: string;
  remote: RemoteName;
  /** Exposed module, e.g. './Home'. */
  module: string;
  /** Page title (the part before the dash). */
  title: string;
  layout: LayoutKind;
  /** Needs a signed-in user. */
  auth?: boolean;
  /**
   * The page renders without antd, so the host loads neither antd nor its provider for it: antd is about half of the
   * JavaScript of a page and its start-up a long task on a phone. The account pages and the admin keep it. The
   * contact page's form loads antd itself when the visitor reaches it, inside its own SiteConfigProvider. Should such
   * a page import antd otherwise, antd still loads through the shared scope, only without the zh_CN texts and theme.
   */
  withoutAntd?: boolean;
}

export const REMOTE_NAMES: readonly RemoteName[] = ['remote_content', 'remote_support', 'remote_account', 'remote_shell_admin'];
export const LAYOUT_KINDS: readonly LayoutKind[] = ['public', 'account', 'admin'];

/** JSON's strings are typed as strings: routes.test.ts holds each entry to RemoteRoute's unions. */
export const REMOTE_ROUTES: readonly RemoteRoute[] = table as RemoteRoute[];

/**
 * The remote route of a path, matched as the router does (case-insensitive, trailing slash ignored, `/x/*` also
 * matching `/x`), but without react-router: the host's entry chunk uses it before any shared library is available,
 * and the API to know which page a visit entry record is of.
 */
export function routeOfPath(pathname: string): RemoteRoute | undefined {
  const path = (pathname.replace(/\/+$/, '') || '/').toLowerCase();
  return REMOTE_ROUTES.find((r) => {
    const pattern = r.path.toLowerCase();
    if (!pattern.endsWith('/*')) return path === pattern;
    const base = pattern.slice(0, -2);
    return path === base || path.startsWith(`${base}/`);
  });
}

/**
 * A page view's route pattern (`/newsDetail`, never the address with its ids) and the remote that owns it, as the
 * field figures name them: `/search` and an address the site has not (`/404`) are the host's.
 */
export function fieldPageOf(pathname: string): { route: string; remote: RemoteName | 'host' } {
  const r = routeOfPath(pathname);
  if (r) return { route: r.path, remote: r.remote };
  return { route: /^\/search\/?$/i.test(pathname) ? '/search' : '/404', remote: 'host' };
}
