import { articlePageQuery, articleQuery, channelQuery, type Query } from '@site/ui';
import { searchOfUrl, type RouteLoader, type RouteLoaderArgs } from '@site/ui/render';

/** Loads every given query into the page's cache (a failed one is kept as failed: the renderer then keeps the last good file). */
export const prefetch = ({ queryClient }: RouteLoaderArgs, queries: (Query<unknown> | null)[]) =>
  Promise.all(queries.map((q) => q && queryClient.prefetchQuery(q)));

/** The article of `?id=` (nothing for a missing or malformed id: the page shows 内容不存在). */
export const detailArticle = (url: URL) => {
  const { id } = searchOfUrl(url);
  return id === null ? null : articleQuery(id);
};

/** A channel page with one paged list (PagedArticles under ChannelHeader), on the page `?page=` names. */
export const pagedChannelLoader =
  (channelId: number, pageSize: number): RouteLoader =>
  (args) =>
    prefetch(args, [channelQuery(channelId), articlePageQuery({ channelId, page: searchOfUrl(args.url).page, pageSize })]);

/** A detail page of `?id=`. */
export const detailLoader: RouteLoader = (args) => prefetch(args, [detailArticle(args.url)]);
