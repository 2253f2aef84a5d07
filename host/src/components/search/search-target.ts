import { CHANNEL_IDS, SEARCHABLE_CHANNEL_IDS } from '@site/contract';

export interface SearchResultRef {
  id: number | string;
  channel?: { id: number } | null;
  /** The searchable channel the result lies under (the API's answer carries it). */
  searchChannelId?: number | null;
}

/** The scope 全部: every searchable channel at once (the default). */
export const SEARCH_ALL = 'all';
/** What a search looks in: 全部 or one searchable channel id. */
export type SearchScope = typeof SEARCH_ALL | number;

export interface SearchQuery {
  text: string;
  scope: SearchScope;
  /** 1-based. */
  page: number;
  /** The text as typed, never replaced by the site's closest terms (the link under 已为您显示“…”的结果). */
  exact?: boolean;
}

/**
 * The address of a search, to share and open again: `/search?text=…&channel=all|14|10|11|12` (page when past 1,
 * `exact=1` for the text as typed).
 */
export function searchAddress(q: SearchQuery): string {
  const params = new URLSearchParams({ text: q.text, channel: String(q.scope) });
  if (q.page > 1) params.set('page', String(q.page));
  if (q.exact) params.set('exact', '1');
  return `/search?${params.toString()}`;
}

/** A search read from its address; a scope or page it cannot use falls back to 全部 and page 1. */
export function readSearchAddress(params: URLSearchParams): SearchQuery {
  const channel = Number(params.get('channel'));
  const scope: SearchScope = (SEARCHABLE_CHANNEL_IDS as readonly number[]).includes(channel) ? channel : SEARCH_ALL;
  const page = Number(params.get('page'));
  const q: SearchQuery = { text: (params.get('text') ?? '').trim().slice(0, 100), scope, page: Number.isInteger(page) && page > 1 ? page : 1 };
  if (params.get('exact') === '1') q.exact = true;
  return q;
}

/** Where a result found with the given scope goes: with 全部, the result's own searchable channel decides. */
export function scopedResultPath(scope: SearchScope, result: SearchResultRef): string {
  return searchResultPath(scope === SEARCH_ALL ? (result.searchChannelId ?? CHANNEL_IDS.news) : scope, result);
}

/**
 * Where choosing a search result goes (SPEC section 2, search modal table). `searchChannelId` is the searched
 * (chosen) channel; for support (11) the result's own channel decides between documents, questions and videos.
 */
export function searchResultPath(searchChannelId: number, result: SearchResultRef): string {
  const id = encodeURIComponent(String(result.id));
  switch (searchChannelId) {
    case CHANNEL_IDS.product:
      return `/product?id=${id}`;
    case CHANNEL_IDS.solution:
      return `/solutionDetail?id=${id}`;
    case CHANNEL_IDS.news:
      return `/newsDetail?id=${id}`;
    case CHANNEL_IDS.support: {
      const own = result.channel?.id;
      if (own === CHANNEL_IDS.document) return `/document?id=${id}`;
      if (own === CHANNEL_IDS.question) return `/question?id=${id}`;
      return `/videoDetail?id=${id}`;
    }
    default:
      return `/newsDetail?id=${id}`;
  }
}
