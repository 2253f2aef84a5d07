import { isSafeInSitePath, toInSitePath } from '@site/ui';

/**
 * A cross-window `skipPage` message (SPEC section 2; DESIGN section 4): honoured only from an allowed origin
 * (the configured portal origins or the site itself), only for type `skipPage`, and only for an in-site path
 * (a same-origin absolute URL is turned into its path). Returns the path to go to, or null.
 */
export function skipPageTarget(event: { origin: string; data: unknown }, allowedOrigins: readonly string[], ownOrigin: string): string | null {
  if (event.origin !== ownOrigin && !allowedOrigins.includes(event.origin)) return null;
  const data = event.data as { type?: unknown; url?: unknown } | null;
  if (!data || typeof data !== 'object' || data.type !== 'skipPage' || typeof data.url !== 'string') return null;
  if (isSafeInSitePath(data.url)) return data.url;
  return toInSitePath(data.url, ownOrigin);
}
