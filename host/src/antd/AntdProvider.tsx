import { SiteConfigProvider } from '@site/antd-kit';

/**
 * antd's Chinese locale and the site's theme (the kit's SiteConfigProvider, where the theme's reasons are) for every
 * antd subtree the host mounts (remote pages, search, drawer, 404). In its own chunk: the shell (header, footer) and
 * the pages that render without antd paint without it.
 */
export default SiteConfigProvider;
