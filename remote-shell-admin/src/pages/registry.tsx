import { lazy, Suspense, type ComponentType } from 'react';
import { Spin } from '@site/antd-kit';
import Dashboard from './dashboard/Dashboard';
import AccountCenter from './account-center/AccountCenter';
import AccountSettings from './account-settings/AccountSettings';
import MessageBoard from './message-board/MessageBoard';
import Visits from './visits/Visits';
import SiteMonitor from './monitor/SiteMonitor';
import ArticlePage from './article/ArticlePage';
import RecyclePage from './article-recycle/RecyclePage';
import AuditLog from './audit/AuditLog';
import LoginLog from './logininfor/LoginLog';
import NoticeTable from './notice/NoticeTable';
import DictPage from './dict/DictPage';
import UserTable from './user/UserTable';
import RoleTable from './role/RoleTable';
import CustomerTable from './customer/CustomerTable';

/**
 * 栏目管理 and 区块管理 load with their drag-and-drop library (about 30 KB gzip) only when opened; a failed chunk
 * reaches the page's error boundary.
 */
function loadOnOpen(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Page = lazy(load);
  return function LoadOnOpen() {
    return (
      <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
        <Page />
      </Suspense>
    );
  };
}
const ChannelPage = loadOnOpen(() => import('./channel/ChannelPage'));
const BlockPage = loadOnOpen(() => import('./block/BlockPage'));

/**
 * Component strings of the menu (RuoYi `component` of GET /getRouters, and the static routes' keys) -> pages.
 * A component the server names but this deployed build does not know (a menu row for a page of a newer shell release)
 * renders MissingComponent: it names the menu entry and tells staff the shell needs updating, instead of crashing.
 */
export const PAGES: Record<string, ComponentType> = {
  'static/index': Dashboard,
  'static/account-center': AccountCenter,
  'static/account-settings': AccountSettings,
  'content/message-board/index': MessageBoard,
  'content/visits/index': Visits,
  'system/monitor/index': SiteMonitor,
  'content/article/index': ArticlePage,
  'content/article-recycle/index': RecyclePage,
  'system/audit/index': AuditLog,
  'system/logininfor/index': LoginLog,
  'system/notice/index': NoticeTable,
  'system/dict/index': DictPage,
  'content/channel/index': ChannelPage,
  'content/block/index': BlockPage,
  'system/user/index': UserTable,
  'system/role/index': RoleTable,
  'system/customer/index': CustomerTable,
};

export function pageFor(component: string | undefined): ComponentType | null {
  return (component && PAGES[component]) || null;
}

/**
 * Whether an address is one of this shell's server-menu pages, whoever may open it: the menu places a page
 * `<module>/<name>/index` at `/admin/<module>/<name>` (seed/content.ts of the API server), so a page the user's
 * menu leaves out is told apart from an address that is no page at all.
 */
export function isShellPage(pathname: string): boolean {
  const m = /^\/admin\/([a-z-]+\/[a-z-]+)\/?$/.exec(pathname);
  return !!m && `${m[1]}/index` in PAGES;
}
