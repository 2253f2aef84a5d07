import Cookies from 'js-cookie';
import { browser, currentUrlForReUrl, startWxLogin } from './wxLogin';

const ORIGIN = 'http://localhost';
const base = { redirect: null, stateFrom: undefined, referrer: '', href: `${ORIGIN}/toLogin`, origin: ORIGIN };

afterEach(() => {
  Cookies.remove('reUrl', { path: '/' });
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('[WX-3] the page remembered in reUrl', () => {
  test('a same-origin referrer is the page the user came from', () => {
    expect(currentUrlForReUrl({ ...base, referrer: `${ORIGIN}/news?id=2` })).toBe(`${ORIGIN}/news?id=2`);
  });

  test('an explicit ?redirect= or router state wins over the referrer', () => {
    expect(currentUrlForReUrl({ ...base, redirect: '/admin/notice', referrer: `${ORIGIN}/news` })).toBe('/admin/notice');
    expect(currentUrlForReUrl({ ...base, stateFrom: '/product', referrer: `${ORIGIN}/news` })).toBe('/product');
  });

  test('other sites, unsafe redirects and account pages are skipped; nothing left -> nothing remembered', () => {
    expect(currentUrlForReUrl({ ...base, referrer: 'https://evil.example/x', redirect: '//evil.example' })).toBeNull();
    expect(currentUrlForReUrl({ ...base, referrer: `${ORIGIN}/user/login` })).toBeNull();
    expect(currentUrlForReUrl({ ...base, href: `${ORIGIN}/about` })).toBe(`${ORIGIN}/about`);
  });

  test('startWxLogin stores the page in the reUrl cookie, except /wxauth and /index', () => {
    jest.useFakeTimers();
    jest.spyOn(browser, 'go').mockImplementation(() => undefined);
    startWxLogin(`${ORIGIN}/news`)();
    expect(Cookies.get('reUrl')).toBe(`${ORIGIN}/news`);
    startWxLogin(`${ORIGIN}/index`)();
    expect(Cookies.get('reUrl')).toBeUndefined();
    startWxLogin(`${ORIGIN}/wxauth?x=1`)();
    expect(Cookies.get('reUrl')).toBeUndefined();
  });
});

test('[WX-4] after 200 ms the browser goes to /bus/wx/oauth2/authorizationUrl', () => {
  jest.useFakeTimers();
  const go = jest.spyOn(browser, 'go').mockImplementation(() => undefined);
  startWxLogin(`${ORIGIN}/news`);
  jest.advanceTimersByTime(199);
  expect(go).not.toHaveBeenCalled();
  jest.advanceTimersByTime(1);
  expect(go).toHaveBeenCalledTimes(1);
  expect(go).toHaveBeenCalledWith('/bus/wx/oauth2/authorizationUrl');
});
