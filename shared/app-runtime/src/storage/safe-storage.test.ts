import { AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { resetSafeStorageForTests, safeCookies, safeLocalStorage, safeSessionStorage } from './safe-storage';
import { authStore } from '../auth/store';
import { getToken } from '../auth/token';
import { onRequest } from '../http/client';

/** Make `window[area]` behave as in a third-party frame with storage blocked: reading the property throws. */
function denyStorage(area: 'localStorage' | 'sessionStorage'): () => void {
  const own = Object.getOwnPropertyDescriptor(window, area);
  Object.defineProperty(window, area, {
    configurable: true,
    get() {
      throw new DOMException("Failed to read the 'localStorage' property from 'Window': Access is denied for this document.", 'SecurityError');
    },
  });
  return () => {
    if (own) Object.defineProperty(window, area, own);
    else delete (window as unknown as Record<string, unknown>)[area];
  };
}

/** document.cookie replaced by `get`/`set` for one test (dropped silently, or throwing like a sandboxed frame). */
function replaceCookie(get: () => string, set: (v: string) => void): () => void {
  Object.defineProperty(document, 'cookie', { configurable: true, get, set });
  return () => {
    delete (document as unknown as Record<string, unknown>).cookie;
  };
}

function clearRealCookies() {
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
}

let restore: (() => void)[] = [];
beforeEach(() => {
  resetSafeStorageForTests();
  localStorage.clear();
  sessionStorage.clear();
  clearRealCookies();
});
afterEach(() => {
  restore.forEach((r) => r());
  restore = [];
  resetSafeStorageForTests();
});

const cfg = () => ({ url: '/getInfo', headers: new AxiosHeaders() }) as unknown as InternalAxiosRequestConfig;

describe('safe storage (issue 15 finding 6: the site must work where storage is denied)', () => {
  test('[ISSUE-15.6] the test window really throws SecurityError on reading window.localStorage', () => {
    restore.push(denyStorage('localStorage'));
    expect(() => window.localStorage).toThrow(/Access is denied/);
  });

  test.each(['localStorage', 'sessionStorage'] as const)('[ISSUE-15.6] %s denied: no call throws and values live in memory for the page', (area) => {
    restore.push(denyStorage(area));
    const s = area === 'localStorage' ? safeLocalStorage : safeSessionStorage;
    expect(s.getItem('k')).toBeNull();
    expect(s.setItem('k', 'v')).toBe(false);
    expect(s.getItem('k')).toBe('v');
    s.removeItem('k');
    expect(s.getItem('k')).toBeNull();
    s.setItem('a', '1');
    s.clear();
    expect(s.getItem('a')).toBeNull();
  });

  test('[ISSUE-15.6] a quota error on write keeps the value in memory; the browser copy is used again once a write succeeds', () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(safeLocalStorage.setItem('big', 'x')).toBe(false);
    expect(safeLocalStorage.getItem('big')).toBe('x');
    setItem.mockRestore();
    expect(safeLocalStorage.setItem('big', 'y')).toBe(true);
    expect(localStorage.getItem('big')).toBe('y');
    expect(safeLocalStorage.getItem('big')).toBe('y');
  });

  test('[ISSUE-15.6] storage that works is used as is (shared with the browser)', () => {
    localStorage.setItem('from-browser', '1');
    expect(safeLocalStorage.getItem('from-browser')).toBe('1');
    expect(safeSessionStorage.setItem('s', '2')).toBe(true);
    expect(sessionStorage.getItem('s')).toBe('2');
  });

  test('[ISSUE-15.6] cookies dropped without a word (third-party frame): the write is detected and kept in memory', () => {
    const writes: string[] = [];
    restore.push(
      replaceCookie(
        () => '',
        (v) => void writes.push(v),
      ),
    );
    expect(safeCookies.set('access_token', 'tok', { path: '/' })).toBe(false);
    expect(writes[0]).toMatch(/^access_token=tok/);
    expect(safeCookies.get('access_token')).toBe('tok');
    expect(safeCookies.names()).toContain('access_token');
    safeCookies.remove('access_token', { path: '/' });
    expect(safeCookies.get('access_token')).toBeUndefined();
  });

  test('[ISSUE-15.6] cookies disabled (document.cookie throws, sandboxed frame): nothing throws', () => {
    const boom = () => {
      throw new DOMException('The document is sandboxed and lacks the allow-same-origin flag.', 'SecurityError');
    };
    restore.push(replaceCookie(boom, boom));
    expect(() => document.cookie).toThrow();
    expect(safeCookies.get('x')).toBeUndefined();
    expect(safeCookies.set('x', '1')).toBe(false);
    expect(safeCookies.get('x')).toBe('1');
    expect(safeCookies.names()).toEqual(['x']);
    expect(() => safeCookies.removeEverywhere('x', ['/'])).not.toThrow();
    expect(safeCookies.get('x')).toBeUndefined();
  });

  test('[ISSUE-15.6] working cookies are real cookies, readable by the browser and the server', () => {
    expect(safeCookies.set('reUrl', 'http://localhost/news', { path: '/' })).toBe(true);
    expect(document.cookie).toContain('reUrl=');
    safeCookies.remove('reUrl', { path: '/' });
    expect(document.cookie).not.toContain('reUrl=');
  });

  test('[ISSUE-15.6] a cookie left on a path that was not removed is hidden after removeEverywhere', () => {
    document.cookie = 'stale=1; path=/';
    const realGet = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    // A copy the page cannot remove (e.g. another path or domain): reading keeps returning it.
    restore.push(
      replaceCookie(
        () => 'stale=1',
        (v) => realGet.set!.call(document, v),
      ),
    );
    safeCookies.removeEverywhere('stale', ['/']);
    expect(safeCookies.get('stale')).toBeUndefined();
    expect(safeCookies.names()).toContain('stale');
  });

  test('[ISSUE-15.6] sign-in with every storage denied: the token is kept in memory and sent as the bearer; sign-out forgets it', () => {
    restore.push(
      denyStorage('localStorage'),
      denyStorage('sessionStorage'),
      replaceCookie(
        () => '',
        () => undefined,
      ),
    );
    authStore.login('mem-token');
    expect(getToken()).toBe('mem-token');
    expect(authStore.get().token).toBe('mem-token');
    expect(onRequest(cfg()).headers.get('Authorization')).toBe('Bearer mem-token');
    authStore.clear();
    expect(getToken()).toBeUndefined();
    expect(onRequest(cfg()).headers.get('Authorization')).toBeUndefined();
  });
});
