import { useEffect, useState } from 'react';
import { Button, Drawer, Layout, Space, Tooltip, MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined, SettingOutlined } from '@site/antd-kit';
import { SIDE_MENU_BREAKPOINT, SIDER_COLLAPSED_WIDTH, SIDER_WIDTH } from '@site/contract';
import { openKeysFor, type MenuEntry } from '../menu/routes';
import { settingsStore, useSettings } from '../store/settings';
import { activateTab, tabsStore } from '../store/tabs';
import { viewKey } from './ContentArea';
import { FrameContent, FrameFooter, useFrameRoute } from './Frame';
import { FullScreenToggle } from './FullScreenToggle';
import { HeaderBar } from './HeaderBar';
import { LangSelect } from './LangSelect';
import { Logo } from './Logo';
import { MultiTab } from './MultiTab';
import { NavMenu } from './NavMenu';
import { NoticeBell } from './NoticeBell';
import { SettingsDrawer } from './SettingsDrawer';
import { SupportLink } from '../components/SupportLink';
import { UserMenu } from './UserMenu';
import { useIsMobile } from './use-is-mobile';

const { Sider } = Layout;

/** Width of the content in the fixed (定宽) mode. */
export const FIXED_CONTENT_WIDTH = 1200;

/** SHELL-1, SHELL-2, SHELL-9..12: the admin layout around every staff page. */
export function BasicLayout({ menu, menuReady }: { menu: MenuEntry[]; menuReady: boolean }) {
  const s = useSettings();
  const { location, shown, match, showSettingsEntry } = useFrameRoute(menu, menuReady);
  const isMobile = useIsMobile();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);

  useEffect(() => {
    if (s.isMobile !== isMobile) settingsStore.set({ isMobile });
  }, [isMobile, s.isMobile]);

  // A tab per visited page (TAB-5: keep-alive routes join the cached views when activated).
  useEffect(() => {
    if (!match) return; // an unknown path leaves for /404 (ROUTE-20): no tab for it
    const key = viewKey(location.pathname, location.search);
    tabsStore.set(activateTab(tabsStore.get(), { key, title: match.entry.title, keepAlive: !!match.entry.keepAlive }));
  }, [match, location.pathname, location.search]);

  const side = s.layout === 'sidemenu' && !isMobile;
  const top = s.layout === 'topmenu' && !isMobile;
  const fixedWidth = s.layout === 'topmenu' && s.contentWidth === 'Fixed';
  const dark = s.theme === 'dark';
  const innerStyle = fixedWidth ? { maxWidth: FIXED_CONTENT_WIDTH, margin: '0 auto', width: '100%' } : { width: '100%' };

  return (
    <Layout
      className={`admin-layout admin-theme-${s.theme} admin-${s.layout}${s.weak ? ' admin-weak' : ''}${isMobile ? ' admin-mobile' : ''}`}
      data-theme={s.theme}
      data-layout={s.layout}
      data-content-width={s.contentWidth}
      data-menu-ready={menuReady ? 'true' : 'false'}
      style={{ minHeight: '100vh', filter: s.weak ? 'invert(80%)' : undefined }}
    >
      {side && (
        <Sider
          width={SIDER_WIDTH}
          collapsedWidth={SIDER_COLLAPSED_WIDTH}
          breakpoint={SIDE_MENU_BREAKPOINT}
          collapsible
          collapsed={s.sideCollapsed}
          onCollapse={(c) => settingsStore.set({ sideCollapsed: c })}
          trigger={null}
          theme={s.theme}
          className="admin-sider"
          style={s.fixedSidebar ? { position: 'sticky', top: 0, height: '100vh', overflow: 'auto', zIndex: 11 } : undefined}
        >
          <Logo collapsed={s.sideCollapsed} dark={dark} />
          <NavMenu entries={shown} mode="inline" theme={s.theme} selectedKey={match?.entry.path} openKeys={openKeysFor(match)} />
        </Sider>
      )}
      <Layout>
        <HeaderBar className="admin-header" sticky={s.fixedHeader} inner={innerStyle}>
          {isMobile && <Button type="text" aria-label="打开菜单" icon={<MenuOutlined />} onClick={() => setDrawerOpen(true)} />}
          {(top || isMobile) && <Logo dark={dark} />}
          {side && (
            <Button
              type="text"
              aria-label={s.sideCollapsed ? '展开菜单' : '收起菜单'}
              icon={s.sideCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => settingsStore.set({ sideCollapsed: !s.sideCollapsed })}
            />
          )}
          {top ? <NavMenu entries={shown} mode="horizontal" theme={s.theme} selectedKey={match?.entry.path} /> : <div style={{ flex: 1 }} />}
          <Space size={0} className="admin-header-right" style={{ marginLeft: 'auto', flexShrink: 0 }}>
            <SupportLink />
            <NoticeBell />
            <FullScreenToggle />
            <LangSelect />
            <Tooltip title="页面设置">
              <Button type="text" aria-label="页面设置" icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)} />
            </Tooltip>
            <UserMenu showSettings={showSettingsEntry} />
          </Space>
        </HeaderBar>
        {s.multiTab && <MultiTab />}
        <FrameContent match={match} menu={menu} menuReady={menuReady} inner={innerStyle} />
        {!s.hideFooter && <FrameFooter />}
      </Layout>
      {isMobile && (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={SIDER_WIDTH + 56}
          title="菜单"
          className="admin-menu-drawer"
        >
          <NavMenu
            entries={shown}
            mode="inline"
            theme="light"
            selectedKey={match?.entry.path}
            openKeys={openKeysFor(match)}
            onNavigate={() => setDrawerOpen(false)}
          />
        </Drawer>
      )}
      <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </Layout>
  );
}
