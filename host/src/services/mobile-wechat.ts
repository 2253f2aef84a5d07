import { COOKIE_KEYS } from '@site/contract';
import { safeCookies } from '@site/app-runtime';
import { detectMobileWeChat } from '@site/ui';

/** The isMobileWeChat cookie value for a browser (WX-1, WX-2). */
export function mobileWeChatCookieValue(userAgent: string, platform: string): 'true' | 'false' {
  return detectMobileWeChat(userAgent, platform) ? 'true' : 'false';
}

/** At start: store the messaging-app flag in its cookie. */
export function recordMobileWeChat(nav: Pick<Navigator, 'userAgent' | 'platform'> = navigator): void {
  safeCookies.set(COOKIE_KEYS.isMobileWeChat, mobileWeChatCookieValue(nav.userAgent, nav.platform), { path: '/', sameSite: 'Lax' });
}
