import { textLength, truncateText } from './text';
import { formatDate, formatNumber } from './format';
import { isExternal, isSafeInSitePath, toInSitePath } from './url';
import { detectMobileWeChat } from './wechat';
import { sanitizeHtml } from './sanitize';
import { DATE_FORMAT } from '@site/contract';

describe('helpers', () => {
  test('[TEXT-1] non-basic characters count 2, basic 1', () => {
    expect(textLength('abc')).toBe(3);
    expect(textLength('电力')).toBe(4);
    expect(textLength('a电')).toBe(3);
    expect(textLength('')).toBe(0);
  });

  test('[TEXT-2] truncation by that measure', () => {
    expect(truncateText('电网风险预警平台', 6)).toBe('电网风…');
    expect(truncateText('abc', 6)).toBe('abc');
    expect(truncateText('a'.repeat(40), 32)).toBe('a'.repeat(32) + '…');
  });

  test('[TEXT-3] thousands grouped with commas', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber('1234.56')).toBe('1,234.56');
    expect(formatNumber(12)).toBe('12');
  });

  test('[TEXT-4] default date format YYYY-MM-DD HH:mm:ss', () => {
    expect(DATE_FORMAT).toBe('YYYY-MM-DD HH:mm:ss');
    expect(formatDate(new Date(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02 03:04:05');
  });

  test('[FOOT-9] external link check accepts only http or https', () => {
    expect(isExternal('https://example.com')).toBe(true);
    expect(isExternal('http://example.com')).toBe(true);
    expect(isExternal('javascript:alert(1)')).toBe(false);
    expect(isExternal('ftp://x')).toBe(false);
    expect(isExternal('/news')).toBe(false);
  });

  test('[MSG-1 deviation: only from allowed origins and for in-site paths, see contract README] in-site paths only', () => {
    expect(isSafeInSitePath('/newsDetail?id=3')).toBe(true);
    for (const bad of ['javascript:alert(1)', '//evil.example', '/\\evil.example', 'https://evil.example/x', '', 'news', '/\u0000x']) {
      expect(isSafeInSitePath(bad)).toBe(false);
    }
    expect(toInSitePath('http://localhost:8080/news?x=1', 'http://localhost:8080')).toBe('/news?x=1');
    expect(toInSitePath('https://evil.example/news', 'http://localhost:8080')).toBeNull();
  });

  test('[MSG-1 deviation: only from allowed origins and for in-site paths, see contract README][AUTH-3] redirect targets: scheme, host and whitespace tricks are refused', () => {
    const origin = 'http://localhost:8080';
    for (const bad of [
      ' javascript:alert(1)',
      '\tjavascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\tevil',
      ' /news',
      '/news\n',
      'https://evil.example/x',
      'http:evil.example',
    ]) {
      expect(isSafeInSitePath(bad)).toBe(false);
      expect(toInSitePath(bad, origin)).toBeNull();
    }
    // A same-origin absolute URL whose path is protocol-relative (or backslashed, which URL parsing turns into
    // "//") would leave the site once handed to the router.
    expect(toInSitePath(`${origin}//evil.example`, origin)).toBeNull();
    expect(toInSitePath(`${origin}/\\evil.example/x`, origin)).toBeNull();
    expect(toInSitePath(`${origin}/news?id=1#top`, origin)).toBe('/news?id=1#top');
  });

  test('[WX-1][WX-2] isMobileWeChat: app token and not Windows, Mac, Linux or iPad', () => {
    const wx = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) MicroMessenger/8.0.40';
    expect(detectMobileWeChat(wx, 'iPhone')).toBe(true);
    expect(detectMobileWeChat(wx, 'Win32')).toBe(false);
    expect(detectMobileWeChat(wx, 'MacIntel')).toBe(false);
    expect(detectMobileWeChat(wx, 'Linux x86_64')).toBe(false);
    expect(detectMobileWeChat(wx, 'iPad')).toBe(false);
    expect(detectMobileWeChat('Mozilla/5.0 (iPhone) Safari', 'iPhone')).toBe(false);
  });

  test('sanitises HTML (no script, no event handlers)', () => {
    const out = sanitizeHtml('<p>ok</p><script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">x</a>');
    expect(out).toContain('<p>ok</p>');
    expect(out).not.toMatch(/script|onerror|javascript:/);
  });
});
