import { safeCookies } from '../storage/safe-storage';
import { COOKIE_KEYS, TOKEN_COOKIE_LIFETIME_MS } from '@site/contract';

function secure(): boolean {
  return typeof location !== 'undefined' && location.protocol === 'https:';
}

export function getToken(): string | undefined {
  return safeCookies.get(COOKIE_KEYS.accessToken);
}

/** Token cookie lives 7 days (604800000 ms); where cookies are denied it lives in memory for the page's life. */
export function setToken(token: string): void {
  safeCookies.set(COOKIE_KEYS.accessToken, token, {
    expires: new Date(Date.now() + TOKEN_COOKIE_LIFETIME_MS),
    path: '/',
    sameSite: 'Lax',
    secure: secure(),
  });
}

export function removeToken(): void {
  safeCookies.remove(COOKIE_KEYS.accessToken, { path: '/' });
}

export function removeOpenid(): void {
  safeCookies.remove(COOKIE_KEYS.openid, { path: '/' });
}
