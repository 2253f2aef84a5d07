/**
 * @site/runtime: what must exist ONCE per page, shared by federation as a singleton (event bus, configured HTTP
 * client, auth store and session, guarded storage). Small and stable: every export is something a remote may rely on
 * only once the deployed host provides it.
 */
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
/** Version of this package in the build that provides it (the host's, once federation shared it). */
export const RUNTIME_VERSION: string = process.env.SITE_RUNTIME_VERSION ?? '0.0.0';
