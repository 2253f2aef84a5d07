import { CHANNEL_IDS, type Article, type Channel } from '@site/contract';
import { renderRoutes } from './render-routes';

jest.mock('@site/api-client', () => ({ getChannels: jest.fn(), getAllArticles: jest.fn() }));
const api = jest.requireMock('@site/api-client') as Record<'getChannels' | 'getAllArticles', jest.Mock>;

const article = (id: number, channelId: number) => ({ id, channelId, publishDate: '2026-01-02 03:04:05' }) as Article;

test('[ISSUE-25][ROUTE-6] each product category the API lists is rendered, and a product change re-renders the lists that show it', async () => {
  api.getChannels.mockResolvedValue([{ id: 20 }, { id: 21 }, { id: 23 }] as Channel[]);
  api.getAllArticles.mockImplementation(async (channelId: number) => (channelId === CHANNEL_IDS.product ? [article(101, 23)] : []));
  // [issue 38.1] the renderer names the API's origin for the calls (no process global).
  const at = { apiOrigin: 'http://127.0.0.1:18080' };
  const routes = await renderRoutes(at);
  expect(api.getChannels).toHaveBeenCalledWith({ parentId: CHANNEL_IDS.product }, at);
  expect(api.getAllArticles).toHaveBeenCalledWith(CHANNEL_IDS.product, at);
  const byUrl = Object.fromEntries(routes.map((r) => [r.url, r]));
  expect(Object.keys(byUrl).filter((u) => u.startsWith('/product?categoryId='))).toEqual([
    '/product?categoryId=20',
    '/product?categoryId=21',
    '/product?categoryId=23',
  ]);
  expect(byUrl['/product?categoryId=23'].channels).toEqual([23]);
  // A category staff added (23) is shown by the product list and the home page as well.
  expect(byUrl['/product'].channels).toEqual([CHANNEL_IDS.product, 20, 21, 23]);
  expect(byUrl['/'].channels).toEqual(expect.arrayContaining([23]));
  expect(byUrl['/productDetail?id=101']).toMatchObject({ articleId: 101 });
});

test('[issue 36.6] a product is rendered at /product?id=N too (where the search opens it), naming /productDetail?id=N as its canonical page', async () => {
  api.getChannels.mockResolvedValue([{ id: 20 }] as Channel[]);
  api.getAllArticles.mockImplementation(async (channelId: number) => (channelId === CHANNEL_IDS.product ? [article(101, 20)] : []));
  const byUrl = Object.fromEntries((await renderRoutes()).map((r) => [r.url, r]));
  expect(byUrl['/product?id=101']).toEqual({ url: '/product?id=101', articleId: 101, channels: [], canonical: '/productDetail?id=101' });
  expect(byUrl['/productDetail?id=101'].canonical).toBeUndefined();
});
