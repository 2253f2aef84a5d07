import mitt, { type Emitter } from 'mitt';

/** Events that cross app boundaries. The host is the only one that navigates or clears auth in answer. */
export type BusEvents = {
  /** Navigate to an in-site path (from the parent portal or any app). */
  skipPage: { url: string };
  /** Sign out: `user` after the user confirmed, `expired` after the login-expired notice was confirmed. */
  logout: { reason: 'user' | 'expired' };
  /** A user has signed in (token stored, info loaded). */
  login: { userName: string };
  /** A call answered 401. */
  authExpired: { url?: string };
};

export type Bus = Emitter<BusEvents>;

const GLOBAL_KEY = '__SITE_BUS__';

/**
 * One bus per page. Federation shares this package as a singleton; the global fallback keeps a single
 * instance even if a remote was (wrongly) built with its own copy.
 */
function createBus(): Bus {
  const g = globalThis as unknown as Record<string, Bus | undefined>;
  if (!g[GLOBAL_KEY]) g[GLOBAL_KEY] = mitt<BusEvents>();
  return g[GLOBAL_KEY]!;
}

export const bus: Bus = createBus();
