import { Skeleton } from 'antd';
import { getArticles, type Article } from '@site/shared';
import { ArticleGrid } from '../../components/ArticleGrid';
import { EmptyState } from '../../components/EmptyState';
import { NewsList } from '../../components/NewsList';
import type { ArticleKind } from '../../components/query';
import { useAsync } from '../../components/useAsync';

/** The newest few articles of a channel (sub-channels included by the server), as cards or as a dated news list. */
export function ArticleHighlights({ channelId, limit, kind }: { channelId: number; limit: number; kind: ArticleKind }) {
  const { loading, data, error } = useAsync<Article[]>(() => getArticles({ channelId, limit }), [channelId, limit]);
  if (loading) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (error || !data || data.length === 0) return <EmptyState />;
  return kind === 'news' ? <NewsList items={data} showImages={false} headingLevel={3} /> : <ArticleGrid items={data} kind={kind} />;
}
