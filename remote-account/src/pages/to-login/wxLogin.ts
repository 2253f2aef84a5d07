import { WX_AUTHORIZATION_URL } from '@site/api-client';
import { WX_REDIRECT_DELAY_MS } from '@site/contract';
import { isSafeInSitePath, rememberReUrl } from '@site/ui';

export interface ReturnSources {
  /** `?redirect=` of the /toLogin url. */
  redirect: string | null;
  /** The router state's `from` (a page that navigated here inside the app). */
  stateFrom: unknown;
  /** document.referrer: the previous page after a full page load. */
  referrer: string;
  /** window.location.href. */
  href: string;
  origin: string;
}

/** Account pages are never the page a user meant to come back to (returning to /toLogin would loop). */
function isAccountPage(url: string, origin: string): boolean {
  try {
    const { pathname } = new URL(url, origin);
    return pathname.startsWith('/user/') || pathname === '/toLogin';
  } catch {
    return true;
  }
}

/**
 * "The current url" of the spec, for a sign-in that starts on its own route: the page the user came from.
 * Explicit sources first (`redirect`, router state), then a same-origin referrer, then the current address.
 */
export function currentUrlForReUrl(s: ReturnSources): string | null {
  const candidates: string[] = [];
  if (isSafeInSitePath(s.redirect)) candidates.push(s.redirect);
  if (isSafeInSitePath(s.stateFrom)) candidates.push(s.stateFrom);
  try {
    if (s.referrer && new URL(s.referrer).origin === s.origin) candidates.push(s.referrer);
  } catch {
    /* no usable referrer */
  }
  candidates.push(s.href);
  return candidates.find((u) => !isAccountPage(u, s.origin)) ?? null;
}

/** Navigation seam (jsdom cannot navigate). */
export const browser = {
  go(url: string): void {
    window.location.href = url;
  },
};

/**
 * WX-3 / WX-4: remember the page (unless it is /wxauth or /index), then after 200 ms send the browser to the
 * authorisation address. Returns a cancel function.
 */
export function startWxLogin(currentUrl: string | null): () => void {
  rememberReUrl(currentUrl);
  const timer = setTimeout(() => browser.go(WX_AUTHORIZATION_URL), WX_REDIRECT_DELAY_MS);
  return () => clearTimeout(timer);
}
