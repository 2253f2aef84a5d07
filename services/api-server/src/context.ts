import type { ObjectStorage } from '@site/object-storage';
import { sql } from 'drizzle-orm';
import { rows, type Database, type Db } from './db/index.js';
import type { RateLimits } from './lib/ratelimit.js';
import type { ChangeSignal } from './lib/change-signal.js';
import type { SmsSender } from './lib/sms.js';
import type { VisitWriter } from './lib/visits.js';
import type { WxProvider } from './lib/wx.js';

export interface ServerConfig {
  dataDir: string;
  /** The local storage driver's folder (DATA_DIR/files); unused with STORAGE_DRIVER=s3. */
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
  /** Count the 访问统计 presets' ranges as each day closes (lib/visit-range.ts warmKeptRanges); the unit harness turns it off. */
  warmVisitRanges: boolean;
  /** The bcrypt cost of the password hashes this server makes: BCRYPT_ROUNDS (lib/auth.ts) but in a test harness. */
  passwordHashRounds: number;
}

export interface AppContext {
  database: Database;
  db: Db;
  config: ServerConfig;
  sms: SmsSender;
  wx: WxProvider;
  /** Uploads and seeded media (`@site/object-storage`): a local folder by default, or S3 (STORAGE_DRIVER=s3). */
  storage: ObjectStorage;
  /** Visit records, each committed before its request is answered (group commit, lib/visits.ts). */
  visits: VisitWriter;
  cache: Cache;
  /** Wakes the render feed's long polls when an outbox row commits (lib/change-signal.ts). */
  renderSignal: ChangeSignal;
}

/**
 * The cached areas, each with a version row in `cache_version` that a trigger bumps with every write to its table
 * (migration 015): config = sys_config, dict = sys_dict_data, channel, block = block_item, article.
 */
export type CacheArea = 'config' | 'dict' | 'channel' | 'block' | 'article';

/** The current version of every area: one small query (five rows of one page), read for each cache lookup. */
export async function readCacheVersions(db: Db): Promise<ReadonlyMap<string, number>> {
  const list = await rows<{ area: string; version: number }>(db, sql`SELECT area, version FROM cache_version`);
  return new Map(list.map((r) => [r.area, Number(r.version)]));
}

/**
 * In-memory cache of what the public pages read most, coherent across instances on one database: each entry
 * remembers the versions of the areas it was built from, and a lookup first reads the current versions (one
 * point query), so a write committed through any instance is seen by every instance on its next request. Safe to
 * lose. `expiresAt` (a loader's answer) ends an entry that time alone makes wrong (an article scheduled for later);
 * the TTL only lets entries nobody reads go; the size bound holds keys that come from query strings (oldest first).
 */
export class Cache {
  private store = new Map<string, { value: unknown; stamp: string; expires: number }>();
  constructor(
    private versions: () => Promise<ReadonlyMap<string, number>>,
    private ttlMs = 600_000,
    private maxEntries = 2_000,
  ) {}

  async get<T>(areas: readonly CacheArea[], key: string, load: () => Promise<T>): Promise<T> {
    return this.getUntil(areas, key, async () => ({ value: await load() }));
  }

  /** As get, for a loader that also says until when its value holds (ms since the epoch; undefined = the TTL). */
  async getUntil<T>(areas: readonly CacheArea[], key: string, load: () => Promise<{ value: T; expiresAt?: number }>): Promise<T> {
    const current = await this.versions();
    // Read before loading: a write committed while loading makes the stored stamp older than the data, never newer.
    const stamp = areas.map((a) => `${a}:${current.get(a) ?? '?'}`).join(',');
    const hit = this.store.get(key);
    const now = Date.now();
    if (hit && hit.stamp === stamp && hit.expires > now) return hit.value as T;
    const { value, expiresAt } = await load();
    this.store.delete(key);
    if (this.store.size >= this.maxEntries) this.store.delete(this.store.keys().next().value as string);
    this.store.set(key, { value, stamp, expires: Math.min(now + this.ttlMs, expiresAt ?? Infinity) });
    return value;
  }

  get size(): number {
    return this.store.size;
  }

  /** Drops this instance's entries under a prefix (a cold start, for tests); other instances follow the versions. */
  invalidate(prefix = '') {
    for (const k of [...this.store.keys()]) if (k.startsWith(prefix)) this.store.delete(k);
  }
}
