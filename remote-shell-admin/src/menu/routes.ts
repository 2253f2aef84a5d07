import { type RouterVo } from '@site/contract';
import { checkPermi, checkRole } from '@site/app-runtime';
import { isExternal, isSafeInSitePath } from '@site/ui';

/** A menu entry of the shell (SHELL-4): name, path, hidden flag, icon and title, plus what the shell needs. */
export interface MenuEntry {
  name: string;
  /** Absolute in-site path, or the external url for links. */
  path: string;
  hidden: boolean;
  icon?: string;
  title: string;
  /** Page component key (a RuoYi component string or a static page key); absent for groups and links. */
  component?: string;
  /** External link (http/https): opens in a new target (SHELL-5). */
  external?: boolean;
  /** Keep the page's view alive while its tab is open (RuoYi meta.noCache === false). */
  keepAlive?: boolean;
  /** Static routes only: shown when the user holds one of these (PERM-8). */
  permissions?: string[];
  roles?: string[];
  /** The settings entry of the user dropdown follows this flag (SHELL-8). */
  showInUserMenu?: boolean;
  children?: MenuEntry[];
}

/**
 * The shell's static routes. The 个人设置 entry carries `showInUserMenu`: the user dropdown offers 个人设置 only when
 * this route survives the permission filter and the flag is on (SHELL-8). Every static route is keep-alive so a
 * half-filled settings form survives a tab switch.
 */
export const STATIC_ROUTES: MenuEntry[] = [
  { name: 'Index', path: '/index', hidden: false, icon: 'dashboard', title: '工作台', component: 'static/index', keepAlive: true },
  {
    name: 'Account',
    path: '/account',
    hidden: false,
    icon: 'user',
    title: '个人页',
    children: [
      {
        name: 'AccountCenter',
        path: '/account/center',
        hidden: false,
        icon: 'user',
        title: '个人中心',
        component: 'static/account-center',
        keepAlive: true,
      },
      {
        name: 'AccountSettings',
        path: '/account/settings',
        hidden: false,
        icon: 'setting',
        title: '个人设置',
        component: 'static/account-settings',
        keepAlive: true,
        showInUserMenu: true,
      },
    ],
  },
];

function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  const base = parent.endsWith('/') ? parent.slice(0, -1) : parent;
  return `${base}/${child}`;
}

/** RuoYi routers of GET /getRouters -> menu entries with absolute paths (SHELL-3, SHELL-4, SHELL-5). */
export function convertRouters(routers: readonly RouterVo[] | null | undefined, parentPath = ''): MenuEntry[] {
  if (!Array.isArray(routers)) return [];
  return routers.map((r) => {
    // A link menu (RuoYi's frame flag) to an http(s) address or to a page of the public site (帮助中心 -> /support):
    // both open in a new target beside the shell.
    const metaLink = r.meta?.link;
    const link = metaLink && (isExternal(metaLink) || isSafeInSitePath(metaLink)) ? metaLink : isExternal(r.path) ? r.path : null;
    const title = r.meta?.title || r.name || r.path;
    if (link) {
      return { name: r.name, path: link, hidden: !!r.hidden, icon: r.meta?.icon, title, external: true };
    }
    const path = parentPath ? joinPath(parentPath, r.path) : r.path.startsWith('/') ? r.path : `/${r.path}`;
    const entry: MenuEntry = { name: r.name, path, hidden: !!r.hidden, icon: r.meta?.icon, title };
    if (r.children && r.children.length > 0) {
      entry.children = convertRouters(r.children, path);
    } else if (r.component && r.component !== 'Layout' && r.component !== 'ParentView') {
      entry.component = r.component;
      entry.keepAlive = r.meta?.noCache === false;
    }
    return entry;
  });
}

