/**
 * A page's search parameters in its component: the same reading (`routeSearch` of @site/contract/routes, by the
 * route table's `search` declarations) its loader and head get from `searchOfUrl(url)`.
 */
import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { routeSearch, type RouteSearch } from '@site/contract/routes';

export function useRouteSearch(): RouteSearch {
  const { pathname, search } = useLocation();
  return useMemo(() => routeSearch(pathname, new URLSearchParams(search)), [pathname, search]);
}
