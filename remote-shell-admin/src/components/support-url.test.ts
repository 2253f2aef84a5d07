import { Base64 } from 'js-base64';
import { buildSupportUrl, readSupportInfo, supportHref } from './support-url';

const BASE = 'https://kefu.test/chat';

describe('support link', () => {
  const info = { userName: 'admin', phone: '15888888888', productVersion: 'V3.2.0', customerName: '国网华东某省电力有限公司' };

  it('[SUPPORT-1][SUPPORT-2] points at the customer-service page with the four fields base64-encoded as UTF-8', () => {
    const url = buildSupportUrl(info, BASE);
    expect(url.startsWith(`${BASE}?info=`)).toBe(true);
    const encoded = new URL(url).searchParams.get('info')!;
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    const decodedBytes = Buffer.from(encoded.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
    expect(JSON.parse(decodedBytes)).toEqual(info);
    expect(readSupportInfo(url)).toEqual(info);
    expect(Base64.decode(encoded)).toContain('国网华东');
  });

  it('[SUPPORT-2] empty fields stay present as empty strings; an address with a query keeps it', () => {
    const url = buildSupportUrl({ userName: 'editor', phone: '', productVersion: '', customerName: '' }, `${BASE}?channel=site`);
    expect(url.startsWith(`${BASE}?channel=site&info=`)).toBe(true);
    expect(readSupportInfo(url)).toEqual({ userName: 'editor', phone: '', productVersion: '', customerName: '' });
  });

  it('[SUPPORT-1 deviation: no link until a customer-service page is configured, see contract README][ISSUE-19 customer] the configured address and the customer’s own product version; no address, no link', () => {
    const account = {
      customer: { id: 2, name: '南方某市供电局', contactName: '陈工' },
      productName: '配电网故障智能诊断系统',
      productVersion: 'V2.6.1',
      productArticleId: 104,
      products: [],
      supportUrl: BASE,
    };
    const href = supportHref({ userName: '13800138000', phonenumber: '13800138000' }, account);
    expect(readSupportInfo(href!)).toEqual({
      userName: '13800138000',
      phone: '13800138000',
      productVersion: 'V2.6.1',
      customerName: '南方某市供电局',
    });
    expect(supportHref({ userName: 'x', phonenumber: '' }, { ...account, supportUrl: '' })).toBeNull();
    expect(supportHref({ userName: 'x', phonenumber: '' }, null)).toBeNull();
  });
});
