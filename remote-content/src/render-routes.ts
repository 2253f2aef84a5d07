import { getAllArticles } from '@site/api-client';
import { BLOCK_IDS, CHANNEL_IDS, type Article, type RenderRoute } from '@site/contract';
import { detailHref } from './components/query';

const PRODUCT_CHANNELS = [CHANNEL_IDS.product, CHANNEL_IDS.productPlatform, CHANNEL_IDS.productMonitoring, CHANNEL_IDS.productAnalytics];

const detail = (kind: Parameters<typeof detailHref>[0], channels: readonly number[]) => (a: Article) => ({
  url: detailHref(kind, a.id),
  articleId: a.id,
  channels,
  lastModified: a.publishDate,
});

/**
 * The public URLs this remote's pages render ahead of time (the page renderer reads this from the server build), and
 * what each shows. List pages render their first page; a news detail lists its neighbours, so it shows the channel.
 */
export async function renderRoutes(): Promise<RenderRoute[]> {
  const [products, solutions, news] = await Promise.all([
    getAllArticles(CHANNEL_IDS.product),
    getAllArticles(CHANNEL_IDS.solution),
    getAllArticles(CHANNEL_IDS.news),
  ]);
  return [
    { url: '/', channels: [...PRODUCT_CHANNELS, CHANNEL_IDS.solution, CHANNEL_IDS.news], blocks: [BLOCK_IDS.homeBanner, BLOCK_IDS.homeIntro] },
    { url: '/product', channels: PRODUCT_CHANNELS },
    { url: '/solution', channels: [CHANNEL_IDS.solution] },
    { url: '/news', channels: [CHANNEL_IDS.news] },
    { url: '/about', channels: [CHANNEL_IDS.about] },
    { url: '/contact', channels: [CHANNEL_IDS.contact] },
    { url: '/privacy' },
    ...products.map(detail('product', [])),
    ...solutions.map(detail('solution', [])),
    ...news.map(detail('news', [CHANNEL_IDS.news])),
  ];
}
