import { useSearchParams } from 'react-router-dom';
import { formatDate } from '@site/ui';
import { ArticleDetailView } from '../../components/ArticleDetailView';
import { PageContainer } from '../../components/PageContainer';
import { parseId, ROUTES } from '../../components/query';
import { useArticle } from '../../components/useArticle';

/** /solutionDetail?id= */
export default function SolutionDetail() {
  const [params] = useSearchParams();
  const state = useArticle(parseId(params.get('id')));
  return (
    <PageContainer>
      <ArticleDetailView
        state={state}
        list={{ path: ROUTES.solution.list, name: '解决方案' }}
        hero
        meta={(a) => (
          <>
            <span>发布时间：{formatDate(a.publishDate, 'YYYY-MM-DD')}</span>
            {a.author && <span>作者：{a.author}</span>}
          </>
        )}
      />
    </PageContainer>
  );
}
