import { render, screen } from '@testing-library/react';
import { Auth } from '@site/app-runtime';
import { InfoLayout } from './InfoLayout';
import { UserLayout } from './UserLayout';
import { footerToolbarOffset } from '../components/FooterToolbar';

describe('scaffold layouts and guards', () => {
  it('[SHELL-14] the user layout greets with 你好！欢迎使用', () => {
    render(<UserLayout>x</UserLayout>);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('你好！欢迎使用');
  });

  it('[SHELL-13] the unused layout has a sider with one menu item 信息管理', () => {
    render(<InfoLayout />);
    const items = screen.getAllByRole('menuitem');
    expect(items).toHaveLength(1);
    expect(items[0].textContent).toContain('信息管理');
  });

  it('[SHELL-11] the footer toolbar is offset 80 px collapsed, 256 px by default, none in topmenu or on a phone', () => {
    expect(footerToolbarOffset({ layout: 'sidemenu', isMobile: false, sideCollapsed: true })).toBe(80);
    expect(footerToolbarOffset({ layout: 'sidemenu', isMobile: false, sideCollapsed: false })).toBe(256);
    expect(footerToolbarOffset({ layout: 'topmenu', isMobile: false, sideCollapsed: false })).toBe(0);
    expect(footerToolbarOffset({ layout: 'sidemenu', isMobile: true, sideCollapsed: false })).toBe(0);
  });

  it('[PERM-4][PERM-5] <Auth> with an empty list throws, as the directives do', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Auth permi={[]}>x</Auth>)).toThrow(/请设置操作权限标签值/);
    expect(() => render(<Auth role={[]}>x</Auth>)).toThrow(/请设置角色权限标签值/);
    spy.mockRestore();
  });
});
