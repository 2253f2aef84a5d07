import { routeFor } from './route-table';

describe('routeFor (the route matcher usable before react-router loads)', () => {
  it('[ROUTE-1] finds exact paths, ignoring case and a trailing slash like the router', () => {
    expect(routeFor('/')?.module).toBe('./Home');
    expect(routeFor('/news')?.module).toBe('./NewsCentre');
    expect(routeFor('/News/')?.module).toBe('./NewsCentre');
    expect(routeFor('/productDetail')?.remote).toBe('remote_content');
    expect(routeFor('/document')?.remote).toBe('remote_support');
  });

  it('[ROUTE-1] matches /x/* patterns on /x and below only', () => {
    expect(routeFor('/index')?.remote).toBe('remote_shell_admin');
    expect(routeFor('/index/system/user')?.remote).toBe('remote_shell_admin');
    expect(routeFor('/indexes')).toBeUndefined();
  });

  it('[ROUTE-19] knows no remote for host pages and unknown paths', () => {
    expect(routeFor('/404')).toBeUndefined();
    expect(routeFor('/clearAll')).toBeUndefined();
    expect(routeFor('/news/extra')).toBeUndefined();
  });

  it('public pages render without antd (the contact form brings its own, later); the account pages and the admin keep it', () => {
    for (const p of [
      '/',
      '/product',
      '/productDetail',
      '/solution',
      '/solutionDetail',
      '/news',
      '/newsDetail',
      '/about',
      '/contact',
      '/support',
      '/document',
      '/question',
      '/video',
      '/videoDetail',
    ]) {
      expect(routeFor(p)?.withoutAntd).toBe(true);
    }
    expect(routeFor('/index')?.withoutAntd).toBeUndefined();
    expect(routeFor('/user/login')?.withoutAntd).toBeUndefined();
  });
});
