import { directionsHref, mailtoHref, readContact, telHref } from './contact-info';
import { routeSearch } from '@site/contract/routes';
import { contactHref, inquiryTitle, readInquiry } from './product-inquiry';

describe('contact details [ISSUE-19.contact]', () => {
  it('tel: keeps digits only; mailto: only for an address', () => {
    expect(telHref('400-820-6688')).toBe('tel:4008206688');
    expect(telHref('010-6298 6688')).toBe('tel:01062986688');
    expect(telHref('+86 10 6298 6688')).toBe('tel:+861062986688');
    expect(mailtoHref(' service@hdzk-tech.com.cn ')).toBe('mailto:service@hdzk-tech.com.cn');
    expect(mailtoHref('not an address')).toBeNull();
  });
  it('reads the structured details; none -> null (the article text is shown)', () => {
    expect(readContact({ hotline: '400-820-6688', lng: 116.28, lat: 40.05, zip: 5 })).toEqual({
      hotline: '400-820-6688',
      lng: 116.28,
      lat: 40.05,
    });
    expect(readContact({ section: 'intro' })).toBeNull();
    expect(readContact(null)).toBeNull();
    expect(readContact({ address: '北京', lng: 500, lat: 'x' })).toEqual({ address: '北京' });
  });
  it('directions: to the position when known, else a search for the address', () => {
    const to = directionsHref({ address: '北京市海淀区', lng: 116.2847, lat: 40.0531 }, '华电智控');
    expect(to).toMatch(/^https:\/\/uri\.amap\.com\/navigation\?to=116\.2847%2C40\.0531%2C/);
    expect(to).toContain('coordinate=wgs84');
    expect(directionsHref({ address: '北京市海淀区' }, 'x')).toBe(`https://uri.amap.com/search?keyword=${encodeURIComponent('北京市海淀区')}`);
    expect(directionsHref({}, 'x')).toBeNull();
  });
});

describe('product inquiry [ISSUE-19.product]', () => {
  it('round-trips the product and intent through the contact url', () => {
    const href = contactHref(101, 'trial');
    expect(href).toBe('/contact?productId=101&intent=trial#message-board');
    const inquiryAt = (address: string) => readInquiry(routeSearch('/contact', new URL(address, 'http://x').searchParams));
    expect(inquiryAt(href)).toEqual({ productId: 101, intent: 'trial' });
    expect(inquiryAt('/contact?productId=1%27&intent=trial')).toBeNull();
    expect(inquiryAt('/contact?productId=7')).toEqual({ productId: 7, intent: 'contact' });
  });
  it('names the product in the message title, within the form limit', () => {
    expect(inquiryTitle('电网运行风险预警平台', 'trial')).toBe('申请试用：电网运行风险预警平台');
    expect(inquiryTitle('电网运行风险预警平台', 'contact')).toBe('产品咨询：电网运行风险预警平台');
    expect(inquiryTitle('长'.repeat(200), 'trial')).toHaveLength(100);
  });
});
