import { formatDate } from '@site/ui';
import { ArticleDetailPage } from '../../components/ArticleDetailPage';
import { ROUTES } from '../../components/query';

export { detailLoader as loader } from '../../components/loaders';

/** /solutionDetail?id= */
export default function SolutionDetail() {
  return (
    <ArticleDetailPage
      list={{ path: ROUTES.solution.list, name: '解决方案' }}
      hero
      meta={(a) => (
        <>
          <span>发布时间：{formatDate(a.publishDate, 'YYYY-MM-DD')}</span>
          {a.author && <span>作者：{a.author}</span>}
        </>
      )}
    />
  );
}
