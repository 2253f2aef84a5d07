/**
 * @site/app-runtime: what must exist ONCE per page, shared by federation as a singleton (event bus, configured HTTP
 * client, auth store and session, guarded storage). Small and stable: a remote may use an export only once the
 * deployed host provides it, so every name here is a promise to every remote (README.md).
 */
export { bus, type Bus, type BusEvents } from './bus';
export { UPLOAD_TOO_LARGE_TEXT, UPLOAD_FAILED_TEXT, CHUNK_LOAD_FAILED, CSS_CHUNK_LOAD_FAILED, FULLSCREEN_UNSUPPORTED_TEXT } from './http/messages';
export { notify } from './http/notify';
export { http, httpClient, request, ApiError, type RequestConfig, type RequestFlags } from './http/client';
export { download } from './http/download';
export { getToken, setToken } from './auth/token';
export {
  safeLocalStorage,
  safeSessionStorage,
  safeCookies,
  resetSafeStorageForTests,
  type SafeStorage,
  type CookieAttributes,
} from './storage/safe-storage';
export { checkPermi, checkRole, type PermissionActions } from './auth/permission';
export { authStore, hasPermi, hasRole, useAuth, type AuthUser, type AuthState, type DictEntry } from './auth/store';
export { completeLogin, loadUserInfo, confirmLogout, performLogout } from './auth/session';
export { Auth, Action, usePermission } from './auth/Auth';
/** Version of this package in the build that provides it (the host's, once federation shared it). */
export const RUNTIME_VERSION: string = process.env.SITE_RUNTIME_VERSION ?? '0.0.0';
