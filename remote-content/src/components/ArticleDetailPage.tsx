import { useSearchParams } from 'react-router-dom';
import { ArticleDetailView, type DetailLayoutProps } from './ArticleDetailView';
import { PageContainer } from './PageContainer';
import { parseId } from './query';
import { useArticle } from './useArticle';

/** A whole detail page of the article named by `?id=` (news, solutions): loads it and lays it out. */
export function ArticleDetailPage(props: Omit<DetailLayoutProps, 'state'>) {
  const [params] = useSearchParams();
  const state = useArticle(parseId(params.get('id')));
  return (
    <PageContainer>
      <ArticleDetailView state={state} {...props} />
    </PageContainer>
  );
}
