/**
 * The federation route table: which remote module renders which route. Data (`routes.json`), so the
 * host's app and the builds read the one list: the host bundles it through this module, the host's build and
 * `scripts/remote.cjs check` require the JSON (`@site/contract/routes.json`) and check each remote's declared
 * exposes against it (`@site/build-config/contract`). Every module named here must be in that remote's manifest.
 */
import table from './routes.json';

export type RemoteName = 'remote_content' | 'remote_support' | 'remote_account' | 'remote_shell_admin';
export type LayoutKind = 'public' | 'account' | 'admin';

/**
 * The search parameters a page may take, each with its one reading: `id` (an article), `categoryId` (a product
 * category) and `productId` (the product a contact request is about) a positive integer, null when missing or
 * malformed (never sent to the server); `page` a 1-based list page, 1 for anything else; `intent` what a product
 * page's call to action asks for, `trial` (申请试用) or else `contact`.
 */
export type SearchParamName = 'id' | 'page' | 'categoryId' | 'productId' | 'intent';
/** `required`: the page shows its not-found state without it (a detail page); `optional`: the page reads it if given. */
export type SearchParamUse = 'required' | 'optional';
export const SEARCH_PARAM_NAMES: readonly SearchParamName[] = ['id', 'page', 'categoryId', 'productId', 'intent'];

/** A page's search parameters as its loader, head and component read them (`routeSearch`). */
export interface RouteSearch {
  id: number | null;
  page: number;
  categoryId: number | null;
  productId: number | null;
  intent: 'trial' | 'contact';
  /** The declared parameters the address carries, whatever their value: `?id=abc` is an id asked for and not found. */
  given: readonly SearchParamName[];
}

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
  /**
   * The search parameters the page reads: declared here once, read by `routeSearch` for its loader, head and
   * component. A parameter the route does not declare reads as absent.
   */
  search?: Partial<Record<SearchParamName, SearchParamUse>>;
}

export const REMOTE_NAMES: readonly RemoteName[] = ['remote_content', 'remote_support', 'remote_account', 'remote_shell_admin'];
export const LAYOUT_KINDS: readonly LayoutKind[] = ['public', 'account', 'admin'];

/** JSON's strings are typed as strings: routes.test.ts holds each entry to RemoteRoute's unions. */
export const REMOTE_ROUTES: readonly RemoteRoute[] = table as RemoteRoute[];

/** The host's own public page, outside the table (host/src/pages/host-pages.ts): the search page. */
export const HOST_PUBLIC_PAGES = ['/search'] as const;

/**
 * The public site's pages: the table's public routes and the host's search page. A visit record whose URL has another
 * path (`/404`, an address the site does not have: the host records the address it was loaded at) is no page view
 * and is not stored. Matched case-insensitively, trailing slash ignored. The API's SQL function `visit_page()`
 * (migration 025) lists the same paths; services/api-server/test/visit-counting.test.ts holds it to this list.
 */
export const VISIT_PAGE_PATHS: readonly string[] = [...REMOTE_ROUTES.filter((r) => r.layout === 'public').map((r) => r.path), ...HOST_PUBLIC_PAGES];

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

/** A positive integer id (`?id=`, `?categoryId=`): up to 15 digits, spaces around ignored; null for anything else. */
export function parseId(raw: string | null | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** `?page=` as a 1-based page number: up to six digits, anything else (missing, 0, junk) is page 1. */
export function parsePage(raw: string | null | undefined): number {
  const n = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return n > 0 ? n : 1;
}

/**
 * The search parameters of an address, as its route declares them (`search` in routes.json): the one reading the
 * page's loader, head and component share. An undeclared parameter, or an address of no route, reads as absent.
 */
export function routeSearch(pathname: string, params: URLSearchParams): RouteSearch {
  const declared = routeOfPath(pathname)?.search ?? {};
  const read = (name: SearchParamName) => (name in declared ? params.get(name) : null);
  return {
    id: parseId(read('id')),
    page: parsePage(read('page')),
    categoryId: parseId(read('categoryId')),
    productId: parseId(read('productId')),
    intent: read('intent') === 'trial' ? 'trial' : 'contact',
    given: SEARCH_PARAM_NAMES.filter((name) => read(name) !== null),
  };
}

/** `routeSearch` of a URL (a loader's or head's `url`). */
export const searchOfUrl = (url: URL): RouteSearch => routeSearch(url.pathname, url.searchParams);
