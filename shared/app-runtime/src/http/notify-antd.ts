/**
 * The antd parts notices need, in a module of their own that notify.ts loads on first use. Named imports
 * through @site/antd-kit (the one shared copy of antd; never antd itself).
 */
import { createElement, type ReactNode } from 'react';
import { ConfigProvider, SiteConfigProvider } from '@site/antd-kit';

// Static notices, messages and confirms render in antd's own root, outside any provider of a page: they get the
// site's locale and theme here, above all its "no motion" (the reason is in @site/antd-kit's site-provider.tsx).
ConfigProvider.config({
  holderRender: (children: ReactNode) => createElement(SiteConfigProvider, null, children),
});

export { notification, message, Modal } from '@site/antd-kit';
