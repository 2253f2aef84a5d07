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
