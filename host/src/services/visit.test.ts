import type { VisitRecord } from '@site/contract';
import { randomVisitorId, resetVisitTrackingForTests, startVisitTracking } from './visit';

function setup(over: { beacon?: (r: VisitRecord) => boolean; now?: () => number; location?: string } = {}) {
  const posts: VisitRecord[] = [];
  const beacons: VisitRecord[] = [];
  let t = 1_000_000;
  const deps = {
    location: () => over.location ?? 'http://site.test/product?id=1',
    referrer: 'https://ref.example/',
    now: over.now ?? (() => t),
    post: (r: VisitRecord) => {
      posts.push(r);
      return Promise.resolve();
    },
    beacon:
      over.beacon ??
      ((r: VisitRecord) => {
        beacons.push(r);
        return true;
      }),
  };
  return { posts, beacons, deps, advance: (ms: number) => (t += ms) };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetVisitTrackingForTests();
});

describe('visit recording', () => {
  it('[VISIT-8] visitor ids are 15 or 16 random digits', () => {
    for (let i = 0; i < 200; i++) expect(randomVisitorId()).toMatch(/^[1-9]\d{14,15}$/);
    expect(randomVisitorId(() => 0.1)).toHaveLength(15);
    expect(randomVisitorId(() => 0.9)).toHaveLength(16);
  });

  it('[VISIT-8] a visitor id always survives the trip as a JSON number (safe integer), even at the top of the range', () => {
    const top = randomVisitorId(() => 0.999999);
    expect(top).toHaveLength(16);
    expect(Number.isSafeInteger(Number(top))).toBe(true);
    for (let i = 0; i < 2000; i++) expect(Number.isSafeInteger(Number(randomVisitorId()))).toBe(true);
  });

  it('[VISIT-3] a stored id that is not a safe integer (earlier builds) is replaced and the visitor counts as new', () => {
    localStorage.setItem('visit_uv', '9876543210987654');
    localStorage.setItem('visit_tracked', '1');
    const s = setup();
    startVisitTracking(s.deps);
    const uv = localStorage.getItem('visit_uv')!;
    expect(uv).not.toBe('9876543210987654');
    expect(Number.isSafeInteger(Number(uv))).toBe(true);
    expect(s.posts[0]).toMatchObject({ uv: Number(uv), newVisitor: true });
  });

  it('[VISIT-1][VISIT-2][VISIT-3][VISIT-4][VISIT-7] sends one entry record with count 1 and keeps the ids', () => {
    const s = setup();
    startVisitTracking(s.deps);
    startVisitTracking(s.deps); // a second start (StrictMode, double call) sends nothing
    expect(s.posts).toHaveLength(1);
    const uv = localStorage.getItem('visit_uv')!;
    expect(uv).toMatch(/^\d{15,16}$/);
    expect(localStorage.getItem('visit_tracked')).toBeTruthy();
    expect(sessionStorage.getItem('visit_si')).toBe('1000000');
    expect(s.posts[0]).toEqual({
      siteId: '1',
      url: 'http://site.test/product?id=1',
      entryUrl: 'http://site.test/product?id=1',
      referrer: 'https://ref.example/',
      si: 1000000,
      uv: Number(uv),
      newVisitor: true,
      count: 1,
      duration: 0,
    });
  });

  it('a returning visitor keeps its id and is not new; the session id is kept', () => {
    localStorage.setItem('visit_uv', '123456789012345');
    localStorage.setItem('visit_tracked', '1');
    sessionStorage.setItem('visit_si', '42');
    const s = setup();
    startVisitTracking(s.deps);
    expect(s.posts[0]).toMatchObject({ uv: 123456789012345, si: 42, newVisitor: false });
    expect(localStorage.getItem('visit_uv')).toBe('123456789012345');
  });

  it('[VISIT-5][VISIT-5 deviation: sent on pagehide, none for a load that began in the back office or on an account page, see contract README][VISIT-6] one exit record on pagehide, count 0, whole seconds, as a beacon', () => {
    const s = setup();
    startVisitTracking(s.deps);
    s.advance(12_700);
    window.dispatchEvent(new Event('pagehide'));
    window.dispatchEvent(new Event('pagehide'));
    expect(s.beacons).toHaveLength(1);
    expect(s.posts).toHaveLength(1); // only the entry record
    expect(s.beacons[0]).toMatchObject({ count: 0, duration: 12, siteId: '1' });
  });

  it.each(['/index', '/admin/content/article', '/account/profile', '/user/login?redirect=/index', '/toLogin', '/wxauth?code=1'])(
    '[ISSUE-27.6][VISIT-4 deviation: none for a load that begins in the back office or on an account page, see contract README][VISIT-5 deviation: sent on pagehide, none for a load that began in the back office or on an account page, see contract README] a page load that begins on %s (back office, account page) records nothing, not even on exit',
    (path) => {
      const s = setup({ location: `http://site.test${path}` });
      startVisitTracking(s.deps);
      window.dispatchEvent(new Event('pagehide'));
      expect(s.posts).toEqual([]);
      expect(s.beacons).toEqual([]);
      expect(localStorage.getItem('visit_uv')).toBeNull();
    },
  );

  it('[ISSUE-27.6] a public page whose path only begins like a back-office one is recorded', () => {
    const s = setup({ location: 'http://site.test/indexes' });
    startVisitTracking(s.deps);
    expect(s.posts).toHaveLength(1);
  });

  it('falls back to an ordinary call when there is no beacon', () => {
    const s = setup({ beacon: () => false });
    startVisitTracking(s.deps);
    s.advance(3000);
    window.dispatchEvent(new Event('pagehide'));
    expect(s.posts).toHaveLength(2);
    expect(s.posts[1]).toMatchObject({ count: 0, duration: 3 });
  });
});

describe('visit recording where storage is denied (issue 15 finding 6)', () => {
  const denied = () => {
    throw new DOMException("Failed to read the 'localStorage' property from 'Window': Access is denied for this document.", 'SecurityError');
  };
  let restore: () => void = () => undefined;
  beforeEach(() => {
    const local = Object.getOwnPropertyDescriptor(window, 'localStorage');
    const session = Object.getOwnPropertyDescriptor(window, 'sessionStorage');
    Object.defineProperty(window, 'localStorage', { configurable: true, get: denied });
    Object.defineProperty(window, 'sessionStorage', { configurable: true, get: denied });
    restore = () => {
      if (local) Object.defineProperty(window, 'localStorage', local);
      if (session) Object.defineProperty(window, 'sessionStorage', session);
    };
  });
  afterEach(() => restore());

  it('[ISSUE-15.6] starting with the default stores does not throw and still sends the entry record', () => {
    const s = setup();
    expect(() => startVisitTracking(s.deps)).not.toThrow();
    expect(s.posts).toHaveLength(1);
    expect(s.posts[0]).toMatchObject({ count: 1, newVisitor: true, si: 1000000 });
  });
});
