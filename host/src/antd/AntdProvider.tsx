import type { ReactNode } from 'react';
import { ConfigProvider, zhCN } from '@site/antd-kit';

/**
 * antd's secondary greys (45 % black, 3.4:1 on white) fail WCAG AA for the small text they colour here
 * (breadcrumb links, character counts, descriptions): 62 % black is 5.9:1.
 */
const THEME = { token: { colorPrimary: '#1d4ed8', colorTextDescription: 'rgba(0, 0, 0, 0.62)', colorTextTertiary: 'rgba(0, 0, 0, 0.62)' } };

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
