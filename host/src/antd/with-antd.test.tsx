import dayjs from 'dayjs';
import { loadAntdProvider } from './with-antd';

test('[issue 42.2] the antd provider comes with dayjs in Chinese, for the pickers of the pages that use antd', async () => {
  dayjs.locale('en');
  const provider = await loadAntdProvider();
  expect(typeof provider.default).toBe('function');
  expect(dayjs.locale()).toBe('zh-cn');
  expect(dayjs('2026-03-02').format('dddd MMMM')).toBe('星期一 三月');
});
