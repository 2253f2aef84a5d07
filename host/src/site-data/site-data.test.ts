import type { Channel } from '@site/contract';
import { buildNavEntries, buildSearchChannels } from './site-data';

const ch = (id: number, title: string, filePath: string, children: Channel[] = []) =>
  ({ id, title, name: title, customs: { filePath }, children }) as unknown as Channel;

describe('navigation entries [NAV-1][NAV-2][NAV-3]', () => {
  it('orders by TOP_NAV and takes titles from the channel matched by customs.filePath', () => {
    const channels = [
      ch(12, '新闻动态', 'news/index'),
      ch(1, '网站首页', 'home/index'),
      ch(2, '走进我们', 'about/index', [ch(3, '联络方式', 'about/contact')]),
      ch(14, '产品', 'product/index'),
    ];
    expect(buildNavEntries(channels)).toEqual([
      { path: '/', filePath: 'home/index', title: '网站首页' },
      { path: '/product', filePath: 'product/index', title: '产品' },
      { path: '/solution', filePath: 'solution/index', title: '解决方案' },
      { path: '/support', filePath: 'support/index', title: '服务支持' },
      { path: '/about', filePath: 'about/index', title: '走进我们' },
      { path: '/news', filePath: 'news/index', title: '新闻动态' },
      { path: '/contact', filePath: 'about/contact', title: '联络方式' },
    ]);
  });
  it('falls back to plain labels when the call failed', () => {
    expect(buildNavEntries(null).map((e) => e.title)).toEqual(['首页', '产品中心', '解决方案', '服务支持', '关于我们', '新闻中心', '联系我们']);
  });
  it('[SRCH-2] searchable channels 14, 10, 11, 12 with server titles', () => {
    expect(buildSearchChannels([ch(10, '方案', 'solution/index'), ch(14, '产品', 'product/index')])).toEqual([
      { id: 14, title: '产品' },
      { id: 10, title: '方案' },
      { id: 11, title: '服务支持' },
      { id: 12, title: '新闻中心' },
    ]);
  });
});
