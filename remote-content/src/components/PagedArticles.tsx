import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EmptyState, getArticlePage, PageLinks, TextPlaceholder, type Article } from '@site/shared';
import { parsePage } from './query';
import { useAsync } from './useAsync';

/**
 * One channel's articles, page by page. The page lives in the URL (`?page=`), so back/forward and
 * shared links keep it; other query parameters (e.g. `categoryId`) are kept when the page changes.
 */
export function PagedArticles({ channelId, pageSize, render }: { channelId: number; pageSize: number; render: (items: Article[]) => ReactNode }) {
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const { loading, data, error } = useAsync(() => getArticlePage({ channelId, page, pageSize }), [channelId, page, pageSize]);

  const pageQuery = (next: number) => {
    const q = new URLSearchParams(params);
    if (next > 1) q.set('page', String(next));
    else q.delete('page');
    return q;
  };
  const pageHref = (next: number) => {
    const q = pageQuery(next).toString();
    return q ? `?${q}` : location.pathname;
  };
  const goTo = (next: number) => setParams(pageQuery(next));

  if (loading && !data) return <TextPlaceholder rows={6} />;
  if (error || !data) return <EmptyState text="内容加载失败，请稍后重试" />;
  if (data.content.length === 0) return <EmptyState />;
  return (
    <>
      <div aria-busy={loading}>{render(data.content)}</div>
      <div className="rc-pagination">
        <PageLinks current={page} pageSize={pageSize} total={data.totalElements} href={pageHref} onChange={goTo} />
      </div>
    </>
  );
}
