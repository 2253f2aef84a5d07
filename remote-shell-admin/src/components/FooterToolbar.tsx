import type { ReactNode } from 'react';
import { FOOTER_TOOLBAR_OFFSET } from '@site/contract';
import { useSettings, type Settings } from '../store/settings';

/** SHELL-11: the bottom toolbar leaves room for the sider: 80 px when collapsed, 256 px otherwise (none in topmenu). */
export function footerToolbarOffset(s: Pick<Settings, 'layout' | 'isMobile' | 'sideCollapsed'>): number {
  if (s.layout !== 'sidemenu' || s.isMobile) return 0;
  return s.sideCollapsed ? FOOTER_TOOLBAR_OFFSET.collapsed : FOOTER_TOOLBAR_OFFSET.default;
}

export function FooterToolbar({ children }: { children: ReactNode }) {
  const settings = useSettings();
  const offset = footerToolbarOffset(settings);
  return (
    <div
      className="admin-footer-toolbar"
      style={{
        position: 'sticky',
        bottom: 0,
        zIndex: 9,
        marginLeft: 0,
        width: '100%',
        maxWidth: offset ? `calc(100vw - ${offset}px)` : undefined,
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
