import { queryOptions, type QueryKey } from '@tanstack/react-query';
import {
  getAdminArticle,
  getAdminArticles,
  getArticleVersions,
  getArticleReviewCount,
  getNotice,
  getRole,
  listRoleMenus,
  getAuditLog,
  getBlockItemsAdmin,
  getBlockList,
  getChannels,
  getChannelTree,
  getDicts,
  getLoginLog,
  getMessageBoardList,
  getMediaImages,
  getMyMessages,
  getProfile,
  getSiteCustomer,
  listCustomerProductOptions,
  listCustomerUnits,
  getVisitAnalytics,
  getSiteMonitor,
  getVisitStats,
  getWorkbenchAccount,
  getWorkbenchDocuments,
  getNoticeList,
  getNoticeUnread,
  getRecycledArticles,
  listRoleOptions,
  listRoles,
  listSiteCustomers,
  listStaffUsers,
} from '@site/api-client';
import type { MediaQuery, NoticeListQuery, PageQuery, RData, TableDataInfo, VisitRangeQuery } from '@site/contract';
import type { ListSource } from './shell-query';
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

/**
 * A query of a call that answers RuoYi's `{code, msg, data}`: its `data`, or `orElse` where the server sent none
 * (an empty list, a zero count).
 */
const dataQuery = <K extends QueryKey, T>(queryKey: K, call: () => Promise<RData<T>>, orElse?: T) =>
  queryOptions({
    queryKey,
    queryFn: async () => {
      const { data } = await call();
      return orElse === undefined ? data : (data ?? orElse);
    },
  });

/** A dictionary's entries (`sys_notice_type` …): the bell's tabs, 通知公告's 类型, the workbench's labels. */
export const dictQuery = (dictType: string) => dataQuery(keys.dicts.type(dictType), () => getDicts(dictType), []);

/** 用户管理's 角色 choices: every role the server offers for assignment. */
export const roleOptionsQuery = () => dataQuery(keys.roles.options(), listRoleOptions, []);

/** The public channel list: 文章管理's 栏目 choices. */
export const channelOptionsQuery = () => queryOptions({ queryKey: keys.channels.options(), queryFn: () => getChannels() });

/** One article as staff edit it (the editor drawer asks afresh each time it opens). */
export const articleQuery = (id: number) => dataQuery(keys.articles.detail(id), () => getAdminArticle(id));

/** 记录: an article's versions, newest first. */
export const articleVersionsQuery = (id: number) => dataQuery(keys.articles.versions(id), () => getArticleVersions(id));

/** A role as the role form edits it, and the menu rows its tree is built from. */
export const roleQuery = (roleKey: string) => dataQuery(keys.roles.detail(roleKey), () => getRole(roleKey));
/** 文章管理's 待审核 count. */
export const articleReviewCountQuery = () => dataQuery(keys.articles.reviewCount(), getArticleReviewCount, 0);

export const roleMenusQuery = () => dataQuery(keys.roles.menus(), listRoleMenus, []);

/** One notice as its form edits it. */
export const noticeQuery = (id: number) => dataQuery(keys.notices.detail(id), () => getNotice(id));

/** 工作台: the account's customer, product and support address; its documents; a customer's own messages. */
export const workbenchAccountQuery = (userId: number | undefined, customerId: number | null | undefined) =>
  dataQuery(keys.workbench.account(userId, customerId), getWorkbenchAccount, null);
export const workbenchDocumentsQuery = () => dataQuery(keys.workbench.documents(), getWorkbenchDocuments, []);
export const myMessagesQuery = (query: PageQuery) => queryOptions({ queryKey: keys.messages.mine(query), queryFn: () => getMyMessages(query) });

/** The signed-in user's profile. */
export const profileQuery = () => queryOptions({ queryKey: keys.profile.all, queryFn: getProfile });

/** One site customer as 客户管理's 查看 shows it. */
export const customerQuery = (userId: number) => dataQuery(keys.customers.detail(userId), () => getSiteCustomer(userId));
/** 设置单位与产品: the companies whose name contains `keyword`, and the product centre's products. */
export const customerUnitsQuery = (keyword: string) => dataQuery(keys.customers.units(keyword), () => listCustomerUnits(keyword), []);
export const customerProductOptionsQuery = () => dataQuery(keys.customers.productOptions(), listCustomerProductOptions, []);

/** 访问统计 over a date range; the workbench's figures over the last days. */
export const visitAnalyticsQuery = (range: VisitRangeQuery) => dataQuery(keys.visits.analytics(range), () => getVisitAnalytics(range));
export const visitStatsQuery = (days: number) => dataQuery(keys.visits.stats(days), () => getVisitStats(days));
/** 站点监控: read only, nothing invalidates it; a new range is a new key. */
export const siteMonitorQuery = (range: VisitRangeQuery) => dataQuery(keys.monitor.site(range), () => getSiteMonitor(range));

/** 媒体库: one page of the uploaded images. */
export const mediaQuery = (query: MediaQuery) => queryOptions({ queryKey: keys.media.list(query), queryFn: () => getMediaImages(query) });

/** 栏目管理's tree (filtered by name when one is given). */
export const channelTreeQuery = (name: string) =>
  queryOptions({ queryKey: keys.channels.tree(name), queryFn: () => getChannelTree(name ? { name } : undefined) });

/** 区块管理's blocks and the items of one. */
export const blockListQuery = () => queryOptions({ queryKey: keys.blocks.list(), queryFn: async () => (await getBlockList()).rows ?? [] });
export const blockItemsQuery = (blockId: number) =>
  queryOptions({ queryKey: keys.blocks.items(blockId), queryFn: async () => (await getBlockItemsAdmin(blockId)).rows ?? [] });

/** The bell's badge: the signed-in user's unread notices. */
export const unreadQuery = () => queryOptions({ queryKey: keys.bell.unread(), queryFn: async () => (await getNoticeUnread()).data?.unread ?? 0 });

/** One page of the bell's popover (published notices of one type). */
export const bellPageQuery = (query: NoticeListQuery) => queryOptions({ queryKey: keys.bell.page(query), queryFn: () => getNoticeList(query) });
