/**
 * The antd parts notices need, in a module of their own that notify.ts loads on first use. Named imports
 * through @site/antd-kit (the one shared copy of antd; never antd itself).
 */
import { createElement, type ReactNode } from 'react';
import { ConfigProvider, zhCN } from '@site/antd-kit';

// Static notices, messages and confirms render in antd's own root, outside the site's provider: they get its locale
// and its "no motion" here (the reason is in host/src/antd/AntdProvider.tsx). With motion, a closed notice stays on
// screen until its leave animation reports its end, and a confirm's buttons move during their first frames.
ConfigProvider.config({
  holderRender: (children: ReactNode) => createElement(ConfigProvider, { locale: zhCN, theme: { token: { motion: false } } }, children),
});

export { notification, message, Modal } from '@site/antd-kit';
