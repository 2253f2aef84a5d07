import { useLocation, useSearchParams } from 'react-router-dom';
import { parsePage } from './format';

/**
 * The list page kept in the URL (`?page=`, omitted for page 1) so every page of the pagination is a real link
 * (new tab, back/forward, shared links). Other query parameters (`?id=` of the document centre) are kept.
 */
export function usePageParam() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const page = parsePage(params.get('page'));
  const queryFor = (next: number) => {
    const q = new URLSearchParams(params);
    if (next > 1) q.set('page', String(next));
    else q.delete('page');
    return q;
  };
  const href = (next: number) => {
    const q = queryFor(next).toString();
    return q ? `${pathname}?${q}` : pathname;
  };
  const goTo = (next: number) => setParams(queryFor(next));
  return { page, href, goTo };
}
