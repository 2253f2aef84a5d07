import { formatDate } from '@site/ui';
import { ArticleDetailPage } from '../../components/ArticleDetailPage';
import { ROUTES } from '../../components/query';
import { articleHead } from '@site/ui/render';
import { notFoundPage } from '../../components/NotFound';

export { detailLoader as loader } from '../../components/loaders';

/** Titled by its article (TITLE-1 deviation, see the contract README). */
export const head = articleHead({ title: '方案详情', description: '解决方案的背景、架构与应用成效。' });

/** An unknown solution: 内容不存在 and the way back to the list. */
export const NotFound = notFoundPage(ROUTES.solution.list);

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
