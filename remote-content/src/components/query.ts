/** Building the addresses of this remote's routes (their search parameters are read by `routeSearch`, @site/ui/render). */

/** The list route and the detail route of each kind of article this remote shows. */
export const ROUTES = {
  product: { list: '/product', detail: '/productDetail' },
  solution: { list: '/solution', detail: '/solutionDetail' },
  news: { list: '/news', detail: '/newsDetail' },
} as const;
export type ArticleKind = keyof typeof ROUTES;

/** Link from a list to an article's detail page, e.g. `/newsDetail?id=301`. */
export function detailHref(kind: ArticleKind, id: number | string): string {
  return `${ROUTES[kind].detail}?id=${encodeURIComponent(String(id))}`;
}
