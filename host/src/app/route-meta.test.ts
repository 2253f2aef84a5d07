import { documentTitle, routeMeta } from './route-meta';

describe('page title [TITLE-1][TITLE-3]', () => {
  it('home shows the company name alone', () => {
    expect(documentTitle('/', '华电智控科技有限公司')).toBe('华电智控科技有限公司');
  });
  it('other pages: route title, a dash, the company title', () => {
    expect(documentTitle('/product', '某公司')).toBe('产品中心 - 某公司');
    expect(documentTitle('/newsDetail', '某公司')).toBe('新闻详情 - 某公司');
    expect(documentTitle('/index/notice', '某公司')).toBe('工作台 - 某公司');
    expect(documentTitle('/404', '某公司')).toBe('页面不存在 - 某公司');
  });
  it('a detail page may refine the part before the dash', () => {
    expect(documentTitle('/newsDetail', '某公司', '一篇新闻')).toBe('一篇新闻 - 某公司');
  });
  it('every page has a description', () => {
    expect(routeMeta('/news').description).toContain('新闻');
    expect(routeMeta('/nowhere').description.length).toBeGreaterThan(0);
  });
});
