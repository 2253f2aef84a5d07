import type { Database, Db } from './db/index.js';
import type { RateLimits } from './lib/ratelimit.js';
import type { ChangeSignal } from './lib/render-outbox.js';
import type { SmsSender } from './lib/sms.js';
import type { VisitLimiter, VisitQueue } from './lib/visits.js';
import type { WxProvider } from './lib/wx.js';

export interface ServerConfig {
  dataDir: string;
  filesDir: string;
  databaseUrl?: string;
  devEndpoints: boolean;
  rateLimits: RateLimits;
  wx: {
    /** A real app is configured, or the local stand-in is on (SITE_WX_LOCAL=1). */
    enabled: boolean;
    /** The local stand-in's consent page is served. */
    local: boolean;
    /** Where /bus/wx/oauth2/authorizationUrl sends the browser. Default: the local consent page. */
    authorizeUrl: string;
    appId: string;
    /** redirect_uri given to the provider. Default: relative /bus/wx/oauth2/callbackurl (same origin). */
    callbackUrl: string;
    /** Where the callback sends the browser after sign-in. */
    frontendRedirect: string;
  };
  /** The customer-service page of the support link (env SUPPORT_URL); '' = the stored config key site.supportUrl. */
  supportUrl: string;
  /**
   * The page renderer's feed (lib/render-outbox.ts): its secret (env SITE_RENDER_HOOK_TOKEN; '' = no feed) and how
   * long its lease lasts without renewal (env SITE_RENDER_LEASE_MS).
   */
  render: { token: string; leaseMs: number };
}

export interface AppContext {
  database: Database;
  db: Db;
  config: ServerConfig;
  sms: SmsSender;
  wx: WxProvider;
  visits: VisitQueue;
  visitLimiter: VisitLimiter;
  cache: Cache;
  /** Wakes the render feed's long polls when an outbox row commits (lib/render-outbox.ts). */
  renderSignal: ChangeSignal;
}

/** Cache key prefix of the public article lists: `ctx.cache.invalidate(ARTICLE_CACHE)` after any article change. */
export const ARTICLE_CACHE = 'articles:';

/**
 * Small in-memory cache (safe to lose), with a TTL so that several instances converge, and a bound on its size
 * (keys can come from query strings: the oldest entry goes first).
 */
export class Cache {
  private store = new Map<string, { value: unknown; expires: number }>();
  constructor(
    private ttlMs = 30_000,
    private maxEntries = 2_000,
  ) {}
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.store.get(key);
    if (hit && hit.expires > Date.now()) return hit.value as T;
    const value = await load();
    this.store.delete(key);
    if (this.store.size >= this.maxEntries) this.store.delete(this.store.keys().next().value as string);
    this.store.set(key, { value, expires: Date.now() + this.ttlMs });
    return value;
  }
  get size(): number {
    return this.store.size;
  }
  invalidate(prefix = '') {
    for (const k of [...this.store.keys()]) if (k.startsWith(prefix)) this.store.delete(k);
  }
}
