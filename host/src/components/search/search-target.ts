import { CHANNEL_IDS } from '@site/contract';

export interface SearchResultRef {
  id: number | string;
  channel?: { id: number } | null;
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
