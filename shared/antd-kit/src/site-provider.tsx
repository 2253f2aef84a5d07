import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';

/**
 * - antd's secondary greys (45 % black, 3.4:1 on white) fail WCAG AA for the small text they colour here
 *   (breadcrumb links, character counts, descriptions): 62 % black is 5.9:1.
 * - No antd motion (`motion: false`, inherited by the admin shell's provider inside this one). antd starts an
 *   entrance in steps: the dialog, dropdown or popover is first drawn for a few frames at its final place and size,
 *   then jumps to its starting scale (0.2 for a dialog) and grows back. A click in those first frames (a quick
 *   visitor, a slow phone) lands on a target that has moved away by the time the button is released, and is lost:
 *   e2e runs lost radio, select-option, checkbox and Popconfirm clicks exactly so. Without motion a popup
 *   appears once, where it stays; a closed notice leaves at once instead of when its leave animation reports its end.
 */
const SITE_THEME = {
  token: { colorPrimary: '#1d4ed8', colorTextDescription: 'rgba(0, 0, 0, 0.62)', colorTextTertiary: 'rgba(0, 0, 0, 0.62)', motion: false },
};

/**
 * antd's Chinese locale and the site's theme. The host puts it around every page that uses antd; a part that loads
 * antd on its own later (the contact page's form) and antd's static notices put it around themselves. Defined here,
 * in the kit, so each of them gets the theme of the kit copy its antd comes from.
 */
export function SiteConfigProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={SITE_THEME}>
      {children}
    </ConfigProvider>
  );
}
