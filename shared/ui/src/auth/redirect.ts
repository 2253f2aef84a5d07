/**
 * Where a user goes after signing in, and the messaging-app sign-in's remembered page (the `reUrl`
 * cookie, WX-3). Every target passes through the in-site checks so nobody can bounce a user to
 * another site through a crafted `?redirect=` or cookie.
 */
import { safeCookies } from '@site/app-runtime';
import { COOKIE_KEYS } from '@site/contract';
import { isSafeInSitePath, toInSitePath } from '../utils/url';

/** Landing page after a sign-in with nothing remembered. */
export const AFTER_LOGIN_PATH = '/index';
export const LOGIN_PATH = '/user/login';

/** Pages the messaging-app sign-in never remembers (WX-3): returning there would loop or is the default anyway. */
export const REURL_EXCLUDED = ['/wxauth', '/index'] as const;

/** WX-3's rule, pure: a url is remembered unless it contains /wxauth or /index. */
export function shouldRememberReUrl(url: string | null | undefined): url is string {
  return !!url && !REURL_EXCLUDED.some((part) => url.includes(part));
}

/**
 * Remember `url` in the `reUrl` cookie when WX-3 allows it; otherwise drop any older value so a stale page
 * from an earlier attempt is not used. Returns whether it was stored.
 */
export function rememberReUrl(url: string | null | undefined): boolean {
  if (!shouldRememberReUrl(url)) {
    safeCookies.remove(COOKIE_KEYS.reUrl, { path: '/' });
    return false;
  }
  safeCookies.set(COOKIE_KEYS.reUrl, url, { path: '/', sameSite: 'Lax' });
  return true;
}

/** The page to return to after the messaging-app sign-in: the remembered url if it is in this site, else /index. */
export function reUrlTarget(reUrl: string | null | undefined, origin: string): string {
  return toInSitePath(reUrl, origin) ?? AFTER_LOGIN_PATH;
}

/** Read and clear the `reUrl` cookie, giving the in-site page to return to. */
export function takeReUrl(origin: string): string {
  const target = reUrlTarget(safeCookies.get(COOKIE_KEYS.reUrl), origin);
  safeCookies.remove(COOKIE_KEYS.reUrl, { path: '/' });
  return target;
}

/** After a login form: the `?redirect=` page when it is a safe in-site path, else /index. */
export function afterLoginTarget(redirect: string | null | undefined): string {
  return isSafeInSitePath(redirect) ? redirect : AFTER_LOGIN_PATH;
}

/** The login page that brings the visitor back to `path` afterwards (used by the admin route guard). */
export function loginPathFor(path: string | null | undefined): string {
  return isSafeInSitePath(path) ? `${LOGIN_PATH}?redirect=${encodeURIComponent(path)}` : LOGIN_PATH;
}
