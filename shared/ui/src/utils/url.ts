/** External link check: only http or https. */
export function isExternal(url: string | null | undefined): boolean {
  return !!url && /^https?:\/\//i.test(url.trim());
}

/**
 * An in-site path that is safe to navigate or redirect to: starts with a single "/", no scheme,
 * no protocol-relative "//host", no backslash tricks, no control characters.
 */
export function isSafeInSitePath(url: unknown): url is string {
  if (typeof url !== 'string' || url.length === 0 || url.length > 2000) return false;
  if (!url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return false;
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\\]/.test(url)) return false;
  try {
    const base = 'http://in-site.invalid';
    return new URL(url, base).origin === base;
  } catch {
    return false;
  }
}

/**
 * Turn a same-origin absolute URL into its path; anything else that is not an in-site path gives null.
 * Used for reUrl cookies and remembered pages.
 */
export function toInSitePath(url: string | null | undefined, origin: string): string | null {
  if (!url) return null;
  if (isSafeInSitePath(url)) return url;
  try {
    const u = new URL(url);
    // The path of a same-origin URL is checked again: `http://site//evil.example` has the path `//evil.example`,
    // which a router would treat as another host.
    const path = u.pathname + u.search + u.hash;
    if (u.origin === origin && isSafeInSitePath(path)) return path;
  } catch {
    /* not a URL */
  }
  return null;
}
