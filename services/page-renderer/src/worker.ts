/**
 * One render run: loads the host's and the live remotes' server builds, asks each remote which URLs it renders,
 * renders those the run's scopes touch, writes their files, the index, sitemap.xml and robots.txt, and exits.
 * A page whose render fails keeps its last good file (or, without one, is served as the browser-rendered shell).
 *
 *   node --import tsx src/worker.ts '[{"all":true}]'      (configuration from the environment, see config.ts)
 */
import { existsSync, readFileSync } from 'node:fs';
import { SITE_TIME_ZONE } from '@site/contract';
import path from 'node:path';
import { loadHostBuild, loadRemote, type HostServerBuild, type LoadedRemote, type PageModule } from './bundles';
import { readConfig, readRemotes, type RendererConfig } from './config';
import { PAGE_CATCH, documentTemplate, pageDocument } from './document';
import {
  fileFor,
  notFoundFileFor,
  readIndex,
  removePage,
  robots,
  sitemap,
  writeAtomic,
  writeIndex,
  writePage,
  type RenderIndex,
  type RenderedEntry,
} from './output';
import { plan, touchesShell, type PlannedRoute, type Scope } from './plan';
import { SanitizeWindows } from './sanitize-windows';

// Dates on the pages are in the site's zone whatever the machine's (formatDate does the same in any browser).
process.env.TZ = SITE_TIME_ZONE;

export interface RunReport {
  rendered: number;
  kept: { url: string; reason: string }[];
  removed: number;
  clientOnly: string[];
  ms: number;
  pagesPerSecond: number;
  versions: Record<string, string>;
}

