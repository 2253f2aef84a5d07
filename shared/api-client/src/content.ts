import { download, request } from '@site/app-runtime';
import type {
  Article,
  ArticleDetail,
  ArticleListQuery,
  ArticleNeighbour,
  ArticlePage,
  ArticlePageQuery,
  ArticleTextPage,
  ArticleSearchPage,
  ArticleSearchQuery,
  BlockItem,
  Channel,
  ChannelQuery,
  CompanyResponse,
  MessageBoardForm,
  R,
  VisitAnswer,
  VisitRecord,
} from '@site/contract';

/**
 * How a call of the public reads is made where there is no page to be relative to: the page renderer (Node) names
 * the API's origin for each render (its query client's settings, @site/ui render), never through a process global.
 */
export interface CallOptions {
  apiOrigin?: string;
}
const at = (o?: CallOptions) => (o?.apiOrigin ? { baseURL: o.apiOrigin } : {});

/** GET /api/channel */
export const getChannels = (params?: ChannelQuery, o?: CallOptions) => request.get<Channel[]>('/api/channel', { params, ...at(o) });
/** GET /api/channel/{id} */
export const getChannel = (id: number, o?: CallOptions) => request.get<Channel>(`/api/channel/${id}`, at(o));
/** GET /api/block-item?blockId= */
export const getBlockItems = (blockId: number, o?: CallOptions) => request.get<BlockItem[]>('/api/block-item', { params: { blockId }, ...at(o) });
/** GET /api/block-item?blockIds=1,2,3: several blocks in one call; each item names its `blockId`. */
export const getBlocks = (blockIds: readonly number[], o?: CallOptions) =>
  request.get<BlockItem[]>('/api/block-item', { params: { blockIds: blockIds.join(',') }, ...at(o) });

/** GET /api/company: an array whose first item has title (and image). Asked once per page load through `companyQuery`. */
export const getCompany = (o?: CallOptions) => request.get<CompanyResponse>('/api/company', at(o));
/** GET /api/article */
export const getArticles = (params?: ArticleListQuery, o?: CallOptions) => request.get<Article[]>('/api/article', { params, ...at(o) });
/**
 * GET /api/article/{id}. Every page that asks shows its own 内容不存在 for a missing article, so a 404 brings no
 * error notice (quietNotFound), and neither do the neighbour calls below.
 */
export const getArticle = (id: number | string, o?: CallOptions) =>
  request.get<ArticleDetail>(`/api/article/${id}`, { quietNotFound: true, ...at(o) });
/** GET /api/article/page (1-based page) */
export const getArticlePage = (params: Omit<ArticlePageQuery, 'withText'>, o?: CallOptions) =>
  request.get<ArticlePage>('/api/article/page', { params, ...at(o) });
/** GET /api/article/page?withText=true: a page of articles with their HTML bodies (the FAQ's questions and answers). */
export const getArticleTextPage = (params: Omit<ArticlePageQuery, 'withText'>, o?: CallOptions) =>
  request.get<ArticleTextPage>('/api/article/page', { params: { ...params, withText: true }, ...at(o) });
/** Every published article of a channel and its sub-channels, page by page (the page renderer's list of detail pages). */
export async function getAllArticles(channelId: number, o?: CallOptions): Promise<Article[]> {
  const all: Article[] = [];
  for (let page = 1; ; page++) {
    const res = await getArticlePage({ channelId, page, pageSize: 100 }, o);
    all.push(...res.content);
    if (page >= res.totalPages || res.content.length === 0) return all;
  }
}
/** The content search: GET /api/article/es/page with page, pageSize, channelId (none: every searchable channel), text. */
export const searchArticles = (params: ArticleSearchQuery, o?: CallOptions) =>
  request.get<ArticleSearchPage>('/api/article/es/page', { params, ...at(o) });
/** GET /api/article/prev?id= */
export const getPrevArticle = (id: number | string, o?: CallOptions) =>
  request.get<ArticleNeighbour>('/api/article/prev', { params: { id }, quietNotFound: true, ...at(o) });
/** GET /api/article/next?id= */
export const getNextArticle = (id: number | string, o?: CallOptions) =>
  request.get<ArticleNeighbour>('/api/article/next', { params: { id }, quietNotFound: true, ...at(o) });
/** POST /api/message-board */
export const postMessageBoard = (form: MessageBoardForm) => request.post<R>('/api/message-board', form);
/** Generic POST download of an article's file. */
export const downloadArticleFile = (id: number | string, fileName?: string) => download('/api/download', { id }, fileName);

/**
 * POST /api/visit/1 as an ordinary call (the entry record, whose answer carries the view's report token), sent with
 * `fetch` rather than the HTTP client: it is the one call every public page makes, and it would load axios (20 KB br,
 * about 20 ms of evaluation on a desktop CPU, four times that on a phone) on pages whose data came with the HTML. The
 * route reads no session and shows no message; a refused or failed record rejects and the caller drops it.
 */
export async function postVisit(record: VisitRecord): Promise<VisitAnswer> {
  const res = await fetch(`/api/visit/${record.siteId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(record),
    credentials: 'same-origin',
    // the exit record falls back to this call when the beacon is refused: it must outlive the page
    keepalive: true,
  });
  const answer = (await res.json()) as VisitAnswer;
  if (!res.ok || answer.code !== 200) throw new Error(answer.msg || `HTTP ${res.status}`);
  return answer;
}
/** POST /api/visit/1 as a beacon (exit record); false when the browser has no beacon or refused it. */
export function beaconVisit(record: VisitRecord): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  return navigator.sendBeacon(`/api/visit/${record.siteId}`, new Blob([JSON.stringify(record)], { type: 'text/plain' }));
}
