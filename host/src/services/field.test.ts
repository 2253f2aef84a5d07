import type { FieldReport, VisitRecord } from '@site/contract';
import { clearFieldErrorsForTests, noteFieldError } from './field-errors';
import { fieldReport, resetFieldReportingForTests, startFieldReporting } from './field';
import { resetVisitTrackingForTests, startVisitTracking } from './visit';

type Cb = (m: { name: string; value: number }) => void;
const TOKEN = 'view-token-0123456789abcdefghij';

function setup(width: number) {
  const posts: VisitRecord[] = [];
  const beacons: VisitRecord[] = [];
  const page = new EventTarget();
  let idle: (() => void) | null = null;
  const vitals = {
    onLCP: (cb: Cb) => cb({ name: 'LCP', value: 1834.4 }),
    onINP: (cb: Cb) => cb({ name: 'INP', value: 96 }),
    onCLS: (cb: Cb) => cb({ name: 'CLS', value: 0.031234 }),
    onTTFB: (cb: Cb) => cb({ name: 'TTFB', value: 210.2 }),
  };
  startFieldReporting({
    win: { addEventListener: window.addEventListener.bind(window), innerWidth: width },
    hostVersion: '3.1.0',
    versions: () => ({ remote_content: '1.4.2', remote_support: '2.0.0' }),
    loadVitals: () => Promise.resolve(vitals as never),
    whenIdle: (run) => {
      idle = run;
    },
  });
  startVisitTracking({
    win: page as unknown as Window,
    location: () => 'http://site.test/newsDetail?id=5',
    post: (r: VisitRecord) => {
      posts.push(r);
      return Promise.resolve(r.count === 1 && r.field ? { code: 200, msg: '操作成功', fieldToken: TOKEN } : { code: 200, msg: '操作成功' });
    },
    beacon: (r: VisitRecord) => {
      beacons.push(r);
      return true;
    },
  });
  return { posts, beacons, page, runIdle: () => idle?.() };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetVisitTrackingForTests();
  resetFieldReportingForTests();
  clearFieldErrorsForTests();
  window.history.pushState({}, '', '/newsDetail?id=5');
});

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('[issue 37.1] field report on the exit record', () => {
  it('carries the route pattern, the owning remote and its version, the host version, the device class, vitals and errors', async () => {
    const s = setup(375);
    s.runIdle();
    await flush();
    // The entry record names the versions the page runs (the host's too); its answer is the view's token.
    expect(s.posts[0].field).toEqual({ versions: { remote_content: '1.4.2', remote_support: '2.0.0', host: '3.1.0' } });
    window.dispatchEvent(new ErrorEvent('error', { error: new TypeError('x is undefined'), message: 'x is undefined' }));
    const rejection = Object.assign(new Event('unhandledrejection'), { reason: new Error('late failure') });
    window.dispatchEvent(rejection);
    noteFieldError('remote', 'remote_support/Support: 加载超时', 'remote_support');
    s.page.dispatchEvent(new Event('pagehide'));

    expect(s.beacons).toHaveLength(1);
    const field = s.beacons[0].field as FieldReport;
    expect(field).toMatchObject({
      route: '/newsDetail',
      remote: 'remote_content',
      remoteVersion: '1.4.2',
      hostVersion: '3.1.0',
      device: 'phone',
      vitals: { LCP: 1834, INP: 96, CLS: 0.0312, TTFB: 210 },
      token: TOKEN,
    });
    expect(JSON.stringify(field)).not.toContain('id=5');
    expect(field.errors).toEqual([
      { kind: 'error', message: 'TypeError: x is undefined', route: '/newsDetail', remote: 'remote_content', remoteVersion: '1.4.2', count: 1 },
      { kind: 'rejection', message: 'Error: late failure', route: '/newsDetail', remote: 'remote_content', remoteVersion: '1.4.2', count: 1 },
      {
        kind: 'remote',
        message: 'remote_support/Support: 加载超时',
        route: '/newsDetail',
        remote: 'remote_support',
        remoteVersion: '2.0.0',
        count: 1,
      },
    ]);
  });

  it('a wide window is a desktop; the same error twice counts 2 in one entry', async () => {
    const s = setup(1280);
    await flush();
    noteFieldError('error', 'same');
    noteFieldError('error', 'same');
    s.page.dispatchEvent(new Event('pagehide'));
    expect(s.beacons[0].field).toMatchObject({ device: 'desktop', vitals: {} });
    expect((s.beacons[0].field as FieldReport).errors).toEqual([expect.objectContaining({ message: 'same', count: 2 })]);
  });

  it('nothing is sent before pagehide, and at most one beacon per page view', async () => {
    const s = setup(800);
    s.runIdle();
    await flush();
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('early'), message: 'early' }));
    // Only the entry record has left, and it carries no report (the versions only).
    expect(s.beacons).toHaveLength(0);
    expect(s.posts).toHaveLength(1);
    expect(s.posts[0].count).toBe(1);
    expect(Object.keys(s.posts[0].field!)).toEqual(['versions']);
    document.dispatchEvent(new Event('visibilitychange'));
    s.page.dispatchEvent(new Event('pagehide'));
    s.page.dispatchEvent(new Event('pagehide'));
    expect(s.beacons).toHaveLength(1);
    expect(s.posts).toHaveLength(1);
    expect((s.beacons[0].field as FieldReport).errors).toHaveLength(1);
  });

  it('no report without reporting started', () => {
    expect(fieldReport('/news')).toBeUndefined();
  });

  it('[issue 44.1] the report carries the token of its page view; without one (the entry not answered) the exit record goes without a report', async () => {
    const s = setup(800);
    // pagehide before the entry's answer has arrived: no token, no report
    s.page.dispatchEvent(new Event('pagehide'));
    expect(s.beacons).toHaveLength(1);
    expect(s.beacons[0].field).toBeUndefined();
  });
});
