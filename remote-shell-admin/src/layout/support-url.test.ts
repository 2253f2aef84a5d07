import { Base64 } from 'js-base64';
import { buildSupportUrl, readSupportInfo, SUPPORT_BASE_URL } from './support-url';

describe('support link', () => {
  const info = { userName: 'admin', phone: '15888888888', productVersion: 'V3.2.0', customerName: '国网华东某省电力有限公司' };

  it('[SUPPORT-1][SUPPORT-2] points at the customer-service page with the four fields base64-encoded as UTF-8', () => {
    const url = buildSupportUrl(info);
    expect(url.startsWith(`${SUPPORT_BASE_URL}?info=`)).toBe(true);
    const encoded = new URL(url).searchParams.get('info')!;
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    const decodedBytes = Buffer.from(encoded.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
    expect(JSON.parse(decodedBytes)).toEqual(info);
    expect(readSupportInfo(url)).toEqual(info);
    expect(Base64.decode(encoded)).toContain('国网华东');
  });

  it('[SUPPORT-2] empty fields stay present as empty strings', () => {
    const url = buildSupportUrl({ userName: 'editor', phone: '', productVersion: '', customerName: '' });
    expect(readSupportInfo(url)).toEqual({ userName: 'editor', phone: '', productVersion: '', customerName: '' });
  });
});
