import type { CSSProperties, ReactNode } from 'react';
import { Layout } from '@site/antd-kit';

/**
 * The top bar of the staff frame (BasicLayout) and the customer's (CustomerLayout): a bordered row over the page,
 * kept in view unless `sticky` is off (the staff's 固定头部 setting); its content keeps the frame's width (`inner`).
 */
export function HeaderBar({ className, sticky, inner, children }: { className: string; sticky: boolean; inner: CSSProperties; children: ReactNode }) {
  return (
    <Layout.Header
      className={className}
      style={{
        position: sticky ? 'sticky' : 'relative',
        top: 0,
        zIndex: 10,
        display: 'flex',
        alignItems: 'center',
        padding: '0 12px',
        borderBottom: '1px solid var(--ant-color-split)',
      }}
    >
      <div style={{ ...inner, display: 'flex', alignItems: 'center', minWidth: 0 }}>{children}</div>
    </Layout.Header>
  );
}
