import Cookies from 'js-cookie';
import { afterLoginTarget, loginPathFor, reUrlTarget, rememberReUrl, shouldRememberReUrl, takeReUrl } from './redirect';

const ORIGIN = 'http://localhost';

afterEach(() => Cookies.remove('reUrl', { path: '/' }));

describe('reUrl (messaging-app sign-in)', () => {
  test('[WX-3] a url is remembered in the reUrl cookie', () => {
    expect(rememberReUrl('http://localhost/news?id=3')).toBe(true);
    expect(Cookies.get('reUrl')).toBe('http://localhost/news?id=3');
  });

  test('[WX-3] urls containing /wxauth or /index are not remembered (and an older value is dropped)', () => {
    Cookies.set('reUrl', 'http://localhost/about', { path: '/' });
    expect(rememberReUrl('http://localhost/wxauth')).toBe(false);
    expect(Cookies.get('reUrl')).toBeUndefined();
    expect(rememberReUrl('http://localhost/index/notice')).toBe(false);
    expect(Cookies.get('reUrl')).toBeUndefined();
    expect(shouldRememberReUrl('/news?from=/index')).toBe(false);
    expect(shouldRememberReUrl('')).toBe(false);
    expect(shouldRememberReUrl('/product')).toBe(true);
  });

  test('[AUTH-3] the return target is honoured only for in-site pages', () => {
    expect(reUrlTarget('http://localhost/news?id=3', ORIGIN)).toBe('/news?id=3');
    expect(reUrlTarget('/solution', ORIGIN)).toBe('/solution');
    expect(reUrlTarget('https://evil.example/', ORIGIN)).toBe('/index');
    expect(reUrlTarget('//evil.example', ORIGIN)).toBe('/index');
    expect(reUrlTarget('javascript:alert(1)', ORIGIN)).toBe('/index');
    expect(reUrlTarget(undefined, ORIGIN)).toBe('/index');
  });

  test('takeReUrl reads and clears the cookie', () => {
    Cookies.set('reUrl', 'http://localhost/about', { path: '/' });
    expect(takeReUrl(ORIGIN)).toBe('/about');
    expect(Cookies.get('reUrl')).toBeUndefined();
    expect(takeReUrl(ORIGIN)).toBe('/index');
  });
});

describe('redirect after a login form', () => {
  test('safe in-site ?redirect= honoured, anything else -> /index', () => {
    expect(afterLoginTarget('/admin/notice?x=1')).toBe('/admin/notice?x=1');
    expect(afterLoginTarget('https://evil.example')).toBe('/index');
    expect(afterLoginTarget('//evil.example')).toBe('/index');
    expect(afterLoginTarget(null)).toBe('/index');
  });

  test('loginPathFor builds /user/login?redirect=<path>', () => {
    expect(loginPathFor('/admin/notice?x=1')).toBe('/user/login?redirect=%2Fadmin%2Fnotice%3Fx%3D1');
    expect(loginPathFor('https://evil.example')).toBe('/user/login');
  });
});
