import type { QueryKey } from '@tanstack/react-query';

/**
 * Every query key of the admin shell, in one place, so a write can name what it makes stale without spelling keys
 * again (remote-shell-admin/README.md, Data layer). All start with `admin`, so they never meet the
 * public pages' keys in the page's one query cache, and `keys.all` removes a signed-out user's data at once. Each
 * resource has a root (`all`) under which its lists, details and dictionaries sit: invalidating the root reaches
 * every one of them, in every open tab.
 */
const ROOT = 'admin';

const resource = <N extends string>(name: N) => [ROOT, name] as const;

export const keys = {
  all: [ROOT] as const,
  articles: {
    all: resource('articles'),
    list: (query: object) => [...resource('articles'), 'list', query] as const,
    detail: (id: number) => [...resource('articles'), 'detail', id] as const,
    versions: (id: number) => [...resource('articles'), 'versions', id] as const,
    /** How many wait for review (待审核): under the root, so every article write updates it. */
    reviewCount: () => [...resource('articles'), 'review-count'] as const,
  },
  recycle: {
    all: resource('recycle'),
    list: (query: object) => [...resource('recycle'), 'list', query] as const,
  },
  channels: {
    all: resource('channels'),
    /** The public channel list (`/api/channel`): 文章管理's 栏目 choices. */
    options: () => [...resource('channels'), 'options'] as const,
    /** 栏目管理's tree, whole or filtered by name. */
    tree: (name: string) => [...resource('channels'), 'tree', name] as const,
  },
  roles: {
    all: resource('roles'),
    list: (query: object) => [...resource('roles'), 'list', query] as const,
    detail: (roleKey: string) => [...resource('roles'), 'detail', roleKey] as const,
    /** 用户管理's 角色 choices (search and form). */
    options: () => [...resource('roles'), 'options'] as const,
    /** The menu rows of the role form's tree. */
    menus: () => [...resource('roles'), 'menus'] as const,
  },
  users: {
    all: resource('users'),
    list: (query: object) => [...resource('users'), 'list', query] as const,
  },
  customers: {
    all: resource('customers'),
    list: (query: object) => [...resource('customers'), 'list', query] as const,
    detail: (userId: number) => [...resource('customers'), 'detail', userId] as const,
    /** 设置单位与产品's 客户单位 choices (by name) and 使用产品 choices (the product centre). */
    units: (keyword: string) => [...resource('customers'), 'units', keyword] as const,
    productOptions: () => [...resource('customers'), 'product-options'] as const,
  },
  notices: {
    all: resource('notices'),
    list: (query: object) => [...resource('notices'), 'list', query] as const,
    detail: (id: number) => [...resource('notices'), 'detail', id] as const,
  },
  blocks: {
    all: resource('blocks'),
    list: () => [...resource('blocks'), 'list'] as const,
    items: (blockId: number) => [...resource('blocks'), 'items', blockId] as const,
  },
  /** The bell: the signed-in user's unread count and the popover's pages. */
  bell: {
    all: resource('bell'),
    unread: () => [...resource('bell'), 'unread'] as const,
    page: (query: object) => [...resource('bell'), 'page', query] as const,
    /** Every page of notices the reader sees (the bell's and the workbench's): their read marks. */
    pages: () => [...resource('bell'), 'page'] as const,
  },
  dicts: {
    all: resource('dicts'),
    type: (dictType: string) => [...resource('dicts'), dictType] as const,
  },
  messages: {
    all: resource('messages'),
    list: (query: object) => [...resource('messages'), 'list', query] as const,
    /** A customer's own messages (工作台's 我的留言). */
    mine: (query: object) => [...resource('messages'), 'mine', query] as const,
  },
  /** The signed-in user's own profile (个人中心, 个人设置). */
  profile: {
    all: resource('profile'),
  },
  visits: {
    all: resource('visits'),
    analytics: (range: object) => [...resource('visits'), 'analytics', range] as const,
    stats: (days: number) => [...resource('visits'), 'stats', days] as const,
  },
  /** 站点监控: field figures and the server's, per date range. */
  monitor: {
    all: resource('monitor'),
    site: (range: object) => [...resource('monitor'), 'site', range] as const,
  },
  media: {
    all: resource('media'),
    list: (query: object) => [...resource('media'), 'list', query] as const,
  },
  /** 工作台: the signed-in account's customer and product, and its documents. */
  workbench: {
    all: resource('workbench'),
    account: (userId: number | undefined, customerId: number | null | undefined) =>
      [...resource('workbench'), 'account', userId ?? null, customerId ?? null] as const,
    documents: () => [...resource('workbench'), 'documents'] as const,
  },
  audit: {
    all: resource('audit'),
    list: (query: object) => [...resource('audit'), 'list', query] as const,
  },
  loginLog: {
    all: resource('login-log'),
    list: (query: object) => [...resource('login-log'), 'list', query] as const,
  },
} as const;

/**
 * What a write changes: after a write on a resource, these roots are invalidated (open lists refetch now, the ones
 * in other tabs when their tab is shown again). A write reaches every list that shows the same rows:
 * deleting an article fills 回收站, restoring one fills 文章管理 again, a role shows in 用户管理's 角色 choices and
 * its users' 角色 column, a notice in the bell.
 */
export const CHANGES = {
  article: [keys.articles.all, keys.recycle.all],
  recycle: [keys.recycle.all, keys.articles.all],
  /** A channel: 栏目管理 and the 栏目 names and choices of 文章管理 and 回收站. */
  channel: [keys.channels.all, keys.articles.all, keys.recycle.all],
  block: [keys.blocks.all],
  role: [keys.roles.all, keys.users.all, keys.audit.all],
  user: [keys.users.all, keys.audit.all],
  /** A customer's status, company or products: 客户管理, 留言板's 客户 · 单位 column, the workbench. */
  customer: [keys.customers.all, keys.audit.all, keys.messages.all, keys.workbench.all],
  notice: [keys.notices.all, keys.bell.all],
  /** Reading a notice, or 全部已读: the bell's count and the read marks of the notices shown. */
  noticeRead: [keys.bell.unread(), keys.bell.pages()],
  message: [keys.messages.all],
  /** The user's own profile: 个人中心 and the support link's details. */
  profile: [keys.profile.all, keys.workbench.all],
  /** Lists nobody writes from the shell (logs): their own root only. */
  audit: [keys.audit.all],
  loginLog: [keys.loginLog.all],
} satisfies Record<string, readonly QueryKey[]>;

export type Resource = keyof typeof CHANGES;
