/**
 * Loading the server builds: the host's from its deployed folder, each remote's from beside its manifest, where the
 * remotes file says the live release is (`<release>/server/server.js`), as the browser loads its browser build.
 * A fetched build is written under the cache folder (its content hash in the name) and required from there: its
 * `require('react')` and the other shared packages resolve to this package's, one copy for the host and all remotes.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ComponentType } from 'react';
import type { RenderRoute } from '@site/contract';
import type { SearchParamName, SearchParamUse } from '@site/contract/routes';

const require = createRequire(import.meta.url);

export type PageModule = { default: ComponentType<Record<string, unknown>> };

/** What each render is given (the host puts them on the render's query client): no process global carries them. */
export interface RenderSettings {
  apiOrigin: string;
  sanitizeWindow: object;
  /** One object per run (page job), which the host's renders fill with what all its pages show alike (the shell's data). */
  run?: object;
}

export interface HostServerBuild {
  beginRenderRun(loadPage: (remote: string, module: string) => Promise<PageModule>): void;
  renderPage(req: {
    url: string;
    siteOrigin: string;
    settings: RenderSettings;
    notFound?: boolean;
  }): Promise<{ html: string; data: unknown; errors: { message: string; code?: number }[]; clientOnly: boolean; head: string; css: string[] }>;
  /** `/404` and the public paths whose page has a not-found state, rendered with `notFound`. */
  notFoundPages(): Promise<string[]>;
  ClientOnlySlot: new (message: string) => Error;
  /** `search`: the parameters the route table declares for the page (`id: 'required'` on a detail page). */
  PUBLIC_ROUTES: { path: string; remote: string; module: string; search?: Partial<Record<SearchParamName, SearchParamUse>> }[];
  CLIENT_ROUTES: string[];
}

export interface RemoteServerBuild {
  name: string;
  version: string;
  pages: Record<string, () => Promise<PageModule>>;
  renderRoutes: ((at: { apiOrigin: string }) => Promise<RenderRoute[]>) | null;
  /** The stylesheets its modules imported so far (absent from a build older than per-page styles). */
  stylesheets?: () => string[];
  /**
   * The stylesheets an exposed page module reaches, from the build's module graph (absent from a build made before
   * pages carried only their own styles: the renderer then inlines all its `stylesheets()`).
   */
  pageStylesheets?: (module: string) => string[];
  setPublicPath(url: string): void;
}

export interface LoadedRemote {
  name: string;
  manifestUrl: string;
  /** The release's folder URL (its files' public path). */
  base: string;
  /** buildVersion of the manifest. */
  version: string;
  /** null: no server build there, or it failed to load (`problem` says why); its pages render in the browser. */
  build: RemoteServerBuild | null;
  problem?: string;
  /** The page's files to preload, per exposed module. */
  exposeAssets: Record<string, string[]>;
}

function requireFrom(cacheDir: string, code: string | Buffer, label: string): unknown {
  mkdirSync(cacheDir, { recursive: true });
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const file = path.join(cacheDir, `${label.replace(/[^a-z0-9_-]/gi, '_')}-${hash}.cjs`);
  if (!existsSync(file)) writeFileSync(file, code);
  return require(file);
}

export function loadHostBuild(hostRoot: string, cacheDir: string): HostServerBuild {
  const file = path.join(hostRoot, 'server', 'server.js');
  // Through the cache folder too: its shared packages must resolve to ours, wherever the host is deployed.
  return requireFrom(cacheDir, readFileSync(file), 'host') as HostServerBuild;
}

interface Manifest {
  metaData?: { buildInfo?: { buildVersion?: string } };
  exposes?: { path: string; assets?: { js?: { sync?: string[] } } }[];
}

async function fetchOk(url: string): Promise<Response> {
  const res = await fetch(url, { signal: AbortSignal.timeout(15000) });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return res;
}

export async function loadRemote(name: string, manifestUrl: string, cacheDir: string): Promise<LoadedRemote> {
  const base = new URL('./', manifestUrl).href;
  let manifest: Manifest;
  try {
    manifest = (await (await fetchOk(manifestUrl)).json()) as Manifest;
  } catch (e) {
    // An unreachable remote costs only its own slot, as in the browser: its pages render with the slot left to it.
    return { name, manifestUrl, base, version: '', build: null, problem: `manifest unreachable: ${(e as Error).message}`, exposeAssets: {} };
  }
  const exposeAssets = Object.fromEntries(
    (manifest.exposes ?? []).map((e) => [e.path, (e.assets?.js?.sync ?? []).map((f) => new URL(f, base).href)]),
  );
  const remote: LoadedRemote = { name, manifestUrl, base, version: manifest.metaData?.buildInfo?.buildVersion ?? '', build: null, exposeAssets };
  try {
    const res = await fetch(new URL('server/server.js', base), { signal: AbortSignal.timeout(15000) });
    if (res.status === 404) {
      remote.problem = 'no server build';
      return remote;
    }
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const build = requireFrom(cacheDir, Buffer.from(await res.arrayBuffer()), `${name}-${remote.version}`) as RemoteServerBuild;
    if (!build || typeof build.pages !== 'object') throw new Error('not a server build (no pages)');
    build.setPublicPath(base);
    remote.build = build;
  } catch (e) {
    remote.problem = `server build unusable: ${(e as Error).message}`;
  }
  return remote;
}
