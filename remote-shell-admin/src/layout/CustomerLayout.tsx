import { Layout, Space } from '@site/antd-kit';
import type { MenuEntry } from '../menu/routes';
import { FrameContent, FrameFooter, useFrameRoute } from './Frame';
import { HeaderBar } from './HeaderBar';
import { Logo } from './Logo';
import { NavMenu } from './NavMenu';
import { NoticeBell } from './NoticeBell';
import { SupportLink } from '../components/SupportLink';
import { UserMenu } from './UserMenu';

/** The customer's pages are few and text-heavy: a reading width, not the staff's full-width tables. */
export const CUSTOMER_CONTENT_WIDTH = 1100;

/**
 * The frame a signed-in customer sees: logo, their few pages (工作台, 个人中心), 帮助与支持, the notice
 * bell and the user menu. The staff tools — tab bar, 页面设置 drawer, full screen and language buttons, the sider —
 * are left out: they are for people who keep many admin pages open, and a customer has none.
 */
export function CustomerLayout({ menu, menuReady }: { menu: MenuEntry[]; menuReady: boolean }) {
  const { shown, match, showSettingsEntry } = useFrameRoute(menu, menuReady);
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
      <FrameContent match={match} menu={menu} menuReady={menuReady} inner={inner} />
      <FrameFooter />
    </Layout>
  );
}
