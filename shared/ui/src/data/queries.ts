import type {
  Article,
  ArticleDetail,
  ArticleListQuery,
  ArticlePage,
  ArticlePageQuery,
  ArticleTextPage,
  BlockItem,
  Channel,
  ChannelQuery,
  CompanyResponse,
} from '@site/contract';
import type { QueryFunctionContext } from '@tanstack/react-query';
import { getArticle, getArticlePage, getArticleTextPage, getArticles, getBlockItems, getChannel, getChannels, getCompany } from '@site/api-client';
import { callOptions } from '../render/settings';

/**
 * One load of route data under an explicit key: the page renderer's loaders fill the page's query cache with these,
 * the HTML carries the cache, and a component reading the same query (`useData` of @site/ui) starts from it in the
 * browser. Keys name the call and its parameters, nothing else, so the server and the browser always agree.
 */
export interface Query<T> {
  queryKey: readonly unknown[];
  /** Its call; `callOptions(ctx.client)` says where the API is when the page renderer runs it. */
  queryFn: (ctx: QueryFunctionContext) => Promise<T>;
  /** How long an answer is fresh in a visit (ms); the default is the page's (see @site/ui render). */
  staleTime?: number;
}

/** Answers that do not change during a visit (the company, the navigation) are asked once per page load. */
const ONCE_PER_VISIT = Infinity;

export const companyQuery = (): Query<CompanyResponse> => ({
  queryKey: ['company'],
  queryFn: ({ client }) => getCompany(...callOptions(client)),
  staleTime: ONCE_PER_VISIT,
});

export const channelsQuery = (params: ChannelQuery = {}): Query<Channel[]> => ({
  queryKey: ['channels', params],
  queryFn: ({ client }) => getChannels(params, ...callOptions(client)),
  ...(params.isNav ? { staleTime: ONCE_PER_VISIT } : {}),
});

/** The query of one call with one argument, keyed by the call's name and that argument. */
const oneArgQuery =
  <A, T>(name: string, call: (arg: A, ...options: ReturnType<typeof callOptions>) => Promise<T>) =>
  (arg: A): Query<T> => ({
    queryKey: [name, arg],
    queryFn: ({ client }) => call(arg, ...callOptions(client)),
  });

export const channelQuery = oneArgQuery<number, Channel>('channel', getChannel);
export const blockItemsQuery = oneArgQuery<number, BlockItem[]>('block-items', getBlockItems);
export const articleQuery = oneArgQuery<number, ArticleDetail>('article', getArticle);
export const articlesQuery = oneArgQuery<ArticleListQuery, Article[]>('articles', getArticles);
export const articlePageQuery = oneArgQuery<Omit<ArticlePageQuery, 'withText'>, ArticlePage>('article-page', getArticlePage);

/** A page of articles with their HTML bodies (the FAQ: every answer of the page is in its HTML). */
export const articleTextPageQuery = (params: Omit<ArticlePageQuery, 'withText'>): Query<ArticleTextPage> => ({
  queryKey: ['article-page', { ...params, withText: true }],
  queryFn: ({ client }) => getArticleTextPage(params, ...callOptions(client)),
});
