import { articlePageQuery, articleQuery, type Query } from '@site/ui';
import { searchOfUrl, type RouteLoaderArgs } from '@site/ui/render';

/** Loads every given query into the page's cache (a failed one is kept as failed: the renderer then keeps the last good file). */
export const prefetch = ({ queryClient }: RouteLoaderArgs, queries: (Query<unknown> | null)[]) =>
  Promise.all(queries.map((q) => q && queryClient.prefetchQuery(q)));

/** The article of `?id=`, or nothing for a missing or malformed id (never sent to the server). */
export const articleOfUrl = (url: URL) => {
  const { id } = searchOfUrl(url);
  return id === null ? null : articleQuery(id);
};

/** The page of a channel that `?page=` names. */
export const pageOfUrl = (url: URL, channelId: number, pageSize: number) => articlePageQuery({ channelId, page: searchOfUrl(url).page, pageSize });
