import { clearSiteData } from './clear-site-data';

it('clears local storage, session storage and cookies', () => {
  localStorage.setItem('visit_uv', '123456789012345');
  sessionStorage.setItem('visit_si', '1');
  document.cookie = 'access_token=abc; path=/';
  document.cookie = 'isMobileWeChat=false; path=/';
  clearSiteData();
  expect(localStorage.length).toBe(0);
  expect(sessionStorage.length).toBe(0);
  expect(document.cookie).toBe('');
});

it('[ISSUE-15.6] with storage denied and cookies dropped, /clearAll does not throw and forgets the in-memory token', async () => {
  const { authStore, getToken, resetSafeStorageForTests } = await import('@site/app-runtime');
  const denied = () => {
    throw new DOMException('Access is denied for this document.', 'SecurityError');
  };
  const local = Object.getOwnPropertyDescriptor(window, 'localStorage');
  Object.defineProperty(window, 'localStorage', { configurable: true, get: denied });
  Object.defineProperty(document, 'cookie', { configurable: true, get: () => '', set: () => undefined });
  try {
    authStore.login('in-memory');
    expect(getToken()).toBe('in-memory');
    expect(() => clearSiteData()).not.toThrow();
    expect(getToken()).toBeUndefined();
  } finally {
    if (local) Object.defineProperty(window, 'localStorage', local);
    delete (document as unknown as Record<string, unknown>).cookie;
    resetSafeStorageForTests();
  }
});
