import { getAllArticles, getChannels, type CallOptions } from '@site/api-client';
import { BLOCK_IDS, CHANNEL_IDS, type Article, type RenderRoute } from '@site/contract';
import { detailHref } from './components/query';

const detail = (kind: Parameters<typeof detailHref>[0], channels: readonly number[]) => (a: Article) => ({
  url: detailHref(kind, a.id),
  articleId: a.id,
  channels,
  lastModified: a.publishDate,
});

/**
 * The public URLs this remote's pages render ahead of time (the page renderer reads this from the server build), and
 * what each shows. List pages render their first page, the product list also each category's (the tabs are links to
 * them); a news detail lists its neighbours, so it shows the channel. The categories are the product channel's
 * sub-channels as the site has them now: a category staff add is rendered by the channel change that adds it.
 * `at`: where the API is (the renderer's).
 */
export async function renderRoutes(at?: CallOptions): Promise<RenderRoute[]> {
  const [categories, products, solutions, news] = await Promise.all([
    getChannels({ parentId: CHANNEL_IDS.product }, at),
    getAllArticles(CHANNEL_IDS.product, at),
    getAllArticles(CHANNEL_IDS.solution, at),
    getAllArticles(CHANNEL_IDS.news, at),
  ]);
  const productChannels = [CHANNEL_IDS.product, ...categories.map((c) => c.id)];
  return [
    { url: '/', channels: [...productChannels, CHANNEL_IDS.solution, CHANNEL_IDS.news], blocks: [BLOCK_IDS.homeBanner, BLOCK_IDS.homeIntro] },
    { url: '/product', channels: productChannels },
    ...categories.map((c) => ({ url: `/product?categoryId=${c.id}`, channels: [c.id] })),
    { url: '/solution', channels: [CHANNEL_IDS.solution] },
    { url: '/news', channels: [CHANNEL_IDS.news] },
    { url: '/about', channels: [CHANNEL_IDS.about] },
    { url: '/contact', channels: [CHANNEL_IDS.contact] },
    { url: '/privacy' },
    ...products.map(detail('product', [])),
    // The search opens a product at /product?id=N (SRCH-7), the product list at /productDetail?id=N: both are
    // rendered, the first naming the second as its canonical page.
    ...products.map((a) => ({ url: `/product?id=${a.id}`, articleId: a.id, channels: [], canonical: detailHref('product', a.id) })),
    ...solutions.map(detail('solution', [])),
    ...news.map(detail('news', [CHANNEL_IDS.news])),
  ];
}
