import type { QueryFunctionContext } from '@tanstack/react-query';
import { searchArticles } from '@site/api-client';
import { SEARCH_PAGE_SIZE, type ArticleSearchPage } from '@site/contract';
import { callOptions, type RouteLoader } from '@site/ui/render';
import { readSearchAddress, SEARCH_ALL, type SearchQuery } from './search-target';

/**
 * One page of the content search under an explicit key (the modal and /search read it with useData): the /search
 * page's HTML, rendered by the server, carries the answer, and the app starts from it without asking again
 *.
 */
export function articleSearchQuery(query: SearchQuery) {
  const params = {
    page: query.page,
    pageSize: SEARCH_PAGE_SIZE,
    ...(query.scope === SEARCH_ALL ? {} : { channelId: query.scope }),
    text: query.text,
    ...(query.exact ? { exact: true } : {}),
  };
  return {
    queryKey: ['article-search', params] as const,
    queryFn: ({ client }: QueryFunctionContext): Promise<ArticleSearchPage> => searchArticles(params, ...callOptions(client)),
  };
}

/**
 * The search an address asks for: none without a text (an empty 搜索 shows the search form, never every article).
 */
export function searchOfAddress(params: URLSearchParams): SearchQuery | null {
  const query = readSearchAddress(params);
  return query.text ? query : null;
}

/** The /search page's data, for its server render: the one search its address asks for. */
export const searchPageLoader: RouteLoader = async ({ queryClient, url }) => {
  const query = searchOfAddress(url.searchParams);
  if (query) await queryClient.prefetchQuery(articleSearchQuery(query));
};
