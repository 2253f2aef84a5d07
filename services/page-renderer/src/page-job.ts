/**
 * What renders one page, loaded once per worker (the run's own thread and each render thread, pool.ts): the host's
 * and the live remotes' server builds, the page template, and `render(route)`, which renders a URL and writes its
 * file. Every worker loads it from the same `JobSpec` (the remotes file the run read, not a newer one), so a page is
 * the same bytes whichever worker renders it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { loadHostBuild, loadRemote, type HostServerBuild, type LoadedRemote, type PageModule } from './bundles';
import { PAGE_CATCH, pageDocument, withPageCatch } from './document';
import { fileFor, writePage, type RenderedEntry } from './output';
import type { PlannedRoute } from './plan';

/** A run's settings as a worker needs them: plain data, so it crosses to a render thread as it is. */
export interface JobSpec {
  outDir: string;
  apiOrigin: string;
  siteOrigin: string;
  hostRoot: string;
  cacheDir: string;
  /** The remotes file the run renders with (federation name -> manifest URL). */
  remotes: Record<string, string>;
  /** The remotes whose server builds are loaded (those serving a public route, or the canary's only). */
  names: string[];
}

/** One page's result: its index entry when written, else why not (its last good file stays). */
export interface PageOutcome {
  url: string;
  entry?: RenderedEntry;
  reason?: string;
}

export interface PageJob {
  host: HostServerBuild;
  remotes: Map<string, LoadedRemote>;
  versions: Record<string, string>;
  render(route: PlannedRoute): Promise<PageOutcome>;
}

/** DOMPurify sanitises article HTML with a jsdom window, as it does with the page's in the browser (@site/ui). */
const SANITIZE_WINDOW = Symbol.for('site.sanitize-window');
const WINDOW_PAGES = 50;
function freshSanitizeWindow(): void {
  const g = globalThis as unknown as Record<symbol, { close(): void } | undefined>;
  g[SANITIZE_WINDOW]?.close();
  g[SANITIZE_WINDOW] = new JSDOM('').window as unknown as { close(): void };
}

/** Loads the builds; `warn` hears about a remote whose pages the browser renders (said once, by the run's thread). */
export async function openPageJob(spec: JobSpec, warn: (line: string) => void = () => undefined): Promise<PageJob> {
  (globalThis as unknown as Record<symbol, unknown>)[Symbol.for('site.api-origin')] = spec.apiOrigin;
  const host = loadHostBuild(spec.hostRoot, spec.cacheDir);
  const template = withPageCatch(readFileSync(path.join(spec.hostRoot, 'index.html'), 'utf8'), readIfExists(path.join(spec.hostRoot, PAGE_CATCH)));
  const remotes = new Map<string, LoadedRemote>();
  for (const name of spec.names) {
    const url = spec.remotes[name];
    if (!url) continue;
    const remote = await loadRemote(name, url, spec.cacheDir);
    if (remote.problem) warn(`[renderer] ${name} ${remote.version}: ${remote.problem}; its pages are rendered by the browser`);
    remotes.set(name, remote);
  }
  const versions = Object.fromEntries([...remotes.values()].map((r) => [r.name, r.version]));

  const loadPage = (remoteName: string, module: string): Promise<PageModule> => {
    const remote = remotes.get(remoteName);
    const load = remote?.build?.pages[module];
    if (!load) return Promise.reject(new host.ClientOnlySlot(`${remoteName}/${module}: ${remote?.problem ?? 'not in the remotes file'}`));
    return load();
  };
  host.beginRenderRun(loadPage, spec.apiOrigin);

  let pages = 0;
  const render = async (route: PlannedRoute): Promise<PageOutcome> => {
    // A fresh window for DOMPurify now and then: a jsdom window keeps listeners for every document it parsed.
    if (pages++ % WINDOW_PAGES === 0) freshSanitizeWindow();
    try {
      const result = await host.renderPage({ url: route.url, siteOrigin: spec.siteOrigin });
      if (result.errors.length) throw new Error(result.errors.map((e) => e.message).join('; '));
      const html = pageDocument(template, {
        location: route.url,
        html: result.html,
        head: result.head,
        css: result.css,
        data: result.data,
        remotes: spec.remotes,
        versions,
        preload: preloadsFor(host, remotes, route),
      });
      const file = fileFor(route.url);
      writePage(spec.outDir, file, html);
      const entry = entryFor(route, { file, versions, renderedAt: new Date().toISOString(), clientOnly: result.clientOnly });
      return { url: route.url, entry };
    } catch (e) {
      return { url: route.url, reason: (e as Error)?.message ?? String(e) };
    }
  };
  return { host, remotes, versions, render };
}

/** A rendered page's index entry: what it was rendered with, and what the route says it shows. */
export function entryFor(
  route: PlannedRoute,
  made: { file: string; versions: Record<string, string>; renderedAt: string; clientOnly?: boolean },
): RenderedEntry {
  return {
    file: made.file,
    remote: route.remote,
    versions: made.versions,
    renderedAt: made.renderedAt,
    ...(route.lastModified ? { lastModified: route.lastModified } : {}),
    ...(route.channels ? { channels: route.channels } : {}),
    ...(route.articleId !== undefined ? { articleId: route.articleId } : {}),
    ...(route.blocks ? { blocks: route.blocks } : {}),
    ...(made.clientOnly ? { clientOnly: true } : {}),
    ...(route.canonical ? { canonical: route.canonical } : {}),
  };
}

/** The page's remote files, so no request chain precedes hydration: its manifest, remoteEntry and page chunks. */
function preloadsFor(host: HostServerBuild, remotes: Map<string, LoadedRemote>, route: PlannedRoute) {
  const remote = remotes.get(route.remote);
  if (!remote) return { manifests: [], scripts: [] };
  const pathname = route.url.split('?')[0];
  const module = host.PUBLIC_ROUTES.find((r) => r.path === pathname)?.module;
  const scripts = [new URL('remoteEntry.js', remote.base).href, ...(module ? (remote.exposeAssets[module] ?? []) : [])];
  return { manifests: [remote.manifestUrl], scripts };
}

function readIfExists(file: string): string | null {
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}
