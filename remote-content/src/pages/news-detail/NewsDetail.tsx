import { formatDate } from '@site/ui';
import { ArticleDetailPage } from '../../components/ArticleDetailPage';
import { ROUTES } from '../../components/query';
import { PrevNext, neighboursQuery } from './PrevNext';
import { detailArticle, prefetch } from '../../components/loaders';
import { articleHead, searchOfUrl, type RouteLoader } from '@site/ui/render';
import { notFoundPage } from '../../components/NotFound';

/** The article and its neighbours (上一篇 / 下一篇). */
export const loader: RouteLoader = (args) => {
  const { id } = searchOfUrl(args.url);
  return prefetch(args, [detailArticle(args.url), id === null ? null : neighboursQuery(id)]);
};

/** Titled by its article (TITLE-1 deviation, see the contract README). */
export const head = articleHead({ title: '新闻详情', description: '新闻详情。' });

/** An unknown article: 内容不存在 and the way back to the list. */
export const NotFound = notFoundPage(ROUTES.news.list);

/** /newsDetail?id=: title, date, source and author, the sanitised body, previous and next article. */
export default function NewsDetail() {
  return (
    <ArticleDetailPage
      list={{ path: ROUTES.news.list, name: '新闻中心' }}
      meta={(a) => (
        <>
          <time dateTime={a.publishDate}>发布时间：{formatDate(a.publishDate, 'YYYY-MM-DD')}</time>
          {a.source && <span>来源：{a.source}</span>}
          {a.author && <span>作者：{a.author}</span>}
        </>
      )}
      afterBody={(a) => <PrevNext id={a.id} />}
    />
  );
}
