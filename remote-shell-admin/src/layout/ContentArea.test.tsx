import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ContentArea } from './ContentArea';
import type { MenuEntry } from '../menu/routes';

jest.mock('../pages/registry', () => ({
  pageFor: (c?: string) => (c === 'known/index' ? () => <p>已知页面</p> : null),
  isShellPage: (p: string) => p === '/admin/g/kept',
}));

const menu: MenuEntry[] = [
  {
    name: 'G',
    path: '/admin/g',
    hidden: false,
    title: '分组',
    children: [
      { name: 'Known', path: '/admin/g/known', hidden: false, title: '已知', component: 'known/index' },
      { name: 'Odd', path: '/admin/g/odd', hidden: false, title: '新页面', component: 'vendor/odd/index' },
    ],
  },
];

function at(path: string, ready = true) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/404" element={<p>站点 404 页面</p>} />
        <Route path="/index" element={<p>工作台页面</p>} />
        <Route path="*" element={<ContentArea menu={menu} menuReady={ready} />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('content area', () => {
  it('a menu entry whose component this remote has renders that page at its path', () => {
    at('/admin/g/known');
    expect(screen.getByText('已知页面')).toBeTruthy();
  });

  it('a component this remote does not have shows the Chinese placeholder, not a crash', () => {
    at('/admin/g/odd');
    expect(screen.getByText('当前管理后台版本不包含此页面')).toBeTruthy();
    expect(screen.getByText(/vendor\/odd\/index/)).toBeTruthy();
  });

  it('[ROUTE-20][ISSUE-19 spec details] an unknown path goes to /404 once the menu is loaded, a spinner before', () => {
    const { unmount } = at('/admin/nowhere', false);
    expect(document.querySelector('[aria-busy="true"]')).toBeTruthy();
    unmount();
    for (const path of ['/admin/nowhere', '/index/x', '/account/nowhere']) {
      const view = at(path);
      expect(screen.getByText('站点 404 页面')).toBeTruthy();
      view.unmount();
    }
  });

  it('[issue 45.2] /admin and /admin/ are the front door: the workbench (/index), never /404, even before the menu is loaded', () => {
    for (const [path, ready] of [
      ['/admin', true],
      ['/admin/', true],
      ['/admin', false],
    ] as const) {
      const view = at(path, ready);
      expect(screen.getByText('工作台页面')).toBeTruthy();
      view.unmount();
    }
  });

  it('[ISSUE-27.1] deviation from ROUTE-20: a page of the shell the user\u2019s menu leaves out says 当前操作没有权限 in place, not /404', () => {
    at('/admin/g/kept');
    expect(screen.getByText('当前操作没有权限')).toBeTruthy();
    expect(screen.queryByText('站点 404 页面')).toBeNull();
  });
});
