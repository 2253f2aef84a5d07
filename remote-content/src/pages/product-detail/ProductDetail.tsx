import { PageContainer } from '../../components/PageContainer';
import { ROUTES } from '../../components/query';
import { articleHead, useRouteSearch } from '@site/ui/render';
import { notFoundPage } from '../../components/NotFound';
import { ProductDetailView } from './ProductDetailView';

export { detailLoader as loader } from '../../components/loaders';

/** Titled by its product (TITLE-1 deviation, see the contract README). */
export const head = articleHead({ title: '产品详情', description: '产品功能、特点与技术参数。' });

/** An unknown product: 内容不存在 and the way back to the list. */
export const NotFound = notFoundPage(ROUTES.product.list);

/** /productDetail?id= */
export default function ProductDetail() {
  const { id } = useRouteSearch();
  return (
    <PageContainer>
      <ProductDetailView id={id} />
    </PageContainer>
  );
}
