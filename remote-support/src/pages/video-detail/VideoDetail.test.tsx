import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { article, renderAt } from '../../test-utils';
import VideoDetail from './VideoDetail';

jest.mock('@site/api-client', () => ({ ...jest.requireActual('@site/api-client'), getArticle: jest.fn() }));
const api = jest.requireMock('@site/api-client') as Record<'getArticle', jest.Mock>;

const page = (
  <Routes>
    <Route path="/videoDetail" element={<VideoDetail />} />
    <Route path="/video" element={<p>视频列表页</p>} />
  </Routes>
);

beforeEach(() => jest.clearAllMocks());

test('[ROUTE-18][ROUTE-23] plays the video of ?id= with the browser player', async () => {
  api.getArticle.mockResolvedValue(
    article({
      id: 601,
      channelId: 17,
      title: '电网运行风险预警平台功能演示',
      image: '/files/images/v.svg',
      video: '/files/videos/demo.mp4',
      text: '<p>演示片段</p>',
    }),
  );
  const { container } = renderAt(page, '/videoDetail?id=601');
  expect(await screen.findByRole('heading', { level: 1, name: '电网运行风险预警平台功能演示' })).toBeTruthy();
  expect(api.getArticle).toHaveBeenCalledWith(601);
  const video = container.querySelector('video')!;
  expect(video.hasAttribute('controls')).toBe(true);
  expect(video.getAttribute('preload')).toBe('metadata');
  expect(video.getAttribute('poster')).toBe('/files/images/v.svg');
  expect(video.querySelector('source')!.getAttribute('src')).toBe('/files/videos/demo.mp4');
  expect(screen.getByText('演示片段')).toBeTruthy();
});

test('[ROUTE-23] an unknown id shows 未找到该视频 with a way back', async () => {
  api.getArticle.mockRejectedValue(new Error('文章不存在'));
  renderAt(page, '/videoDetail?id=999999');
  expect(await screen.findByRole('heading', { level: 1, name: '未找到该视频' })).toBeTruthy();
  fireEvent.click(screen.getByRole('link', { name: '返回视频教程' }));
  expect(await screen.findByText('视频列表页')).toBeTruthy();
});

test('a missing or malformed id is not found without asking the server', async () => {
  renderAt(page, '/videoDetail?id=abc');
  expect(await screen.findByText('未找到该视频')).toBeTruthy();
  expect(api.getArticle).not.toHaveBeenCalled();
});
