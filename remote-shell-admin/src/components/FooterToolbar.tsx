import type { ReactNode } from 'react';
import { useAuth } from '@site/app-runtime';
import { FOOTER_TOOLBAR_OFFSET } from '@site/contract';
import { isCustomer } from '../data/roles';
import { useSettings, type Settings } from '../store/settings';

/**
 * SHELL-11: the toolbar's left edge is offset 80 px when the sider is collapsed and 256 px by default, in the side-menu
 * and the top-menu layouts alike (the spec's figures; the default layout is the top menu). On a phone it spans the
 * screen (a deviation, contract README): the menu is a drawer there, and 256 px would leave a 390 px screen 134 px.
 * So does it in a customer's frame, which has no sider and no layout settings.
 */
function footerToolbarOffset(s: Pick<Settings, 'isMobile' | 'sideCollapsed'>): number {
  if (s.isMobile) return 0;
  return s.sideCollapsed ? FOOTER_TOOLBAR_OFFSET.collapsed : FOOTER_TOOLBAR_OFFSET.default;
}

/** The form's actions, fixed to the bottom of the window beside the sider; admin.css keeps room for it under the page. */
export function FooterToolbar({ children }: { children: ReactNode }) {
  const settings = useSettings();
  const { user, roles } = useAuth();
  const offset = user && isCustomer(roles) ? 0 : footerToolbarOffset(settings);
  return (
    <div
      className="admin-footer-toolbar"
      style={{
        position: 'fixed',
        right: 0,
        bottom: 0,
        zIndex: 9,
        boxSizing: 'border-box',
        width: offset ? `calc(100% - ${offset}px)` : '100%',
        padding: '10px 24px',
        background: 'var(--ant-color-bg-container, #fff)',
        borderTop: '1px solid var(--ant-color-split, #f0f0f0)',
        textAlign: 'right',
      }}
      data-offset={offset}
    >
      {children}
    </div>
  );
}
