/**
 * The renderer's settings, all from the environment (services/origin-server/src/serve.cjs passes them from the site's topology).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTES_KEY, RENDERED_PREFIX, storageFromEnv } from '@site/object-storage';
import type { OutputStore } from './output';

export interface RendererConfig {
  /**
   * Where the rendered files go: pages/, index.json, sitemap.xml, robots.txt. With a shared storage (`store`), the
   * working copy each run writes and the service then publishes.
   */
  outDir: string;
  /**
   * The shared storage (`STORAGE_DRIVER=s3` and its `S3_*` settings, as the API's): the output is published there
   * under `site/rendered/`, and the remotes file is read from there (`site/remotes.json`, copied into `remotesFile`).
   * null with the local driver (the default): the output folder itself is what the host origin serves.
   */
  store: (OutputStore & { remotesKey: string }) | null;
  /** The API the pages' loads call, e.g. http://127.0.0.1:3000. */
  apiOrigin: string;
  /** The site's public origin: canonical, Open Graph and sitemap URLs. */
  siteOrigin: string;
  /** The host's deployed folder: index.html (the page template) and server/server.js. */
  hostRoot: string;
  /**
   * The remotes file (federation name -> manifest URL); watched for publish and rollback. With a shared storage, the
   * service's copy of the stored one, `<outDir>/remotes.json`.
   */
  remotesFile: string | null;
  /** The remotes when there is no file (a development or test site). */
  remotes: Record<string, string>;
  /** The service's port for change notices from the API (SITE_RENDER_HOOK_URL points here). */
  port: number;
  /** The shared secret of change notices (SITE_RENDER_HOOK_TOKEN); none when unset. */
  token: string;
  /**
   * Where fetched server builds are kept, one file per content hash: inside this package, so that their
   * `require('react')` resolves to this package's dependencies.
   */
  cacheDir: string;
}

/** The argument of a worker started ahead of its run (service.ts, worker.ts): it waits for `{ scopes }` over IPC. */
export const READY_ARG = '--ready';

export function readConfig(env: NodeJS.ProcessEnv = process.env): RendererConfig {
  const need = (name: string) => {
    const v = env[name];
    if (!v) throw new Error(`[renderer] ${name} is not set`);
    return v;
  };
  const outDir = path.resolve(need('RENDER_OUT_DIR'));
  const storage = storageFromEnv(env, outDir);
  const shared = storage.driver !== 'local';
  const remotesFile = shared ? path.join(outDir, 'remotes.json') : env.RENDER_REMOTES_FILE ? path.resolve(env.RENDER_REMOTES_FILE) : null;
  return {
    outDir,
    store: shared ? { storage, prefix: RENDERED_PREFIX, remotesKey: REMOTES_KEY } : null,
    apiOrigin: need('RENDER_API_ORIGIN').replace(/\/+$/, ''),
    siteOrigin: need('RENDER_SITE_ORIGIN').replace(/\/+$/, ''),
    hostRoot: path.resolve(need('RENDER_HOST_ROOT')),
    remotesFile,
    // With a shared storage, also what the copy holds while the storage has no remotes file.
    remotes: remotesFile && !shared ? {} : (JSON.parse(env.RENDER_REMOTES || '{}') as Record<string, string>),
    port: Number(env.RENDER_PORT || 0),
    token: env.SITE_RENDER_HOOK_TOKEN || '',
    cacheDir: path.join(import.meta.dirname, '..', 'node_modules', '.cache', 'server-builds'),
  };
}

/** The remotes the site runs now: the remotes file, or the fixed list of a site without one. */
export function readRemotes(config: RendererConfig): Record<string, string> {
  if (!config.remotesFile) return config.remotes;
  return JSON.parse(readFileSync(config.remotesFile, 'utf8')) as Record<string, string>;
}

/**
 * A number setting: the variable when it is set, a finite number and one `accept` takes (by default 0 or more), else
 * `fallback`. Unset and empty are the same (a topology passes every variable, empty when the site does not set it).
 */
export function envNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, accept = (n: number) => n >= 0): number {
  const raw = env[name];
  const n = Number(raw);
  return raw !== undefined && raw !== '' && Number.isFinite(n) && accept(n) ? n : fallback;
}
