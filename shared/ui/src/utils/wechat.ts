/** The messaging app's user-agent token. */
export const WECHAT_UA_TOKEN = 'MicroMessenger';

const DESKTOP_PLATFORMS = /Win|Mac|Linux|iPad/i;
/** Android phones report a Linux platform (`Linux armv8l`, `Linux aarch64`): their user agent names Android. */
const ANDROID = /Android/i;

/**
 * isMobileWeChat (SPEC section 4, WX-2): true only when the user agent carries the app token and the platform is not
 * a desktop one (Windows, Mac, Linux) or an iPad. The flag is for phones: an Android phone reports `Linux armv8l`
 * and its user agent says Android, so its Linux is a phone's, not a desktop's.
 */
export function detectMobileWeChat(userAgent: string, platform: string): boolean {
  if (!userAgent.includes(WECHAT_UA_TOKEN)) return false;
  if (/iPad/i.test(platform)) return false;
  if (ANDROID.test(userAgent) && /Linux|Android/i.test(platform)) return true;
  return !DESKTOP_PLATFORMS.test(platform);
}
