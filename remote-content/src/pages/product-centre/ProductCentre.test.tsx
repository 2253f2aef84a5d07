import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { article, pageOf, renderAt } from '../../test-utils';
import ProductDetail from '../product-detail/ProductDetail';
import ProductCentre from './ProductCentre';

jest.mock('@site/api-client', () => ({
  ...jest.requireActual('@site/api-client'),
  getChannel: jest.fn(),
  getChannels: jest.fn(),
  getArticlePage: jest.fn(),
  getArticle: jest.fn(),
}));
const api = jest.requireMock('@site/api-client') as Record<'getChannel' | 'getChannels' | 'getArticlePage' | 'getArticle', jest.Mock>;

const channel = (id: number, name: string) => ({
  id,
  name,
  title: name,
  alias: '',
  url: '',
  nav: false,
  allowSearch: false,
  targetBlank: false,
  linkUrl: null,
  image: null,
  customs: { filePath: '' },
  parentId: 14,
  children: [],
});
const platform = article({
  id: 101,
  channelId: 20,
  title: '电网运行风险预警平台',
  description: '分钟级评估与分级预警',
  image: '/files/images/product-1.svg',
});
const fault = article({ id: 104, channelId: 21, title: '配电网故障智能诊断系统', image: '/files/images/product-4.svg' });

const page = (
  <Routes>
    <Route path="/product" element={<ProductCentre />} />
    <Route path="/productDetail" element={<ProductDetail />} />
  </Routes>
);

beforeEach(() => {
  jest.clearAllMocks();
  api.getChannel.mockResolvedValue({ ...channel(14, '产品中心'), parentId: null });
  api.getChannels.mockResolvedValue([channel(20, '风险管控平台'), channel(21, '监测预警系统')]);
  api.getArticlePage.mockImplementation(async ({ channelId }: { channelId: number }) =>
    pageOf(channelId === 21 ? [fault] : [platform, fault], channelId === 21 ? 1 : 20, 9),
  );
  api.getArticle.mockImplementation(async (id: number) => {
    if (id === 101)
      return {
        ...platform,
        text: '<h2>产品概述</h2><p>正文</p>',
        customs: { version: 'V3.2.0', features: [{ title: '多源数据融合', description: '统一建模' }, '分级预警推送'] },
      };
    throw new Error('文章不存在');
  });
});

test('[ROUTE-6][ROUTE-22] 产品中心 lists products with images; each links to /productDetail?id=', async () => {
  renderAt(page, '/product');
  const link = await screen.findByRole('link', { name: /电网运行风险预警平台/ });
  expect(link.getAttribute('href')).toBe('/productDetail?id=101');
  // The first card's image is the largest paint on a phone: eager; every later one lazy.
  const loading = screen.getAllByRole('img').map((img) => img.getAttribute('loading'));
  expect(loading[0]).toBe('eager');
  expect(loading.slice(1)).toEqual(Array(loading.length - 1).fill('lazy'));
  expect(loading.length).toBeGreaterThan(1);
  expect(api.getChannels).toHaveBeenCalledWith({ parentId: 14 });
  expect(api.getArticlePage).toHaveBeenCalledWith({ channelId: 14, page: 1, pageSize: 9 });
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  // 20 products at 9 a page: a pager.
  expect(screen.getByRole('navigation', { name: '分页' })).toBeTruthy();
});

test('[ROUTE-6][ISSUE-25] a category tab is a link to the category and lists it from page 1', async () => {
  renderAt(page, '/product?page=2');
  const tab = await screen.findByRole('tab', { name: '监测预警系统' });
  // Real links: a click before the app has hydrated the rendered page loads the category's URL (issue 25).
  expect(tab.getAttribute('href')).toBe('/product?categoryId=21');
  expect(screen.getByRole('tab', { name: '全部产品' }).getAttribute('href')).toBe('/product');
  fireEvent.click(tab);
  await waitFor(() => expect(api.getArticlePage).toHaveBeenCalledWith({ channelId: 21, page: 1, pageSize: 9 }));
  expect(screen.getByTestId('location').textContent).toBe('/product?categoryId=21');
});

test('[SRCH-7] /product?id= shows that product instead of the list', async () => {
  renderAt(page, '/product?id=101');
  expect(await screen.findByRole('heading', { level: 1, name: '电网运行风险预警平台' })).toBeTruthy();
  expect(api.getArticle).toHaveBeenCalledWith(101);
  expect(api.getArticlePage).not.toHaveBeenCalled();
});

test('[ROUTE-7][ROUTE-22] a list click opens the detail with features from customs and the sanitised body', async () => {
  renderAt(page, '/product');
  fireEvent.click(await screen.findByRole('link', { name: /电网运行风险预警平台/ }));
  expect(await screen.findByRole('heading', { level: 1, name: '电网运行风险预警平台' })).toBeTruthy();
  expect(screen.getByTestId('location').textContent).toBe('/productDetail?id=101');
  expect(screen.getByText('多源数据融合')).toBeTruthy();
  expect(screen.getByText('统一建模')).toBeTruthy();
  expect(screen.getByText('分级预警推送')).toBeTruthy();
  expect(screen.getByText('版本：V3.2.0')).toBeTruthy();
  expect(screen.getByText('正文')).toBeTruthy();
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
});

test('[ROUTE-22] an unknown product id shows 内容不存在 and 返回列表 goes back to /product', async () => {
  renderAt(page, '/productDetail?id=424242');
  expect(await screen.findByRole('heading', { level: 1, name: '内容不存在' })).toBeTruthy();
  fireEvent.click(screen.getByRole('link', { name: '返回列表' }));
  await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/product'));
});

test('an empty category shows 暂无内容', async () => {
  api.getArticlePage.mockResolvedValue(pageOf([], 0, 9));
  renderAt(page, '/product');
  expect(await screen.findByText('暂无内容')).toBeTruthy();
});
