/** Reading and building the query strings of this remote's routes. */

/** `?id=` as a positive integer, or null for anything missing or malformed (shown as not found). */
export function parseId(raw: string | null | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

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
