import type { ReactNode } from 'react';
import { Card } from '@site/antd-kit';

/** A titled block of a page. Pages use h2: the layout's page header holds the one h1. */
export function PageSection({ title, extra, children }: { title: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{title}</h2>} extra={extra} style={{ marginBottom: 16 }}>
      {children}
    </Card>
  );
}
