import { footerLinkKind } from './footer-link';

describe('footerLinkKind [FOOT-6][FOOT-7][FOOT-9]', () => {
  it('targetBlank opens in a new tab (in-site or external)', () => {
    expect(footerLinkKind({ url: '/about', targetBlank: true })).toBe('newTab');
    expect(footerLinkKind({ url: 'https://example.com/a', targetBlank: true })).toBe('newTab');
  });
  it('a url containing initData is a full page load', () => {
    expect(footerLinkKind({ url: '/product?initData=1', targetBlank: false })).toBe('fullLoad');
    expect(footerLinkKind({ url: 'https://example.com/?initData=x' })).toBe('fullLoad');
  });
  it('targetBlank wins over initData', () => {
    expect(footerLinkKind({ url: '/x?initData=1', targetBlank: true })).toBe('newTab');
  });
  it('[FOOT-8] any other in-site path is an in-app route', () => {
    expect(footerLinkKind({ url: '/news', targetBlank: false })).toBe('route');
    expect(footerLinkKind({ url: '/newsDetail?id=3' })).toBe('route');
  });
  it('[FOOT-8 deviation: an external, tel: or mailto: url is an ordinary link, an unsafe one no link, see contract README] an external http(s) url without targetBlank is an ordinary link', () => {
    expect(footerLinkKind({ url: 'http://example.com' })).toBe('fullLoad');
  });
  it('[FOOT-8 deviation: an external, tel: or mailto: url is an ordinary link, an unsafe one no link, see contract README][ISSUE-19.contact] tel: and mailto: of the contact block are tap-to-call / email links', () => {
    expect(footerLinkKind({ url: 'tel:4008206688' })).toBe('contact');
    expect(footerLinkKind({ url: 'tel:+86-10-62986688' })).toBe('contact');
    expect(footerLinkKind({ url: 'mailto:service@hdzk-tech.com.cn' })).toBe('contact');
  });
  it('[FOOT-8 deviation: an external, tel: or mailto: url is an ordinary link, an unsafe one no link, see contract README] other schemes and odd urls are not links', () => {
    expect(footerLinkKind({ url: 'javascript:alert(1)', targetBlank: true })).toBe('text');
    expect(footerLinkKind({ url: 'JaVaScRiPt:alert(1)' })).toBe('text');
    expect(footerLinkKind({ url: 'data:text/html,hi' })).toBe('text');
    expect(footerLinkKind({ url: '//evil.example/x' })).toBe('text');
    expect(footerLinkKind({ url: 'mailto:a b@c' })).toBe('text');
    expect(footerLinkKind({ url: 'tel:javascript:1' })).toBe('text');
    expect(footerLinkKind({ url: '' })).toBe('text');
    expect(footerLinkKind({ url: null })).toBe('text');
  });
});
