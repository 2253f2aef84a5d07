import { articlePageQuery, channelQuery, channelsQuery } from '@site/ui';
import { articleHead, searchOfUrl, useRouteSearch, type RouteHead, type RouteLoader } from '@site/ui/render';
import { notFoundPage } from '../../components/NotFound';
import { detailArticle, prefetch } from '../../components/loaders';
import { CHANNEL_IDS } from '@site/contract';
import { useData } from '@site/ui';
import { CategoryTabs } from '../../components/CategoryTabs';
import { ArticleGrid } from '../../components/ArticleGrid';
import { ChannelHeader } from '../../components/ChannelHeader';
import { PageContainer } from '../../components/PageContainer';
import { PagedArticles } from '../../components/PagedArticles';
import { detailHref, ROUTES } from '../../components/query';
import { ProductDetailView } from '../product-detail/ProductDetailView';

const PAGE_SIZE = 9;
const ALL = String(CHANNEL_IDS.product);

/** A category's own URL: the tab's link, followed by the browser before the app runs and by the router after. */
const categoryHref = (key: string) => (key === ALL ? ROUTES.product.list : `${ROUTES.product.list}?categoryId=${encodeURIComponent(key)}`);

const categoriesQuery = () => channelsQuery({ parentId: CHANNEL_IDS.product });

/** The detail of `?id=`, or the channel, its categories and the page of the chosen category (a known one, or all). */
export const loader: RouteLoader = async (args) => {
  const search = searchOfUrl(args.url);
  if (search.given.includes('id')) return prefetch(args, [detailArticle(args.url)]);
  const categories = await args.queryClient.fetchQuery(categoriesQuery()).catch(() => []);
  const requested = search.categoryId;
  const active = requested !== null && categories.some((c) => c.id === requested) ? requested : CHANNEL_IDS.product;
  return prefetch(args, [channelQuery(CHANNEL_IDS.product), articlePageQuery({ channelId: active, page: search.page, pageSize: PAGE_SIZE })]);
};

const listOrProductHead = articleHead({ title: '产品中心', description: '电网运行风险预警、设备状态监测、安全生产风险管控等电力风控软件产品。' });

/**
 * The list's head, or the product's of `?id=`. The search opens a product here (SRCH-7), the list at
 * /productDetail?id=N: both name the second as canonical, so a search engine indexes one page.
 */
export const head: RouteHead = (args) => {
  const { id } = searchOfUrl(args.url);
  const own = listOrProductHead(args);
  return id === null ? own : { ...own, canonical: detailHref('product', id) };
};

/** An unknown product at /product?id=: 内容不存在 and the way back to the list. */
export const NotFound = notFoundPage(ROUTES.product.list);

/**
 * /product: category tabs (the product channel's sub-channels) over a paged list.
 * /product?id=X (where the search sends product results) shows that product instead.
 */
export default function ProductCentre() {
  const { id, given } = useRouteSearch();
  return <PageContainer>{given.includes('id') ? <ProductDetailView id={id} /> : <ProductList />}</PageContainer>;
}

function ProductList() {
  const requested = useRouteSearch().categoryId;
  const categories = useCategories();
  // Only a known category is used; anything else shows all products.
  const active = requested !== null && categories.data?.some((c) => c.id === requested) ? String(requested) : ALL;

  return (
    <>
      <ChannelHeader channelId={CHANNEL_IDS.product} fallbackTitle="产品中心" />
      {categories.loading ? (
        <div className="rc-tabs rc-tabs--pending" role="status" aria-busy="true" aria-label="加载中" />
      ) : (
        <CategoryTabs
          label="产品分类"
          active={active}
          href={categoryHref}
          tabs={[{ key: ALL, label: '全部产品' }, ...(categories.data ?? []).map((c) => ({ key: String(c.id), label: c.name }))]}
        >
          <PagedArticles
            key={active}
            channelId={Number(active)}
            pageSize={PAGE_SIZE}
            render={(items) => <ArticleGrid items={items} kind="product" headingLevel={2} />}
          />
        </CategoryTabs>
      )}
    </>
  );
}

function useCategories() {
  return useData(categoriesQuery());
}
