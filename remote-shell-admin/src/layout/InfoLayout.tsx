import type { ReactNode } from 'react';
import { Layout, Menu, FileTextOutlined } from '@site/antd-kit';

/**
 * SHELL-13: the scaffold's unused layout: a sider with one menu item 信息管理. Kept (and tested) because the spec
 * names it; no route mounts it.
 */
export function InfoLayout({ children }: { children?: ReactNode }) {
  return (
    <Layout style={{ minHeight: '100%' }}>
      <Layout.Sider theme="light" width={200}>
        <Menu mode="inline" items={[{ key: 'info', icon: <FileTextOutlined />, label: '信息管理' }]} selectedKeys={['info']} />
      </Layout.Sider>
      <Layout.Content style={{ padding: 16 }}>{children}</Layout.Content>
    </Layout>
  );
}
