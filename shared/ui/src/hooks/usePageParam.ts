import { useHref, useLocation, useSearchParams } from 'react-router-dom';
import { useRouteSearch } from '../render/search';

/**
 * The list page kept in the URL (`?page=`, omitted for page 1) so every page of `<PageLinks>` is a real link
 * (new tab, back/forward, shared links). Other query parameters (`?id=`, `?categoryId=`) are kept.
 * `href(n)` is relative to the current page (`?page=2`), or the bare path when no query is left.
 */
export function usePageParam() {
  const [params, setParams] = useSearchParams();
  // useHref adds the router's basename: a plain <a href> must carry it.
  const path = useHref(useLocation().pathname);
  // As the route declares it: a page whose route takes no `?page=` is always on page 1.
  const { page } = useRouteSearch();
  const queryFor = (next: number) => {
    const q = new URLSearchParams(params);
    if (next > 1) q.set('page', String(next));
    else q.delete('page');
    return q;
  };
  const href = (next: number) => {
    const q = queryFor(next).toString();
    return q ? `?${q}` : path;
  };
  const goTo = (next: number) => setParams(queryFor(next));
  return { page, href, goTo };
}
