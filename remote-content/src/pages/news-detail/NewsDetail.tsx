import { useSearchParams } from 'react-router-dom';
import { formatDate } from '@site/ui';
import { ArticleDetailView } from '../../components/ArticleDetailView';
import { PageContainer } from '../../components/PageContainer';
import { parseId, ROUTES } from '../../components/query';
import { useArticle } from '../../components/useArticle';
import { PrevNext } from './PrevNext';

/** /newsDetail?id=: title, date, source and author, the sanitised body, previous and next article. */
export default function NewsDetail() {
  const [params] = useSearchParams();
  const state = useArticle(parseId(params.get('id')));
  return (
    <PageContainer>
      <ArticleDetailView
        state={state}
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
    </PageContainer>
  );
}
