import { Link } from 'react-router-dom';
import { getNextArticle, getPrevArticle } from '@site/api-client';
import { type ArticleNeighbour } from '@site/contract';
import { TextPlaceholder, useData, type Query } from '@site/ui';
import { callOptions } from '@site/ui/render';
import { detailHref } from '../../components/query';

/** The articles before and after `id` (null for none, or when that call fails). */
export const neighboursQuery = (id: number): Query<[ArticleNeighbour, ArticleNeighbour]> => ({
  queryKey: ['article-neighbours', id],
  queryFn: ({ client }) =>
    Promise.all([getPrevArticle(id, ...callOptions(client)).catch(() => null), getNextArticle(id, ...callOptions(client)).catch(() => null)]),
});

/** 上一篇 / 下一篇 of a news article; 没有了 when the server answers null (or the call fails). */
export function PrevNext({ id }: { id: number }) {
  const { loading, data } = useData(neighboursQuery(id));
  if (loading) return <TextPlaceholder title={false} rows={2} />;
  const [prev, next] = data ?? [null, null];
  return (
    <nav className="rc-prev-next" aria-label="上一篇和下一篇">
      <Neighbour label="上一篇：" article={prev} />
      <Neighbour label="下一篇：" article={next} />
    </nav>
  );
}

function Neighbour({ label, article }: { label: string; article: ArticleNeighbour }) {
  return (
    <div>
      <span>{label}</span>
      {article ? <Link to={detailHref('news', article.id)}>{article.title}</Link> : <span className="rc-muted">没有了</span>}
    </div>
  );
}