export async function runRender(config: RendererConfig, scopes: readonly Scope[], log = console): Promise<RunReport> {
  const started = performance.now();
  const host = loadHostBuild(config.hostRoot, config.cacheDir);
  const template = documentTemplate(
    readFileSync(path.join(config.hostRoot, 'index.html'), 'utf8'),
    readIfExists(path.join(config.hostRoot, PAGE_CATCH)),
  );
  const windows = new SanitizeWindows();
  const settings = () => ({ apiOrigin: config.apiOrigin, sanitizeWindow: windows.current() });
  const remotesFile = readRemotes(config);
  const previous = readIndex(config.outDir);
  const previousPages = previous?.pages ?? {};

  // A canary's variant (service.ts, canary.ts): only the pages of the canary's remote, into the canary's own output.
  const only = process.env.RENDER_ONLY_REMOTE || '';
  const publicRemotes = [...new Set(host.PUBLIC_ROUTES.map((r) => r.remote))].filter((r) => !only || r === only);
  const remotes = new Map<string, LoadedRemote>();
  for (const name of publicRemotes) {
    const url = remotesFile[name];
    if (!url) continue;
    const remote = await loadRemote(name, url, config.cacheDir);
    if (remote.problem) log.warn(`[renderer] ${name} ${remote.version}: ${remote.problem}; its pages are rendered by the browser`);
    remotes.set(name, remote);
  }
  const versions = Object.fromEntries([...remotes.values()].map((r) => [r.name, r.version]));

  // Which URLs each remote renders now. A remote without a usable server build keeps the URLs it had (or its list
  // pages): they are rendered with its slot left to the browser.
  const current: PlannedRoute[] = [];
  const enumerated = new Set<string>();
  for (const name of publicRemotes) {
    const remote = remotes.get(name);
    if (remote?.build?.renderRoutes) {
      for (const r of await remote.build.renderRoutes({ apiOrigin: config.apiOrigin })) current.push({ ...r, remote: name });
      enumerated.add(name);
      continue;
    }
    const before = Object.entries(previousPages).filter(([, e]) => e.remote === name);
    const urls = before.length
      ? before.map(([url]) => url)
      : host.PUBLIC_ROUTES.filter((r) => r.remote === name && !/Detail$/.test(r.path)).map((r) => r.path);
    for (const url of urls) current.push({ ...previousPages[url], url, remote: name });
  }

  const wanted = new Map<string, PlannedRoute>();
  for (const scope of scopes) for (const r of plan(scope, current, previousPages)) wanted.set(r.url, r);
  // The changed articles' own pages first, then the lists, then the pages around them: each file is served as soon
  // as it is written, so the page an editor just changed is the first to show it.
  const changed = new Set(scopes.flatMap((s) => ('changes' in s ? s.changes.flatMap((c) => (c.kind === 'article' ? [c.id] : [])) : [])));
  const rank = (r: PlannedRoute) => (r.articleId !== undefined && changed.has(r.articleId) ? 0 : r.articleId === undefined ? 1 : 2);
  const order = [...wanted.values()].sort((a, b) => rank(a) - rank(b));

  const loadPage = (remoteName: string, module: string): Promise<PageModule> => {
    const remote = remotes.get(remoteName);
    const load = remote?.build?.pages[module];
    if (!load) return Promise.reject(new host.ClientOnlySlot(`${remoteName}/${module}: ${remote?.problem ?? 'not in the remotes file'}`));
    return load();
  };

  const pages: Record<string, RenderedEntry> = {};
  const currentUrls = new Set(current.map((r) => r.url));
  for (const [url, entry] of Object.entries(previousPages)) if (currentUrls.has(url)) pages[url] = entry;
  const report: RunReport = { rendered: 0, kept: [], removed: 0, clientOnly: [], ms: 0, pagesPerSecond: 0, versions };

  // Every stylesheet the host's and the remotes' server builds registered (their pages' once loaded).
  const stylesheets = (host: string[]) => [...host, ...[...remotes.values()].flatMap((r) => r.build?.stylesheets?.() ?? [])];

  host.beginRenderRun(loadPage);
  for (const route of order) {
    try {
      const result = await host.renderPage({ url: route.url, siteOrigin: config.siteOrigin, settings: settings() });
      if (result.errors.length) throw new Error(result.errors.map((e) => e.message).join('; '));
      const html = pageDocument(template, {
        location: route.url,
        html: result.html,
        head: result.head,
        css: stylesheets(result.css),
        data: result.data,
        remotes: remotesFile,
        versions,
        preload: preloadsFor(host, remotes, route),
      });
      const file = fileFor(route.url);
      writePage(config.outDir, file, html);
      pages[route.url] = {
        file,
        remote: route.remote,
        versions,
        renderedAt: new Date().toISOString(),
        ...(route.lastModified ? { lastModified: route.lastModified } : {}),
        ...(route.channels ? { channels: route.channels } : {}),
        ...(route.articleId !== undefined ? { articleId: route.articleId } : {}),
        ...(route.blocks ? { blocks: route.blocks } : {}),
        ...(result.clientOnly ? { clientOnly: true } : {}),
        ...(route.canonical ? { canonical: route.canonical } : {}),
      };
      if (result.clientOnly) report.clientOnly.push(route.url);
      report.rendered++;
    } catch (e) {
      const reason = (e as Error)?.message ?? String(e);
      report.kept.push({ url: route.url, reason });
      log.error(`[renderer] ${route.url} not rendered, ${pages[route.url] ? 'the last good file stays' : 'the browser renders it'}: ${reason}`);
    }
  }

  // The not-found pages (issue 34.9): `/404`, which the origin answers any unknown path with, and each detail page's
  // not-found state, for an unknown article at its path; both with status 404. They show the shell alone (the
  // company's name, the footer), so a run renders them when that changes, or when one is missing; a failed one keeps
  // its last good file.
  const notFound: Record<string, string> = { ...previous?.notFound };
  if (!only) {
    const shell = scopes.some(touchesShell);
    for (const pathname of await host.notFoundPages()) {
      if (!shell && previous?.notFound?.[pathname]) continue;
      const remote = host.PUBLIC_ROUTES.find((r) => r.path === pathname);
      try {
        const result = await host.renderPage({ url: pathname, siteOrigin: config.siteOrigin, settings: settings(), notFound: true });
        if (result.errors.length) throw new Error(result.errors.map((e) => e.message).join('; '));
        const file = notFoundFileFor(pathname);
        writePage(
          config.outDir,
          file,
          pageDocument(template, {
            location: pathname,
            html: result.html,
            head: result.head,
            css: stylesheets(result.css),
            data: result.data,
            remotes: remotesFile,
            versions,
            preload: remote ? preloadsFor(host, remotes, { url: pathname, remote: remote.remote }) : { manifests: [], scripts: [] },
            notFound: true,
          }),
        );
        notFound[pathname] = file;
      } catch (e) {
        const reason = (e as Error)?.message ?? String(e);
        report.kept.push({ url: `${pathname} (not found)`, reason });
        log.error(`[renderer] the not-found page of ${pathname} not rendered: ${reason}`);
      }
    }
  }
  windows.close();

  // Pages no longer published (an article withdrawn or deleted) are gone: their URL answers 404 again. Their files
  // go once the index no longer names them (below), so an origin reading the index is never sent to a removed file.
  const withdrawn = Object.entries(previousPages).filter(([url, entry]) => !currentUrls.has(url) && enumerated.has(entry.remote));
  for (const [url, entry] of Object.entries(previousPages)) if (!currentUrls.has(url) && !enumerated.has(entry.remote)) pages[url] = entry;

  const index: RenderIndex = {
    generatedAt: new Date().toISOString(),
    pages,
    clientRoutes: host.CLIENT_ROUTES,
    // Also a detail route whose channel has nothing published now: any id there is unknown.
    detailPaths: [
      ...new Set([
        ...current.filter((r) => r.url.includes('?id=')).map((r) => r.url.split('?')[0]),
        ...host.PUBLIC_ROUTES.filter((r) => /Detail$/.test(r.path)).map((r) => r.path),
      ]),
    ],
    urls: [...currentUrls],
    notFound,
  };
  writeIndex(config.outDir, index);
  for (const [, entry] of withdrawn) removePage(config.outDir, entry.file);
  report.removed = withdrawn.length;
  writeAtomic(path.join(config.outDir, 'sitemap.xml'), sitemap(config.siteOrigin, index));
  writeAtomic(path.join(config.outDir, 'robots.txt'), robots(config.siteOrigin));

  report.ms = Math.round(performance.now() - started);
  report.pagesPerSecond = report.rendered ? Math.round((report.rendered / report.ms) * 1000 * 10) / 10 : 0;
  return report;
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

async function main() {
  // The service that started this run is gone: stop writing.
  process.once('disconnect', () => process.exit(1));
  const scopes = JSON.parse(process.argv[2] || '[{"all":true}]') as Scope[];
  const report = await runRender(readConfig(), scopes);
  if (process.send) process.send({ report });
  else console.log(JSON.stringify(report));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error('[renderer] render run failed:', e);
      process.exit(1);
    },
  );
}

function readIfExists(file: string): string | null {
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}
