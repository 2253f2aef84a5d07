import { formatDate } from '@site/ui';
import { ArticleDetailPage } from '../../components/ArticleDetailPage';
import { ROUTES } from '../../components/query';
import { PrevNext } from './PrevNext';

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
