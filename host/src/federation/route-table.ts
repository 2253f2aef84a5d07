/**
 * Which remote module renders which route: the table is data in the contract package (`@site/contract/routes`,
 * read by the host's build too); here the host's lookups over it.
 */
import { REMOTE_ROUTES, routeOfPath, type RemoteName } from '@site/contract/routes';

export { REMOTE_ROUTES };
export type { LayoutKind, RemoteName, RemoteRoute } from '@site/contract/routes';

/**
 * The remote route of a path, matched as the router does (case-insensitive, trailing slash ignored, `/x/*` also
 * matching `/x`), but without react-router: the entry chunk uses it before any shared library is available. The
 * contract's, which the API uses to know which page a visit entry record is of.
 */
export const routeFor = routeOfPath;

/** Exposed modules each remote must provide. */
export function requiredExposes(): Record<RemoteName, string[]> {
  const out = {} as Record<RemoteName, string[]>;
  for (const r of REMOTE_ROUTES) {
    const modules = (out[r.remote] ??= []);
    if (!modules.includes(r.module)) modules.push(r.module);
  }
  return out;
}
