import { ArticleDetailView, type DetailLayoutProps } from './ArticleDetailView';
import { PageContainer } from './PageContainer';
import { useRouteSearch } from '@site/ui/render';
import { useArticle } from './useArticle';

/** A whole detail page of the article named by `?id=` (news, solutions): loads it and lays it out. */
export function ArticleDetailPage(props: Omit<DetailLayoutProps, 'state'>) {
  const state = useArticle(useRouteSearch().id);
  return (
    <PageContainer>
      <ArticleDetailView state={state} {...props} />
    </PageContainer>
  );
}
