import { render } from '@testing-library/react';
import { setCompanyTitle } from '../utils/page-title';
import { usePageTitle } from '../utils/page-title';

function Page({ title }: { title: string | null }) {
  usePageTitle(title);
  return null;
}

describe('usePageTitle', () => {
  it('[TITLE-1][TITLE-1 deviation: a detail page is titled by its article, see contract README] titles the page "<part> - <company>" once the part is known (a menu title, an article title), and follows it', () => {
    setCompanyTitle('华电智控科技有限公司');
    document.title = '管理后台 - 华电智控科技有限公司';
    const { rerender } = render(<Page title={null} />);
    expect(document.title).toBe('管理后台 - 华电智控科技有限公司');
    rerender(<Page title="留言板" />);
    expect(document.title).toBe('留言板 - 华电智控科技有限公司');
    rerender(<Page title="智能配电运维平台上线" />);
    expect(document.title).toBe('智能配电运维平台上线 - 华电智控科技有限公司');
  });
});
