import { LAYOUT_KINDS, parseId, parsePage, REMOTE_NAMES, REMOTE_ROUTES, routeSearch, SEARCH_PARAM_NAMES, VISIT_PAGE_PATHS } from './routes';

describe('the route table as data (issue 38.3)', () => {
  test('[issue 38.3] every route names a known remote and layout, an exposed module path and a title', () => {
    const keys = new Set(['path', 'remote', 'module', 'title', 'layout', 'auth', 'withoutAntd', 'search']);
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

describe('search parameters, declared once in the route table (issue 46.3)', () => {
  const at = (address: string) => {
    const url = new URL(address, 'http://x');
    return routeSearch(url.pathname, url.searchParams);
  };

  test('[issue 46.3] every declaration names known parameters, and every detail page requires ?id=', () => {
    for (const r of REMOTE_ROUTES)
      for (const [name, use] of Object.entries(r.search ?? {})) {
        expect(SEARCH_PARAM_NAMES).toContain(name);
        expect(['required', 'optional']).toContain(use);
      }
    const required = REMOTE_ROUTES.filter((r) => r.search?.id === 'required').map((r) => r.path);
    expect(required).toEqual(['/productDetail', '/solutionDetail', '/newsDetail', '/videoDetail']);
  });

  test('[ROUTE-22][issue 46.3] ?id= is a positive integer or nothing; ?page= a page number, 1 for anything else', () => {
    expect(parseId('101')).toBe(101);
    expect(parseId(' 7 ')).toBe(7);
    for (const bad of [null, undefined, '', '0', '-3', 'abc', '1.5', '1e3', '12abc', '99999999999999999999']) expect(parseId(bad)).toBeNull();
    expect(parsePage('3')).toBe(3);
    expect(parsePage('12')).toBe(12);
    for (const bad of [null, undefined, '', '0', '-2', 'x', '1.5', '1e3', ' 3', '12abc', '1234567']) expect(parsePage(bad)).toBe(1);
  });

  test('[issue 46.3] a page reads the parameters its route declares, and no others', () => {
    expect(at('/newsDetail?id=301')).toEqual({ id: 301, page: 1, categoryId: null, productId: null, intent: 'contact', given: ['id'] });
    expect(at('/NEWSDETAIL/?id=301').id).toBe(301);
    expect(at('/newsDetail?id=abc')).toEqual({ id: null, page: 1, categoryId: null, productId: null, intent: 'contact', given: ['id'] });
    expect(at('/newsDetail?page=3').page).toBe(1);
    expect(at('/news?page=3&id=5')).toEqual({ id: null, page: 3, categoryId: null, productId: null, intent: 'contact', given: ['page'] });
    expect(at('/product?categoryId=21&page=2')).toEqual({
      id: null,
      page: 2,
      categoryId: 21,
      productId: null,
      intent: 'contact',
      given: ['page', 'categoryId'],
    });
    expect(at('/product?id=101').given).toEqual(['id']);
    expect(at('/about?id=1&page=2')).toEqual({ id: null, page: 1, categoryId: null, productId: null, intent: 'contact', given: [] });
    expect(at('/no/such?id=1').id).toBeNull();
    expect(at('/contact?productId=101&intent=trial')).toMatchObject({ productId: 101, intent: 'trial', given: ['productId', 'intent'] });
    expect(at('/product?productId=101').productId).toBeNull();
  });

  test('[issue 46.3] the public pages a visit counts on are the public routes and the host search page', () => {
    expect(VISIT_PAGE_PATHS).toEqual([...REMOTE_ROUTES.filter((r) => r.layout === 'public').map((r) => r.path), '/search']);
  });
});
