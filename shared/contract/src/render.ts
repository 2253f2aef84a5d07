/**
 * The page renderer's contract with the remotes: each remote's server build says which public URLs it renders and
 * what each one shows, so that a content change re-renders only the pages that show it.
 */
export interface RenderRoute {
  /** In-site URL: a path, and `?id=` for a detail page. */
  url: string;
  /** Channels whose articles the page lists or neighbours (an article change in one of them re-renders it). */
  channels?: readonly number[];
  /** The article the page shows (detail pages). */
  articleId?: number;
  /** Content blocks the page shows besides the header's and footer's. */
  blocks?: readonly number[];
  /** Sitemap fields of a detail page: last change. */
  lastModified?: string;
  /**
   * The in-site URL this page is the same page as (its head's `<link rel="canonical">` names that one): the sitemap
   * lists that URL, not this one (`/product?id=N` is `/productDetail?id=N`).
   */
  canonical?: string;
}
