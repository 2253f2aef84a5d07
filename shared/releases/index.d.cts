/**
 * Types of index.cjs for the TypeScript packages (the page renderer, e2e). The package itself is CommonJS, run by
 * plain `node` in the origins and the release script; `test/release.test.cjs` holds this file to its exports.
 */

/** An open canary: `remotes.canary.json` beside the remotes file, or the bucket's `site/remotes.canary.json`. */
export interface CanaryState {
  remote: string;
  version: string;
  url: string;
  percent: number;
  started: string;
  by: string;
  live?: string;
}

/** One line of the release history (`releases.jsonl`). */
export interface ReleaseStep {
  at: string;
  by: string;
  action: 'publish' | 'canary' | 'promote' | 'abort' | 'auto-abort' | string;
  remote: string;
  version: string;
  percent?: number;
  previous?: string;
  live?: string;
  reason?: string;
}

type Env = Record<string, string | undefined>;
type RemotesFile = Record<string, string>;

export interface Releases {
  deployDir: string;
  remotesFile: string;
  check(dir: string, manifestPath?: string): unknown;
  release(dir: string, opts?: { onConflict?: 'fail' | 'suffix'; dist?: string }): string;
  releaseCompressed(dir: string, opts?: { onConflict?: 'fail' | 'suffix'; dist?: string }): Promise<string>;
  releasedVersions(dir: string): string[];
  readRemotes(): RemotesFile;
  publish(dir: string, version?: string, env?: Env, opts?: { canary?: string | number; by?: string }): Promise<CanaryState | undefined>;
  promote(dir: string, env?: Env, opts?: { by?: string }): Promise<CanaryState>;
  abort(dir: string, env?: Env, opts?: { by?: string; reason?: string }): Promise<CanaryState>;
  autoAbort(
    judged: { remote: string; version: string },
    opts?: { by?: string; reason?: string },
    env?: Env,
  ): Promise<{ ended: CanaryState | null; open: CanaryState | null }>;
  history(dir?: string, env?: Env): Promise<ReleaseStep[]>;
  list(dir: string, env?: Env): Promise<string[]>;
}

export declare function releases(options: { deployDir: string; root?: string; log?: (line: string) => void }): Releases;
export declare function appOf(dir: string): { name: string; dir: string; port: number };
export declare const USAGE: string;

export declare const BUCKET_COOKIE: 'site_bucket';
export declare const BUCKET_MAX_AGE_S: number;
export declare const CANARY_FILE: 'remotes.canary.json';
export declare const HISTORY_FILE: 'releases.jsonl';
export declare const CANARY_KEY: 'site/remotes.canary.json';
export declare const HISTORY_KEY: 'site/releases.jsonl';
export declare const CANARY_OUTPUT_DIR: 'canary';
export declare const CANARY_RENDERED_PREFIX: 'site/rendered-canary/';
export declare const NGINX_CANARY_KEY: 'site/remotes.canary-variant.json';
export declare function nginxCanaryType(percent: number): string;
export declare function bucketOf(cookieHeader: string | undefined | null): number | null;
export declare function newBucket(): number;
export declare function bucketCookie(bucket: number): string;
export declare function inCanary(bucket: number | null, canary: CanaryState | null): boolean;
export declare function validCanary(c: unknown): c is CanaryState;
export declare function variantRemotes(live: RemotesFile, canary: CanaryState): RemotesFile;
export declare function parseCanary(bytes: string | Buffer | null | undefined): CanaryState | null;
export declare function actor(by?: string, env?: Env): string;

export interface CanaryStore {
  read(): Promise<CanaryState | null>;
  write(canary: CanaryState): Promise<void>;
  clear(): Promise<void>;
  history(): Promise<ReleaseStep[]>;
  record(step: Omit<ReleaseStep, 'at'>): Promise<void>;
}
export declare function canaryStore(deployDir: string, shared: SiteStorage | null): CanaryStore;
export declare function abortCanary(
  store: CanaryStore,
  opts?: { by?: string; reason?: string; remote?: string; version?: string; action?: string },
): Promise<CanaryState | null>;

export declare const COMPRESSIBLE: Set<string>;
export declare const MIN_BYTES: number;
export declare function precompressTree(root: string): Promise<number>;
export declare function isCompressedSibling(file: string): boolean;

/** siteStorage()'s answer: the bucket's storage (an @site/object-storage ObjectStorage) and the site's keys in it. */
export interface SiteStorage {
  storage: import('@site/object-storage').ObjectStorage;
  renderedPrefix: string;
  remotesKey: string;
  endpoint: string;
  bucket: string;
}
export declare function siteStorage(env?: Env): SiteStorage | null;
export declare function readStored(
  storage: SiteStorage['storage'],
  key: string,
): Promise<{ info: import('@site/object-storage').ObjectInfo; bytes: Buffer } | null>;
export declare function storedFile<T = Buffer>(
  storage: SiteStorage['storage'],
  key: string,
  opts?: { parse?: (bytes: Buffer) => T; refreshMs?: number },
): { current(): Promise<T | null>; last(): T | null };
