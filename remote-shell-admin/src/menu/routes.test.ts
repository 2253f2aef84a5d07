import type { RouterVo } from '@site/contract';
import { buildMenu, canSee, convertRouters, filterByAccess, findRoute, settingsMenuFlag, STATIC_ROUTES, visibleMenu } from './routes';

const meta = (title: string, extra: Partial<RouterVo['meta']> = {}) => ({ title, icon: 'x', noCache: false, link: null, ...extra });
const routers: RouterVo[] = [
  {
    name: 'Content',
    path: '/admin/content',
    hidden: false,
    component: 'Layout',
    alwaysShow: true,
    meta: meta('内容管理'),
    children: [
      { name: 'MessageBoard', path: 'message-board', hidden: false, component: 'content/message-board/index', meta: meta('留言板') },
      { name: 'Secret', path: 'secret', hidden: true, component: 'content/secret/index', meta: meta('隐藏页', { noCache: true }) },
    ],
  },
  {
    name: 'Help',
    path: 'https://www.example.com/help',
    hidden: false,
    component: 'Layout',
    meta: meta('帮助中心', { link: 'https://www.example.com/help' }),
  },
  { name: 'Bad', path: 'javascript:alert(1)', hidden: false, component: 'x/index', meta: meta('坏链接') },
  { name: 'Support', path: '/support', hidden: false, component: 'Layout', meta: meta('服务支持', { link: '/support' }) },
  { name: 'BadLink', path: 'x', hidden: false, component: 'Layout', meta: meta('坏链接', { link: '//evil.example/x' }) },
];

describe('menu routes', () => {
  it('[SHELL-3][SHELL-4] converts RuoYi routers into entries with name, path, hidden, icon and title', () => {
    const [content] = convertRouters(routers);
    expect(content).toMatchObject({ name: 'Content', path: '/admin/content', hidden: false, icon: 'x', title: '内容管理' });
    expect(content.children![0]).toMatchObject({
      name: 'MessageBoard',
      path: '/admin/content/message-board',
      component: 'content/message-board/index',
      keepAlive: true,
    });
    expect(content.children![1]).toMatchObject({ hidden: true, keepAlive: false });
  });

  it('[SHELL-5] external links are flagged external and keep their url; non-http paths are not external', () => {
    const entries = convertRouters(routers);
    expect(entries[1]).toMatchObject({ external: true, path: 'https://www.example.com/help' });
    expect(entries[2].external).toBeUndefined();
    expect(entries[2].path).toBe('/javascript:alert(1)');
  });

  it('[ISSUE-19.links] a link menu to a page of the public site (帮助中心 -> /support) opens it beside the shell', () => {
    const entries = convertRouters(routers);
    expect(entries[3]).toMatchObject({ external: true, path: '/support', title: '服务支持' });
    expect(entries[4].external).toBeUndefined();
  });

  it('[SHELL-4] hidden entries are not shown but stay routable', () => {
    const entries = convertRouters(routers);
    const shown = visibleMenu(entries);
    expect(shown[0].children!.map((c) => c.name)).toEqual(['MessageBoard']);
    expect(findRoute(entries, '/admin/content/secret')?.entry.title).toBe('隐藏页');
  });

  it('[PERM-8] static routes: shown when none is declared or any listed permission or role matches', () => {
    expect(canSee({}, [], [])).toBe(true);
    expect(canSee({ permissions: ['a:b:c'] }, ['a:b:c'], [])).toBe(true);
    expect(canSee({ permissions: ['a:b:c'] }, ['*:*:*'], [])).toBe(true);
    expect(canSee({ permissions: ['a:b:c'] }, ['x:y:z'], ['editor'])).toBe(false);
    expect(canSee({ roles: ['editor'] }, [], ['editor'])).toBe(true);
    expect(canSee({ roles: ['editor'] }, [], ['admin'])).toBe(true);
    expect(canSee({ roles: ['editor'], permissions: ['a:b:c'] }, [], ['other'])).toBe(false);
    expect(canSee({ roles: ['editor'], permissions: ['a:b:c'] }, ['a:b:c'], ['other'])).toBe(true);
  });

  it('[PERM-8] filtering drops groups left empty', () => {
    const entries = [
      {
        name: 'G',
        path: '/g',
        hidden: false,
        title: 'G',
        children: [{ name: 'P', path: '/g/p', hidden: false, title: 'P', component: 'p', roles: ['boss'] }],
      },
    ];
    expect(filterByAccess(entries, [], ['editor'])).toEqual([]);
    expect(filterByAccess(entries, [], ['boss'])[0].children).toHaveLength(1);
  });

  it('[SHELL-3][ROUTE-21] the full menu starts with the static routes /index, /account/center, /account/settings', () => {
    const menu = buildMenu(routers, ['*:*:*'], ['admin']);
    expect(menu.slice(0, STATIC_ROUTES.length).map((m) => m.path)).toEqual(['/index', '/account']);
    expect(findRoute(menu, '/account/center')?.entry.title).toBe('个人中心');
    expect(findRoute(menu, '/account/settings/')?.entry.title).toBe('个人设置');
    expect(findRoute(menu, '/nowhere')).toBeNull();
    expect(buildMenu(null, [], [])).toHaveLength(STATIC_ROUTES.length);
  });

  it('[SHELL-8] the user-menu settings flag follows the 个人设置 route', () => {
    expect(settingsMenuFlag(buildMenu([], [], []))).toBe(true);
    const hiddenSettings = STATIC_ROUTES.map((r) =>
      r.children ? { ...r, children: r.children.map((c) => ({ ...c, hidden: c.showInUserMenu ? true : c.hidden })) } : r,
    );
    expect(settingsMenuFlag(hiddenSettings)).toBe(false);
  });

  it('[SHELL-8] the flag comes from the server: its 个人设置 row (visible or hidden) decides, and adds no menu entry', () => {
    const row = (hidden: boolean): RouterVo => ({
      name: 'AccountSettings',
      path: '/account/settings',
      hidden,
      component: 'static/account-settings',
      meta: { title: '个人设置', icon: 'setting', noCache: false, link: null },
    });
    const on = buildMenu([row(false)], [], []);
    expect(settingsMenuFlag(on)).toBe(true);
    expect(on).toHaveLength(STATIC_ROUTES.length);
    const off = buildMenu([row(true)], [], []);
    expect(settingsMenuFlag(off)).toBe(false);
    // The page stays reachable from 个人页; only the dropdown entry follows the flag.
    expect(findRoute(off, '/account/settings')?.entry.title).toBe('个人设置');
    // No row (a customer has no menus): the shell's own default, on.
    expect(settingsMenuFlag(buildMenu([], [], []))).toBe(true);
  });
});
