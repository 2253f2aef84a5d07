// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the apps compile this source, and its stylesheet imports need the *.css declaration
/// <reference path="./assets.d.ts" />
/**
 * @site/shared: shared at run time as ONE federation singleton (bus, HTTP client, auth store),
 * plus the pure code every app needs (API types and calls, constants, helpers).
 */
export * from './constants';
export * from './bus';
export * from './http/messages';
export { notify } from './http/notify';
export { http, request, createHttp, setFixedBearer, relogin, ApiError, resetNetworkErrorCounts, type RequestConfig, type RequestFlags } from './http/client';
export { download } from './http/download';
export * from './auth/token';
export { safeLocalStorage, safeSessionStorage, safeCookies, resetSafeStorageForTests, type SafeStorage, type CookieAttributes } from './storage/safe-storage';
export * from './auth/permission';
export * from './auth/store';
export * from './auth/session';
export { Auth, Action, usePermission } from './auth/Auth';
export * from './utils/text';
export * from './utils/format';
export * from './utils/url';
export * from './utils/wechat';
export * from './upload';
export * from './api/content';
export * from './api/account';
export * from './api/system';
export type * from './types/api';
export { default as DOMPurify } from 'dompurify';
export { sanitizeHtml } from './utils/sanitize';
/** Version of this package, checked by the host against each remote's build. */
export const SHARED_VERSION: string = process.env.SITE_SHARED_VERSION ?? '0.0.0';
export { SafeHtml } from './components/SafeHtml';
export * from './utils/page-title';
export * from './auth/redirect';
export { EmptyState } from './ui/EmptyState';
export { TextPlaceholder } from './ui/TextPlaceholder';
export { PageLinks, pageWindow, type PageLinksProps } from './ui/PageLinks';
export { ResultMessage } from './ui/Result';
export { useAsync, type AsyncState } from './hooks/useAsync';
export { useCountdown, SMS_RESEND_SECONDS } from './hooks/useCountdown';
export { usePageParam, parsePage } from './ui/usePageParam';
