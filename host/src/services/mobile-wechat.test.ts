import { mobileWeChatCookieValue, recordMobileWeChat } from './mobile-wechat';

const ANDROID_WECHAT =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.40';
const DESKTOP_WECHAT = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/81.0 Safari/537.36 MicroMessenger/7.0.20 WindowsWechat';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1';
const IPAD_WECHAT =
  'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40(0x18002831) NetType/WIFI';
const LINUX_DESKTOP_WECHAT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Safari/537.36 MicroMessenger/4.0.0';

describe('isMobileWeChat cookie [WX-1]', () => {
  it('[WX-2 deviation: Android is flagged, see contract README][ISSUE-19 spec details] true for the app on a phone: an iPhone, and Android whose platform is Linux armv8l / aarch64', () => {
    expect(mobileWeChatCookieValue(`${IPHONE_SAFARI} MicroMessenger/8.0.40`, 'iPhone')).toBe('true');
    expect(mobileWeChatCookieValue(ANDROID_WECHAT, 'Linux armv8l')).toBe('true');
    expect(mobileWeChatCookieValue(ANDROID_WECHAT, 'Linux aarch64')).toBe('true');
    expect(mobileWeChatCookieValue(ANDROID_WECHAT, 'Linux armv7l')).toBe('true');
  });
  it('[WX-2] false on desktop platforms, an iPad or without the token', () => {
    expect(mobileWeChatCookieValue(DESKTOP_WECHAT, 'Win32')).toBe('false');
    expect(mobileWeChatCookieValue(DESKTOP_WECHAT, 'MacIntel')).toBe('false');
    expect(mobileWeChatCookieValue(LINUX_DESKTOP_WECHAT, 'Linux x86_64')).toBe('false');
    expect(mobileWeChatCookieValue(IPAD_WECHAT, 'iPad')).toBe('false');
    expect(mobileWeChatCookieValue(ANDROID_WECHAT, 'iPad')).toBe('false');
    expect(mobileWeChatCookieValue(IPHONE_SAFARI, 'iPhone')).toBe('false');
    expect(mobileWeChatCookieValue('Mozilla/5.0 (Linux; Android 13; Pixel 7) Chrome/116.0 Mobile Safari/537.36', 'Linux armv8l')).toBe('false');
  });
  it('writes the cookie for two user agents', () => {
    recordMobileWeChat({ userAgent: `${IPHONE_SAFARI} MicroMessenger/8.0.40`, platform: 'iPhone' });
    expect(document.cookie).toContain('isMobileWeChat=true');
    recordMobileWeChat({ userAgent: DESKTOP_WECHAT, platform: 'Win32' });
    expect(document.cookie).toContain('isMobileWeChat=false');
  });
});
