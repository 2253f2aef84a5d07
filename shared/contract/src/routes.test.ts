import { LAYOUT_KINDS, REMOTE_NAMES, REMOTE_ROUTES } from './routes';

describe('the route table as data (issue 38.3)', () => {
  test('[issue 38.3] every route names a known remote and layout, an exposed module path and a title', () => {
    const keys = new Set(['path', 'remote', 'module', 'title', 'layout', 'auth', 'withoutAntd']);
    for (const r of REMOTE_ROUTES) {
      expect(Object.keys(r).filter((k) => !keys.has(k))).toEqual([]);
      expect(REMOTE_NAMES).toContain(r.remote);
      expect(LAYOUT_KINDS).toContain(r.layout);
      expect(r.path).toMatch(/^\/[A-Za-z/]*\*?$/);
      expect(r.module).toMatch(/^\.\/[A-Za-z]+$/);
      expect(r.title.length).toBeGreaterThan(0);
      for (const flag of ['auth', 'withoutAntd'] as const) if (flag in r) expect(typeof r[flag]).toBe('boolean');
    }
    expect(new Set(REMOTE_ROUTES.map((r) => r.path)).size).toBe(REMOTE_ROUTES.length);
  });

  test('[issue 38.3] the public pages are the fifteen of the site, each rendered without antd', () => {
    const pub = REMOTE_ROUTES.filter((r) => r.layout === 'public');
    expect(pub.map((r) => r.path)).toEqual([
      '/',
      '/product',
      '/productDetail',
      '/solution',
      '/solutionDetail',
      '/news',
      '/newsDetail',
      '/about',
      '/contact',
      '/privacy',
      '/support',
      '/document',
      '/question',
      '/video',
      '/videoDetail',
    ]);
    expect(pub.every((r) => r.withoutAntd === true)).toBe(true);
    expect(REMOTE_ROUTES.filter((r) => r.auth).map((r) => r.path)).toEqual(['/index/*', '/account/*', '/admin/*']);
  });
});
