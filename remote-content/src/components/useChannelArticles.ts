import { getArticle, getArticles } from '@site/api-client';
import { type ArticleDetail } from '@site/contract';
import { useData, type Query } from '@site/ui';
import { callOptions } from '@site/ui/render';

/**
 * Every article of a small channel (about, contact) with its HTML body, oldest first so the sections
 * keep the order the editors created them in (e.g. 公司简介, 发展历程, 资质荣誉).
 */
export const channelArticlesQuery = (channelId: number, limit = 20): Query<ArticleDetail[]> => ({
  queryKey: ['channel-articles', channelId, limit],
  queryFn: async ({ client }) => {
    const at = callOptions(client);
    const list = await getArticles({ channelId, limit }, ...at);
    const ordered = [...list].sort((a, b) => Date.parse(a.publishDate) - Date.parse(b.publishDate) || a.id - b.id);
    // A single failing article is left out rather than failing the whole page.
    const details = await Promise.all(ordered.map((a) => getArticle(a.id, ...at).catch(() => null)));
    return details.filter((d): d is ArticleDetail => d !== null);
  },
});

export function useChannelArticles(channelId: number, limit = 20) {
  return useData(channelArticlesQuery(channelId, limit));
}
