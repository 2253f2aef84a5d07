import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { renderAt } from '../test-utils';
import { Loading, NotFound, Notice } from './PageState';

test('Loading is a status named 加载中 that shows its text', () => {
  renderAt(<Loading />, '/');
  expect(screen.getByRole('status', { name: '加载中' }).textContent).toBe('加载中…');
});

test('NotFound is the page h1 with a primary link back (it works before hydration)', async () => {
  renderAt(
    <Routes>
      <Route path="/x" element={<NotFound title="未找到该视频" description="该视频不存在或已下线。" backTo="/video" backLabel="返回视频教程" />} />
      <Route path="/video" element={<p>列表</p>} />
    </Routes>,
    '/x',
  );
  screen.getByRole('heading', { level: 1, name: '未找到该视频' });
  fireEvent.click(screen.getByRole('link', { name: '返回视频教程' }));
  expect(await screen.findByText('列表')).toBeTruthy();
});

test('Notice shows its title, text and action in a status box', () => {
  renderAt(<Notice title="未找到该文档" description="请在下方列表中查找。" action={<a href="/document">查看全部文档</a>} />, '/');
  const box = screen.getByRole('status');
  expect(box.textContent).toBe('未找到该文档请在下方列表中查找。查看全部文档');
});
