/**
 * What renders one page, loaded once per worker (the run's own thread and each render thread, pool.ts): the host's
 * and the live remotes' server builds, the page template, and `render(route)`, which renders a URL and writes its
 * file. Every worker loads it from the same `JobSpec` (the remotes file the run read, not a newer one), so a page is
 * the same bytes whichever worker renders it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadHostBuild, loadRemote, type HostServerBuild, type LoadedRemote, type PageModule } from './bundles';
import { PAGE_CATCH, documentTemplate, pageDocument, type PageParts } from './document';
import { fileFor, notFoundFileFor, writePage, type RenderedEntry } from './output';
import { SanitizeWindows } from './sanitize-windows';
import type { PlannedRoute } from './plan';

type Rendered = Awaited<ReturnType<HostServerBuild['renderPage']>>;

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
  /** Rendered, and its file already held these bytes: not written (so not uploaded again). */
  unchanged?: boolean;
}

export interface PageJob {
  host: HostServerBuild;
  remotes: Map<string, LoadedRemote>;
  versions: Record<string, string>;
  render(route: PlannedRoute): Promise<PageOutcome>;
  /** Renders the not-found state of `/404` or a detail path and writes its file; throws when it fails. */
  renderNotFound(pathname: string): Promise<string>;
  /** Closes what the job holds (its DOMPurify window). */
  close(): void;
}

/** Loads the builds; `warn` hears about a remote whose pages the browser renders (said once, by the run's thread). */
export async function openPageJob(spec: JobSpec, warn: (line: string) => void = () => undefined): Promise<PageJob> {
  const host = loadHostBuild(spec.hostRoot, spec.cacheDir);
  const template = documentTemplate(readFileSync(path.join(spec.hostRoot, 'index.html'), 'utf8'), readIfExists(path.join(spec.hostRoot, PAGE_CATCH)));
  // Each render is given the API's origin and DOMPurify's window through its call (its query client), no global;
  // and the run's own object, in which the host keeps the shell's data its first page read for the others.
  const windows = new SanitizeWindows();
  const run = {};
  const settings = () => ({ apiOrigin: spec.apiOrigin, sanitizeWindow: windows.current(), run });
  const remotes = new Map<string, LoadedRemote>();
  for (const name of spec.names) {
    const url = spec.remotes[name];
    if (!url) continue;
    const remote = await loadRemote(name, url, spec.cacheDir);
    if (remote.problem) warn(`[renderer] ${name} ${remote.version}: ${remote.problem}; its pages are rendered by the browser`);
    remotes.set(name, remote);
  }
  const versions = Object.fromEntries([...remotes.values()].map((r) => [r.name, r.version]));
  // Every page module loaded before the first page, so that a module that fails to load is known (and fails its own
  // pages) before any page is written, and so that a remote build made before `pageStylesheets` (which inlines all it
  // registered) gives every page the same sheets whichever pages its worker rendered before. A module that fails here
  // fails its own pages when they render.
  await Promise.all([...remotes.values()].flatMap((r) => Object.values(r.build?.pages ?? {}).map((load) => load().catch(() => undefined))));

  const loadPage = (remoteName: string, module: string): Promise<PageModule> => {
    const remote = remotes.get(remoteName);
    const load = remote?.build?.pages[module];
    if (!load) return Promise.reject(new host.ClientOnlySlot(`${remoteName}/${module}: ${remote?.problem ?? 'not in the remotes file'}`));
    return load();
  };
  host.beginRenderRun(loadPage);
  /**
   * A page's styles: the host's (its own sheets and the antd parts the page rendered), then those its page module
   * reaches in its remote's build, nothing of another page or remote: every sheet inlined is style and layout work
   * before the page is usable, and another remote's page brings its own sheets with its scripts when a visitor goes
   * there. A sheet two builds bundle (the UI kit's) once: the same text twice is only work; two different versions of
   * it both stay, as the browser has both.
   */
  const stylesheets = (hostCss: string[], page: { remote: string; module: string } | null) => {
    const build = page ? remotes.get(page.remote)?.build : null;
    const own = !build || !page ? [] : build.pageStylesheets ? build.pageStylesheets(page.module) : (build.stylesheets?.() ?? []);
    return [...new Set([...hostCss, ...own])];
  };
  /** The remote page module that renders a path (null: a host page). */
  const pageOf = (url: string) => {
    const pathname = url.split('?')[0];
    const route = host.PUBLIC_ROUTES.find((r) => r.path === pathname);
    return route ? { remote: route.remote, module: route.module } : null;
  };

  /** One rendered page as its document, written to its file: a page, or a path's not-found state. */
  const write = (file: string, location: string, result: Rendered, preload: PageParts['preload'], notFound = false) =>
    writePage(
      spec.outDir,
      file,
      pageDocument(template, {
        location,
        html: result.html,
        head: result.head,
        css: stylesheets(result.css, pageOf(location)),
        data: result.data,
        remotes: spec.remotes,
        versions,
        preload,
        notFound,
      }),
    );

  const render = async (route: PlannedRoute): Promise<PageOutcome> => {
    try {
      const result = await host.renderPage({ url: route.url, siteOrigin: spec.siteOrigin, settings: settings() });
      if (result.errors.length) throw new Error(result.errors.map((e) => e.message).join('; '));
      const file = fileFor(route.url);
      const written = write(file, route.url, result, preloadsFor(host, remotes, route));
      const entry = entryFor(route, { file, versions, renderedAt: new Date().toISOString(), clientOnly: result.clientOnly });
      return { url: route.url, entry, unchanged: !written };
    } catch (e) {
      return { url: route.url, reason: (e as Error)?.message ?? String(e) };
    }
  };
  const renderNotFound = async (pathname: string): Promise<string> => {
    const remote = host.PUBLIC_ROUTES.find((r) => r.path === pathname);
    const result = await host.renderPage({ url: pathname, siteOrigin: spec.siteOrigin, settings: settings(), notFound: true });
    if (result.errors.length) throw new Error(result.errors.map((e) => e.message).join('; '));
    const file = notFoundFileFor(pathname);
    const preload = remote ? preloadsFor(host, remotes, { url: pathname, remote: remote.remote }) : { manifests: [], scripts: [] };
    write(file, pathname, result, preload, true);
    return file;
  };
  return { host, remotes, versions, render, renderNotFound, close: () => windows.close() };
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
