import { skipPageTarget } from './skip-page';

const OWN = 'http://site.test';
const PORTAL = 'http://portal.test';
const msg = (origin: string, data: unknown) => ({ origin, data });

describe('skipPage decision', () => {
  it('accepts an in-site path from an allowed portal or the site itself', () => {
    expect(skipPageTarget(msg(PORTAL, { type: 'skipPage', url: '/news?id=2' }), [PORTAL], OWN)).toBe('/news?id=2');
    expect(skipPageTarget(msg(OWN, { type: 'skipPage', url: '/about' }), [], OWN)).toBe('/about');
  });
  it('accepts a same-origin absolute URL as its path', () => {
    expect(skipPageTarget(msg(PORTAL, { type: 'skipPage', url: `${OWN}/product?id=1` }), [PORTAL], OWN)).toBe('/product?id=1');
  });
  it('[MSG-1 deviation: only from allowed origins and for in-site paths, see contract README] refuses a foreign origin', () => {
    expect(skipPageTarget(msg('http://evil.example', { type: 'skipPage', url: '/about' }), [PORTAL], OWN)).toBeNull();
  });
  it('refuses other types and malformed data', () => {
    expect(skipPageTarget(msg(PORTAL, { type: 'other', url: '/about' }), [PORTAL], OWN)).toBeNull();
    expect(skipPageTarget(msg(PORTAL, 'skipPage'), [PORTAL], OWN)).toBeNull();
    expect(skipPageTarget(msg(PORTAL, null), [PORTAL], OWN)).toBeNull();
    expect(skipPageTarget(msg(PORTAL, { type: 'skipPage', url: 3 }), [PORTAL], OWN)).toBeNull();
  });
  it('[MSG-1 deviation: only from allowed origins and for in-site paths, see contract README] refuses urls that leave the site', () => {
    for (const url of ['javascript:alert(1)', '//evil.example', 'https://evil.example/x', '/\\evil.example', 'data:text/html,x', '']) {
      expect(skipPageTarget(msg(PORTAL, { type: 'skipPage', url }), [PORTAL], OWN)).toBeNull();
    }
  });
});
