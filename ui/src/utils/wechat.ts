/** The messaging app's user-agent token. */
export const WECHAT_UA_TOKEN = 'MicroMessenger';

const DESKTOP_PLATFORMS = /Win|Mac|Linux|iPad/i;

/**
 * isMobileWeChat (SPEC section 4): true only when the user agent carries the app token and
 * `navigator.platform` is not Windows, Mac, Linux or iPad. Taken literally, as the spec states it.
 */
export function detectMobileWeChat(userAgent: string, platform: string): boolean {
  return userAgent.includes(WECHAT_UA_TOKEN) && !DESKTOP_PLATFORMS.test(platform);
}
