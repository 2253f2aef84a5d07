// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the apps compile this source, and its stylesheet imports need the *.css declaration
/// <reference path="./assets.d.ts" />
/** @site/ui: UI parts, hooks and helpers bundled into each app that uses them (never shared by federation). */
export { truncateText } from './utils/text';
export { formatNumber, formatDate } from './utils/format';
export { isExternal, isSafeInSitePath, toInSitePath } from './utils/url';
export { detectMobileWeChat } from './utils/wechat';
export { SafeHtml, useSafeHtmlShown } from './components/SafeHtml';
export { formatPageTitle, setCompanyTitle, setPageTitle, pageTitleOverride, usePageTitle } from './utils/page-title';
export { rememberReUrl, takeReUrl, afterLoginTarget, loginPathFor } from './auth/redirect';
export { EmptyState } from './components/EmptyState';
export { TextPlaceholder } from './components/TextPlaceholder';
export { PageLinks, type PageLinksProps } from './components/PageLinks';
export { ResultMessage } from './components/Result';
export { useData, type DataState } from './data/useData';
export * from './data/queries';
export { ClientOnly, useIsClient } from './render/ClientOnly';
export { useAdoptedNativeState } from './render/useAdoptedNativeState';
export { useCountdown } from './hooks/useCountdown';
