import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';

const THEME = { token: { colorPrimary: '#1d4ed8' } };

/**
 * antd's Chinese locale and the site's theme for every antd subtree (remote pages, search, drawer, 404).
 * In its own chunk: the shell (header, footer) paints without antd.
 */
export default function AntdProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={THEME}>
      {children}
    </ConfigProvider>
  );
}
