import { useSearchParams } from 'react-router-dom';
import { PageContainer } from '../../components/PageContainer';
import { parseId } from '../../components/query';
import { ProductDetailView } from './ProductDetailView';

export { detailLoader as loader } from '../../components/loaders';

/** /productDetail?id= */
export default function ProductDetail() {
  const [params] = useSearchParams();
  return (
    <PageContainer>
      <ProductDetailView id={parseId(params.get('id'))} />
    </PageContainer>
  );
}
