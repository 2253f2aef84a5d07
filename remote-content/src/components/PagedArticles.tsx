import type { ReactNode } from 'react';
import { type Article } from '@site/contract';
import { EmptyState, PageLinks, TextPlaceholder, useData, articlePageQuery } from '@site/ui';
import { usePageParam } from '@site/ui/render';

/**
 * One channel's articles, page by page. The page lives in the URL (`?page=`), so back/forward and
 * shared links keep it; other query parameters (e.g. `categoryId`) are kept when the page changes.
 */
export function PagedArticles({ channelId, pageSize, render }: { channelId: number; pageSize: number; render: (items: Article[]) => ReactNode }) {
  const { page, href, goTo } = usePageParam();
  const { loading, data, error } = useData(articlePageQuery({ channelId, page, pageSize }));

  if (loading && !data) return <TextPlaceholder rows={6} />;
  if (error || !data) return <EmptyState text="内容加载失败，请稍后重试" />;
  if (data.content.length === 0) return <EmptyState />;
  return (
    <>
      <div aria-busy={loading}>{render(data.content)}</div>
      <div className="rc-pagination">
        <PageLinks current={page} pageSize={pageSize} total={data.totalElements} href={href} onChange={goTo} />
      </div>
    </>
  );
}
