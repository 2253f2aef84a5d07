import { useMemo, type CSSProperties } from 'react';
import { Layout } from '@site/antd-kit';
import { useLocation } from 'react-router-dom';
import { COMPANY_NAME } from '@site/contract';
import { usePageTitle } from '@site/ui';
import { findRoute, settingsMenuFlag, visibleMenu, type MenuEntry, type RouteMatch } from '../menu/routes';
import { ContentArea } from './ContentArea';
import { PageHeader } from './PageHeader';

/*
 * What the staff frame (BasicLayout) and the customer's (CustomerLayout) draw alike: the menu entry of the address,
 * the page itself under its header, and the copyright footer.
 */

const NOT_FOUND_TITLE = '页面不存在';

/** The menu as shown, the entry of the current address (titling the document), and whether 个人设置 is offered. */
export function useFrameRoute(menu: MenuEntry[], menuReady: boolean) {
  const location = useLocation();
  const shown = useMemo(() => visibleMenu(menu), [menu]);
  const match = useMemo(() => findRoute(menu, location.pathname), [menu, location.pathname]);
  // TITLE-1: an admin page is titled by its menu title (留言板 - company), not by the shell's route.
  usePageTitle(match?.entry.title ?? (menuReady ? NOT_FOUND_TITLE : null));
  const showSettingsEntry = useMemo(() => settingsMenuFlag(menu), [menu]);
  return { location, shown, match, showSettingsEntry };
}

/** The page: its header (breadcrumbs and the one h1) and the view of the address, in the frame's width (`inner`). */
export function FrameContent({
  match,
  menu,
  menuReady,
  inner,
}: {
  match: RouteMatch | null;
  menu: MenuEntry[];
  menuReady: boolean;
  inner: CSSProperties;
}) {
  return (
    <Layout.Content className="admin-content" style={{ padding: '0 16px 16px' }}>
      <div className="admin-content-inner" style={inner}>
        <PageHeader match={match} fallbackTitle={menuReady ? NOT_FOUND_TITLE : '加载中'} />
        <ContentArea menu={menu} menuReady={menuReady} />
      </div>
    </Layout.Content>
  );
}

export function FrameFooter() {
  return (
    <Layout.Footer className="admin-footer" style={{ textAlign: 'center' }}>
      Copyright © {new Date().getFullYear()} {COMPANY_NAME}
    </Layout.Footer>
  );
}
