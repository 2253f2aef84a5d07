import { queryOptions } from '@tanstack/react-query';
import {
  getAdminArticles,
  getAuditLog,
  getChannels,
  getDicts,
  getLoginLog,
  getMessageBoardList,
  getNoticeList,
  getNoticeUnread,
  getRecycledArticles,
  listRoleOptions,
  listRoles,
  listSiteCustomers,
  listStaffUsers,
} from '@site/api-client';
import type { NoticeListQuery, PageQuery, TableDataInfo } from '@site/contract';
import type { ListSource } from '../list-page/use-list-page';
import { keys } from './keys';

/** A list page's source: its key, its call and the resource its writes change. */
const list = <T, Q extends PageQuery>(
  key: (q: Q) => readonly unknown[],
  load: (q: Q) => Promise<TableDataInfo<T>>,
  changes: ListSource<T, Q>['changes'],
): ListSource<T, Q> => ({
  key,
  load,
  changes,
});

/** The staff list pages (`useListPage(lists.articles, 10)`). */
export const lists = {
  articles: list(keys.articles.list, getAdminArticles, 'article'),
  recycle: list(keys.recycle.list, getRecycledArticles, 'recycle'),
  roles: list(keys.roles.list, listRoles, 'role'),
  users: list(keys.users.list, listStaffUsers, 'user'),
  customers: list(keys.customers.list, listSiteCustomers, 'customer'),
  notices: list(keys.notices.list, getNoticeList, 'notice'),
  messages: list(keys.messages.list, getMessageBoardList, 'message'),
  audit: list(keys.audit.list, getAuditLog, 'audit'),
  loginLog: list(keys.loginLog.list, getLoginLog, 'loginLog'),
};

/** A dictionary's entries (`sys_notice_type` …): the bell's tabs, 通知公告's 类型, the workbench's labels. */
export const dictQuery = (dictType: string) =>
  queryOptions({ queryKey: keys.dicts.type(dictType), queryFn: async () => (await getDicts(dictType)).data ?? [] });

/** 用户管理's 角色 choices: every role the server offers for assignment. */
export const roleOptionsQuery = () => queryOptions({ queryKey: keys.roles.options(), queryFn: async () => (await listRoleOptions()).data ?? [] });

/** The public channel list: 文章管理's 栏目 choices. */
export const channelOptionsQuery = () => queryOptions({ queryKey: keys.channels.options(), queryFn: () => getChannels() });

/** The bell's badge: the signed-in user's unread notices. */
export const unreadQuery = () => queryOptions({ queryKey: keys.bell.unread(), queryFn: async () => (await getNoticeUnread()).data?.unread ?? 0 });

/** One page of the bell's popover (published notices of one type). */
export const bellPageQuery = (query: NoticeListQuery) => queryOptions({ queryKey: keys.bell.page(query), queryFn: () => getNoticeList(query) });
