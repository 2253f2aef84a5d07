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

/**
 * One bus per page because federation shares @site/app-runtime as a singleton. Deliberately no global
 * fallback: a remote that bundled its own copy would not hear the host, and tests would catch it.
 */
export const bus: Bus = mitt<BusEvents>();
