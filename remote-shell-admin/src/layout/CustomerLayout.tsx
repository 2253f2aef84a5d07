import { useMemo } from 'react';
import { Layout, Space } from '@site/antd-kit';
import { useLocation } from 'react-router-dom';
import { COMPANY_NAME } from '@site/contract';
import { usePageTitle } from '@site/ui';
import { findRoute, settingsMenuFlag, visibleMenu, type MenuEntry } from '../menu/routes';
import { ContentArea } from './ContentArea';
import { HeaderBar } from './HeaderBar';
import { Logo } from './Logo';
import { NavMenu } from './NavMenu';
import { NoticeBell } from './NoticeBell';
import { PageHeader } from './PageHeader';
import { SupportLink } from '../components/SupportLink';
import { UserMenu } from './UserMenu';

const { Content, Footer } = Layout;
/** The customer's pages are few and text-heavy: a reading width, not the staff's full-width tables. */
export const CUSTOMER_CONTENT_WIDTH = 1100;
const NOT_FOUND_TITLE = '页面不存在';

/**
 * The frame a signed-in customer sees: logo, their few pages (工作台, 个人中心), 帮助与支持, the notice
 * bell and the user menu. The staff tools — tab bar, 页面设置 drawer, full screen and language buttons, the sider —
 * are left out: they are for people who keep many admin pages open, and a customer has none.
 */
export function CustomerLayout({ menu, menuReady }: { menu: MenuEntry[]; menuReady: boolean }) {
  const location = useLocation();
  const shown = useMemo(() => visibleMenu(menu), [menu]);
  const match = useMemo(() => findRoute(menu, location.pathname), [menu, location.pathname]);
  usePageTitle(match?.entry.title ?? (menuReady ? NOT_FOUND_TITLE : null));
  const showSettingsEntry = useMemo(() => settingsMenuFlag(menu), [menu]);
  const inner = { maxWidth: CUSTOMER_CONTENT_WIDTH, margin: '0 auto', width: '100%' };

  return (
    <Layout className="admin-layout customer-layout" data-menu-ready={menuReady ? 'true' : 'false'} style={{ minHeight: '100vh' }}>
      <HeaderBar className="admin-header customer-header" sticky inner={inner}>
        <Logo />
        <div style={{ flex: 1, minWidth: 0 }}>
          <NavMenu entries={shown} mode="horizontal" theme="light" selectedKey={match?.entry.path} />
        </div>
        <Space size={0} className="admin-header-right" style={{ flexShrink: 0 }}>
          <SupportLink />
          <NoticeBell />
          <UserMenu showSettings={showSettingsEntry} />
        </Space>
      </HeaderBar>
      <Content className="admin-content" style={{ padding: '0 16px 16px' }}>
        <div className="admin-content-inner" style={inner}>
          <PageHeader match={match} fallbackTitle={menuReady ? NOT_FOUND_TITLE : '加载中'} />
          <ContentArea menu={menu} menuReady={menuReady} />
        </div>
      </Content>
      <Footer className="admin-footer" style={{ textAlign: 'center' }}>
        Copyright © {new Date().getFullYear()} {COMPANY_NAME}
      </Footer>
    </Layout>
  );
}
