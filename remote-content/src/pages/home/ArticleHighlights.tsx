import { EmptyState, TextPlaceholder, useData, articlesQuery } from '@site/ui';
import { ArticleGrid, gridClass } from '../../components/ArticleGrid';
import { NewsList } from '../../components/NewsList';
import type { ArticleKind } from '../../components/query';

/** The newest few articles of a channel (sub-channels included by the server), as cards or as a dated news list. */
export function ArticleHighlights({ channelId, limit, kind }: { channelId: number; limit: number; kind: ArticleKind }) {
  const { loading, data, error } = useData(articlesQuery({ channelId, limit }));
  if (loading) return kind === 'news' ? <TextPlaceholder rows={4} /> : <GridSkeleton count={limit} />;
  if (error || !data || data.length === 0) return <EmptyState />;
  return kind === 'news' ? <NewsList items={data} showImages={false} headingLevel={3} /> : <ArticleGrid items={data} kind={kind} fill />;
}

/**
 * Placeholder cards shaped like the real ones (16:9 image, title, two lines), so the sections below do not jump
 * when the cards arrive (it was the home page's layout shift).
 */
function GridSkeleton({ count }: { count: number }) {
  return (
    <ul className={gridClass(count, true)} aria-busy="true" aria-label="加载中">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <div className="rc-card">
            <div className="rc-card-media-placeholder" />
            <div className="rc-card-body">
              <TextPlaceholder rows={2} announce={false} />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
