import { act, render, screen } from '@testing-library/react';
import { Auth, authStore } from '@site/app-runtime';
import { InfoLayout } from './InfoLayout';
import { UserLayout } from './UserLayout';
import { FooterToolbar } from '../components/FooterToolbar';
import { settingsStore } from '../store/settings';

describe('scaffold layouts and guards', () => {
  afterEach(() => act(() => settingsStore.reset()));

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

  it('[SHELL-11] the footer toolbar is fixed to the bottom, its left edge 80 px in when the sider is collapsed and 256 px by default, in both layouts', () => {
    const bar = () => screen.getByText('保存').closest<HTMLElement>('.admin-footer-toolbar')!;
    render(<FooterToolbar>保存</FooterToolbar>);
    expect(settingsStore.get()).toMatchObject({ layout: 'topmenu', sideCollapsed: false, isMobile: false });
    expect(bar().style).toMatchObject({ position: 'fixed', right: '0px', bottom: '0px', width: 'calc(100% - 256px)' });
    for (const layout of ['sidemenu', 'topmenu'] as const) {
      act(() => settingsStore.set({ layout, sideCollapsed: true }));
      expect(bar().style.width).toBe('calc(100% - 80px)');
      act(() => settingsStore.set({ sideCollapsed: false }));
      expect(bar().style.width).toBe('calc(100% - 256px)');
    }
  });

  it('[SHELL-11 deviation: a phone has no sider, the toolbar spans the screen, see contract README] no offset on a phone', () => {
    act(() => settingsStore.set({ layout: 'sidemenu', isMobile: true, sideCollapsed: false }));
    render(<FooterToolbar>保存</FooterToolbar>);
    expect(screen.getByText('保存').closest<HTMLElement>('.admin-footer-toolbar')!.style.width).toBe('100%');
  });

  it('[SHELL-11 deviation: the customer frame has no sider, the toolbar spans the screen, see contract README][issue 27.9] no offset for a customer', () => {
    act(() => settingsStore.set({ layout: 'sidemenu', isMobile: false, sideCollapsed: false }));
    const user = {
      userId: 42,
      userName: '13912345678',
      nickName: '周明',
      avatar: '',
      customerId: 9,
      deptId: null,
      postIds: [],
      phonenumber: '',
      email: '',
    };
    act(() => authStore.setInfo({ user, roles: [], permissions: [] }));
    try {
      render(<FooterToolbar>保存</FooterToolbar>);
      expect(screen.getByText('保存').closest<HTMLElement>('.admin-footer-toolbar')!.style.width).toBe('100%');
    } finally {
      act(() => authStore.clear());
    }
  });

  it('[PERM-4][PERM-5] <Auth> with an empty list throws, as the directives do', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Auth permi={[]}>x</Auth>)).toThrow(/请设置操作权限标签值/);
    expect(() => render(<Auth role={[]}>x</Auth>)).toThrow(/请设置角色权限标签值/);
    spy.mockRestore();
  });
});