/** PERM-8: shown if any listed permission or role matches, or if none is declared. */
export function canSee(entry: Pick<MenuEntry, 'permissions' | 'roles'>, permissions: readonly string[], roles: readonly string[]): boolean {
  const hasPerms = !!entry.permissions && entry.permissions.length > 0;
  const hasRoles = !!entry.roles && entry.roles.length > 0;
  if (!hasPerms && !hasRoles) return true;
  return (hasPerms && checkPermi(permissions, entry.permissions!)) || (hasRoles && checkRole(roles, entry.roles!));
}

/** Drop the entries the user may not see; a group left without children disappears. */
export function filterByAccess(entries: readonly MenuEntry[], permissions: readonly string[], roles: readonly string[]): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const e of entries) {
    if (!canSee(e, permissions, roles)) continue;
    if (e.children) {
      const children = filterByAccess(e.children, permissions, roles);
      if (children.length === 0 && !e.component) continue;
      out.push({ ...e, children });
    } else out.push(e);
  }
  return out;
}

/** What the menu shows: hidden entries (and groups of only hidden entries) are left out. */
export function visibleMenu(entries: readonly MenuEntry[]): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const e of entries) {
    if (e.hidden) continue;
    if (e.children) {
      const children = visibleMenu(e.children);
      if (children.length === 0 && !e.component) continue;
      out.push({ ...e, children });
    } else out.push(e);
  }
  return out;
}

/** The full menu: static routes plus the server's, filtered by access. Hidden entries stay routable. */
export function buildMenu(routers: readonly RouterVo[] | null | undefined, permissions: readonly string[], roles: readonly string[]): MenuEntry[] {
  const { flag, rest } = takeSettingsFlag(Array.isArray(routers) ? routers : []);
  const statics = flag === null ? STATIC_ROUTES : withSettingsFlag(STATIC_ROUTES, flag);
  return filterByAccess([...statics, ...convertRouters(rest)], permissions, roles);
}

/** The server's row for the static 个人设置 page (component static/account-settings) carries only its flag (SHELL-8). */
const SETTINGS_COMPONENT = 'static/account-settings';

/** SHELL-8: the server's 个人设置 flag (its row's visible column), and the routers without that row. */
export function takeSettingsFlag(routers: readonly RouterVo[]): { flag: boolean | null; rest: RouterVo[] } {
  let flag: boolean | null = null;
  const strip = (list: readonly RouterVo[]): RouterVo[] =>
    list
      .filter((r) => {
        if (r.component !== SETTINGS_COMPONENT) return true;
        flag = !r.hidden;
        return false;
      })
      .map((r) => (r.children ? { ...r, children: strip(r.children) } : r));
  const rest = strip(routers);
  return { flag, rest };
}

function withSettingsFlag(entries: readonly MenuEntry[], flag: boolean): MenuEntry[] {
  return entries.map((e) => ({
    ...e,
    ...(e.showInUserMenu !== undefined ? { showInUserMenu: flag } : {}),
    ...(e.children ? { children: withSettingsFlag(e.children, flag) } : {}),
  }));
}

/** A page entry with the chain of its parents (for breadcrumbs and the page header). */
export interface RouteMatch {
  entry: MenuEntry;
  parents: MenuEntry[];
}

/** Find the page entry of a pathname (hidden ones included: they are routable, only not in the menu). */
export function findRoute(entries: readonly MenuEntry[], pathname: string, parents: MenuEntry[] = []): RouteMatch | null {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  for (const e of entries) {
    if (e.external) continue;
    if (e.children) {
      const hit = findRoute(e.children, path, [...parents, e]);
      if (hit) return hit;
    }
    if (e.component && e.path === path) return { entry: e, parents };
  }
  return null;
}

/** The settings entry of the user dropdown: on when the 个人设置 route is in the user's menu with its flag on. */
export function settingsMenuFlag(entries: readonly MenuEntry[]): boolean {
  for (const e of entries) {
    if (e.showInUserMenu && !e.hidden) return true;
    if (e.children && settingsMenuFlag(e.children)) return true;
  }
  return false;
}

/** Keys of the groups on the way to a path (to open the side menu there). */
export function openKeysFor(match: RouteMatch | null): string[] {
  return match ? match.parents.map((p) => p.path) : [];
}
