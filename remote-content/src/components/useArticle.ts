import { type ArticleDetail } from '@site/contract';
import { useData, articleQuery } from '@site/ui';

export type ArticleState = { status: 'loading' } | { status: 'notFound' } | { status: 'ready'; article: ArticleDetail };

/**
 * One article for a detail page. A missing id, an unknown id (the server answers 404; the shared client
 * notifies) or any other failure all end in the not-found state instead of a blank page. The page's title is its
 * module's `head` (TITLE-1).
 */
export function useArticle(id: number | null): ArticleState {
  const { loading, data, error } = useData(id === null ? null : articleQuery(id));
  if (id === null) return { status: 'notFound' };
  if (loading) return { status: 'loading' };
  if (error || !data || typeof data !== 'object' || !('id' in data)) return { status: 'notFound' };
  return { status: 'ready', article: data };
}
