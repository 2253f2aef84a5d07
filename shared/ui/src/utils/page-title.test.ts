import { renderHook } from '@testing-library/react';
import { formatPageTitle, pageTitleOverride, setCompanyTitle, setPageTitle, usePageTitle } from './page-title';

describe('page title [TITLE-1][TITLE-3]', () => {
  it('formats "<title> - <company>"', () => {
    expect(formatPageTitle('产品中心', '某某公司')).toBe('产品中心 - 某某公司');
  });
  it('is the company alone without a part', () => {
    expect(formatPageTitle('', '某某公司')).toBe('某某公司');
    expect(formatPageTitle(null, '某某公司')).toBe('某某公司');
  });
  it('falls back to the configured company name', () => {
    expect(formatPageTitle('新闻中心', '')).toBe('新闻中心 - 华电智控科技有限公司');
  });
  it('[TITLE-1 deviation: a detail page is titled by its article, see contract README] a detail page refines the title of its own location only', () => {
    setCompanyTitle('某某公司');
    window.history.pushState({}, '', '/newsDetail?id=3');
    setPageTitle('一篇新闻');
    expect(document.title).toBe('一篇新闻 - 某某公司');
    expect(pageTitleOverride('/newsDetail?id=3')).toBe('一篇新闻');
    expect(pageTitleOverride('/newsDetail?id=4')).toBeUndefined();
  });

  it('[TITLE-1][ISSUE-19 spec details] usePageTitle titles the page once its own title is known (an article, a menu entry)', () => {
    setCompanyTitle('某某公司');
    window.history.pushState({}, '', '/admin/content/message-board');
    document.title = '管理后台 - 某某公司';
    const { rerender } = renderHook(({ part }: { part: string | null }) => usePageTitle(part), { initialProps: { part: null as string | null } });
    expect(document.title).toBe('管理后台 - 某某公司');
    rerender({ part: '留言板' });
    expect(document.title).toBe('留言板 - 某某公司');
    expect(pageTitleOverride('/admin/content/message-board')).toBe('留言板');
  });
});
