import { authStore, safeCookies, safeLocalStorage, safeSessionStorage } from '@site/app-runtime';

/** Every cookie this page can see, removed for the root path and for each parent path of the current one. */
export function clearAllCookies(): void {
  const segments = window.location.pathname.split('/').filter(Boolean);
  const paths = ['/', ...segments.map((_, i) => '/' + segments.slice(0, i + 1).join('/'))];
  for (const name of safeCookies.names()) safeCookies.removeEverywhere(name, paths);
}

/** /clearAll: local storage, session storage and cookies of this site. */
export function clearSiteData(): void {
  safeLocalStorage.clear();
  safeSessionStorage.clear();
  clearAllCookies();
  authStore.clear();
}
