import type { ReactNode } from 'react';
import { Card, Typography } from '@site/antd-kit';
import { COMPANY_NAME } from '@site/contract';

export const USER_LAYOUT_GREETING = '你好！欢迎使用';

/** SHELL-14: the user layout (pages outside the shell, e.g. the standalone sign-in note) greets the user. */
export function UserLayout({ children }: { children: ReactNode }) {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f0f2f5', padding: 16 }}>
      <Card style={{ maxWidth: 420, width: '100%' }}>
        <Typography.Title level={1} style={{ fontSize: 22 }}>
          {USER_LAYOUT_GREETING}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{COMPANY_NAME}</Typography.Paragraph>
        {children}
      </Card>
    </div>
  );
}
