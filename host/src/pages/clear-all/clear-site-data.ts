import { Cookies, authStore } from '@site/shared';

/** Every cookie this page can see, removed for the root path and for each parent path of the current one. */
export function clearAllCookies(doc: Document = document): void {
  const names = doc.cookie
    .split(';')
    .map((c) => c.split('=')[0]?.trim())
    .filter(Boolean);
  const segments = window.location.pathname.split('/').filter(Boolean);
  const paths = ['/', ...segments.map((_, i) => '/' + segments.slice(0, i + 1).join('/'))];
  for (const name of names) {
    Cookies.remove(name);
    for (const path of paths) Cookies.remove(name, { path });
  }
}

/** /clearAll: local storage, session storage and cookies of this site. */
export function clearSiteData(): void {
  try {
    window.localStorage.clear();
  } catch {
    /* denied */
  }
  try {
    window.sessionStorage.clear();
  } catch {
    /* denied */
  }
  clearAllCookies();
  authStore.clear();
}
