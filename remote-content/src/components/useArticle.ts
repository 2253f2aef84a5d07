import { type ArticleDetail } from '@site/contract';
import { useData, usePageTitle, articleQuery } from '@site/ui';

export type ArticleState = { status: 'loading' } | { status: 'notFound' } | { status: 'ready'; article: ArticleDetail };

/**
 * One article for a detail page. A missing id, an unknown id (the server answers 404; the shared client
 * notifies) or any other failure all end in the not-found state instead of a blank page.
 */
export function useArticle(id: number | null): ArticleState {
  const { loading, data, error } = useData(id === null ? null : articleQuery(id));
  // TITLE-1: a detail page is titled by its article.
  usePageTitle(!loading && !error && data && typeof data === 'object' && 'title' in data ? data.title : null);
  if (id === null) return { status: 'notFound' };
  if (loading) return { status: 'loading' };
  if (error || !data || typeof data !== 'object' || !('id' in data)) return { status: 'notFound' };
  return { status: 'ready', article: data };
}
