import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { article, renderAt } from '../../test-utils';
import NewsDetail from './NewsDetail';

jest.mock('@site/api-client', () => ({
  ...jest.requireActual('@site/api-client'),
  getArticle: jest.fn(),
  getPrevArticle: jest.fn(),
  getNextArticle: jest.fn(),
}));
const api = jest.requireMock('@site/api-client') as Record<'getArticle' | 'getPrevArticle' | 'getNextArticle', jest.Mock>;

const page = (
  <Routes>
    <Route path="/newsDetail" element={<NewsDetail />} />
    <Route path="/news" element={<p>新闻列表页</p>} />
  </Routes>
);

const news = article({
  id: 305,
  title: '公司通过 CMMI 五级复评',
  publishDate: '2026-02-10T02:00:00.000Z',
  source: '华电智控科技有限公司',
  author: '品牌部',
  text: '<p>正文第一段</p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
});

beforeEach(() => {
  jest.clearAllMocks();
  api.getArticle.mockResolvedValue(news);
});

test('[ROUTE-11][ROUTE-22] shows title, date, source, author and the sanitised body of ?id=', async () => {
  api.getPrevArticle.mockResolvedValue(article({ id: 304, title: '配电网故障智能诊断系统在华东某市成功上线' }));
  api.getNextArticle.mockResolvedValue(article({ id: 306, title: '新型电力系统建设加速' }));
  renderAt(page, '/newsDetail?id=305');
  expect(await screen.findByRole('heading', { level: 1, name: '公司通过 CMMI 五级复评' })).toBeTruthy();
  expect(api.getArticle).toHaveBeenCalledWith(305);
  expect(screen.getByText('发布时间：2026-02-10')).toBeTruthy();
  expect(screen.getByText('来源：华电智控科技有限公司')).toBeTruthy();
  expect(screen.getByText('作者：品牌部')).toBeTruthy();
  expect(screen.getByText('正文第一段')).toBeTruthy();
  expect(document.querySelector('script')).toBeNull();
  expect(document.querySelector('[onerror]')).toBeNull();
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

  const prev = await screen.findByRole('link', { name: '配电网故障智能诊断系统在华东某市成功上线' });
  expect(prev.getAttribute('href')).toBe('/newsDetail?id=304');
  expect(screen.getByRole('link', { name: '新型电力系统建设加速' }).getAttribute('href')).toBe('/newsDetail?id=306');
  expect(api.getPrevArticle).toHaveBeenCalledWith(305);
  expect(api.getNextArticle).toHaveBeenCalledWith(305);
});

test('[API-28][API-29] a null neighbour shows 没有了 instead of a link', async () => {
  api.getPrevArticle.mockResolvedValue(null);
  api.getNextArticle.mockResolvedValue(article({ id: 306, title: '新型电力系统建设加速' }));
  renderAt(page, '/newsDetail?id=305');
  const nav = await screen.findByRole('navigation', { name: '上一篇和下一篇' });
  await waitFor(() => expect(nav.textContent).toContain('上一篇：没有了'));
  expect(nav.textContent).toContain('下一篇：新型电力系统建设加速');
  expect(nav.querySelectorAll('a')).toHaveLength(1);
});

test('[API-28][API-29] both neighbours null (or failing) show 没有了 twice', async () => {
  api.getPrevArticle.mockResolvedValue(null);
  api.getNextArticle.mockRejectedValue(new Error('系统接口500异常'));
  renderAt(page, '/newsDetail?id=305');
  const nav = await screen.findByRole('navigation', { name: '上一篇和下一篇' });
  expect(nav.textContent).toBe('上一篇：没有了下一篇：没有了');
});

test('[ROUTE-22] an unknown id (server 404) shows 内容不存在 and 返回列表 goes to /news', async () => {
  api.getArticle.mockRejectedValue(Object.assign(new Error('文章不存在'), { code: 404 }));
  renderAt(page, '/newsDetail?id=999999');
  expect(await screen.findByRole('heading', { level: 1, name: '内容不存在' })).toBeTruthy();
  fireEvent.click(screen.getByRole('link', { name: '返回列表' }));
  expect(await screen.findByText('新闻列表页')).toBeTruthy();
});

test('[ROUTE-22] a missing or malformed id shows 内容不存在 without calling the server', async () => {
  renderAt(page, '/newsDetail?id=abc');
  expect(await screen.findByRole('heading', { level: 1, name: '内容不存在' })).toBeTruthy();
  expect(api.getArticle).not.toHaveBeenCalled();
});
