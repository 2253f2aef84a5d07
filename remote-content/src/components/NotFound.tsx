import { ResultMessage } from '@site/ui';
import { Link } from 'react-router-dom';
import { PageContainer } from './PageContainer';

/** The not-found state of a detail page: a Chinese message and a way back to the list (a link: it works before hydration). */
export function NotFound({ backTo, backText = '返回列表', title = '内容不存在' }: { backTo: string; backText?: string; title?: string }) {
  return (
    <ResultMessage
      title={title}
      text="您访问的内容不存在或已被删除，请返回列表查看其他内容。"
      action={
        <Link to={backTo} className="site-button site-button--primary">
          {backText}
        </Link>
      }
    />
  );
}

/** A detail route's `NotFound` export: that state in the page's frame, with the way back to `backTo` (the list). */
export function notFoundPage(backTo: string) {
  return function NotFoundPage() {
    return (
      <PageContainer>
        <NotFound backTo={backTo} />
      </PageContainer>
    );
  };
}
