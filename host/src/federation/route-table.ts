/**
 * Which remote module renders which route: the table is data in the contract package (`@site/contract/routes`,
 * read by the host's build too); here the host's lookups over it.
 */
import { REMOTE_ROUTES, type RemoteName, type RemoteRoute } from '@site/contract/routes';

export { REMOTE_ROUTES };
export type { LayoutKind, RemoteName, RemoteRoute } from '@site/contract/routes';

/**
 * The remote route of a path, matched as the router does (case-insensitive, trailing slash ignored, `/x/*` also
 * matching `/x`), but without react-router: the entry chunk uses it before any shared library is available.
 */
export function routeFor(pathname: string): RemoteRoute | undefined {
  const path = (pathname.replace(/\/+$/, '') || '/').toLowerCase();
  return REMOTE_ROUTES.find((r) => {
    const pattern = r.path.toLowerCase();
    if (!pattern.endsWith('/*')) return path === pattern;
    const base = pattern.slice(0, -2);
    return path === base || path.startsWith(`${base}/`);
  });
}

/** Exposed modules each remote must provide. */
export function requiredExposes(): Record<RemoteName, string[]> {
  const out = {} as Record<RemoteName, string[]>;
  for (const r of REMOTE_ROUTES) {
    const modules = (out[r.remote] ??= []);
    if (!modules.includes(r.module)) modules.push(r.module);
  }
  return out;
}
