/** @jest-environment jsdom */
import { act } from 'react';
import { notification } from './notify-antd';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Static notices render in antd's own root; before they were given the site's settings their close button read "Close".
test("static notices render with the site's antd settings: the close button is 关闭", async () => {
  await act(async () => {
    notification.info({ title: '提示', description: '正在下载数据，请稍候', key: 'dl', duration: 0 });
  });
  expect(document.body.textContent).toContain('正在下载数据，请稍候');
  expect(document.querySelector('.ant-notification-notice-close')?.getAttribute('aria-label')).toBe('关闭');
  await act(async () => {
    notification.destroy();
  });
});
