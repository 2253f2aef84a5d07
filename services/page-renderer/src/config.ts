/**
 * The renderer's settings, all from the environment (services/origin-server/src/serve.cjs passes them from the site's topology).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface RendererConfig {
  /** Where the rendered files go: pages/, index.json, sitemap.xml, robots.txt. */
  outDir: string;
  /** The API the pages' loads call, e.g. http://127.0.0.1:3000. */
  apiOrigin: string;
  /** The site's public origin: canonical, Open Graph and sitemap URLs. */
  siteOrigin: string;
  /** The host's deployed folder: index.html (the page template) and server/server.js. */
  hostRoot: string;
  /** The remotes file (federation name -> manifest URL); watched for publish and rollback. */
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

export function readConfig(env: NodeJS.ProcessEnv = process.env): RendererConfig {
  const need = (name: string) => {
    const v = env[name];
    if (!v) throw new Error(`[renderer] ${name} is not set`);
    return v;
  };
  const remotesFile = env.RENDER_REMOTES_FILE ? path.resolve(env.RENDER_REMOTES_FILE) : null;
  return {
    outDir: path.resolve(need('RENDER_OUT_DIR')),
    apiOrigin: need('RENDER_API_ORIGIN').replace(/\/+$/, ''),
    siteOrigin: need('RENDER_SITE_ORIGIN').replace(/\/+$/, ''),
    hostRoot: path.resolve(need('RENDER_HOST_ROOT')),
    remotesFile,
    remotes: remotesFile ? {} : (JSON.parse(env.RENDER_REMOTES || '{}') as Record<string, string>),
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
