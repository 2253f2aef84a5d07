/**
 * One render run: loads the host's and the live remotes' server builds, asks each remote which URLs it renders,
 * renders those the run's scopes touch, writes their files, the index, sitemap.xml and robots.txt, and exits.
 * A page whose render fails keeps its last good file (or, without one, is served as the browser-rendered shell).
 *
 *   node --import tsx src/worker.ts '[{"all":true}]'      (configuration from the environment, see config.ts)
 */
import { availableParallelism, setPriority } from 'node:os';
import path from 'node:path';
import { SITE_TIME_ZONE } from '@site/contract';
import { loadHostBuild } from './bundles';
import { READY_ARG, readConfig, readRemotes, type RendererConfig } from './config';
import {
  fenceWrites,
  readIndex,
  setFenceDeadline,
  removePage,
  robots,
  SITEMAP_LIMITS,
  writeAtomic,
  writeIndex,
  writeSitemaps,
  writeFenceBuffer,
  type RenderIndex,
  type RenderedEntry,
  type SitemapLimits,
} from './output';
import { entryFor, openPageJob, type JobSpec, type PageOutcome } from './page-job';
import { renderReadsOrigin, reportServedVersions } from './feed-api';
import { plan, touchesShell, type PlannedRoute, type Scope } from './plan';
import { renderPool } from './pool';
import { noPages, type RunReport } from './run-report';

// Dates on the pages are in the site's zone whatever the machine's (formatDate does the same in any browser).
process.env.TZ = SITE_TIME_ZONE;

export type { RunReport };

/** RENDER_WORKERS: the run's workers, its own thread included; default every core. */
export function renderWorkers(env: NodeJS.ProcessEnv = process.env): number {
  const n = Math.floor(Number(env.RENDER_WORKERS));
  return Number.isFinite(n) && n >= 1 ? n : availableParallelism();
}

export interface RunOptions {
  /**
   * Called once the changed articles' own pages are written (at once in a run without any): the rest of the run is
   * background work (the worker lowers its thread's priority there). Set, its render threads run below normal
   * priority from their start. Not called in a fenced run: its thread stays free and at its priority for the fence.
   */
  background?: () => void;
}

export async function runRender(config: RendererConfig, scopes: readonly Scope[], log = console, options: RunOptions = {}): Promise<RunReport> {
  const started = performance.now();
  const host = loadHostBuild(config.hostRoot, config.cacheDir);
  const remotesFile = readRemotes(config);
  const previous = readIndex(config.outDir);
  const previousPages = previous?.pages ?? {};

  // A canary's variant (service.ts, canary.ts): only the pages of the canary's remote, into the canary's own output.
  const only = process.env.RENDER_ONLY_REMOTE || '';
  const publicRemotes = [...new Set(host.PUBLIC_ROUTES.map((r) => r.remote))].filter((r) => !only || r === only);
  // The pages' reads under the API's renderer path (served a turn at a time there); the feed's calls stay outside it.
  const apiOrigin = await renderReadsOrigin(config.apiOrigin);
  const spec: JobSpec = {
    outDir: config.outDir,
    apiOrigin,
    siteOrigin: config.siteOrigin,
    hostRoot: config.hostRoot,
    cacheDir: config.cacheDir,
    remotes: remotesFile,
    names: publicRemotes,
  };
  const job = await openPageJob(spec, (line) => log.warn(line));
  const { remotes, versions } = job;
  // Field reports count only for page views of versions the site serves: these, before any page of them is out.
  if (config.token)
    await reportServedVersions(config.apiOrigin, config.token, versions).catch((e: unknown) =>
      log.warn(`[renderer] the served versions could not be told to the API: ${(e as Error)?.message ?? e}`),
    );

  // A changed article's page the last run rendered is rendered now, while the remotes list their URLs (at 10,000
  // articles that takes seconds of API calls): the page an editor just changed is out first (2 s). Its
  // entry is completed from the route below; an article withdrawn meanwhile loses the file at the end as before.
  const changed = changedArticles(scopes);
  const early: PlannedRoute[] = Object.entries(previousPages)
    .filter(([, e]) => e.articleId !== undefined && changed.has(e.articleId) && publicRemotes.includes(e.remote))
    .map(([url, e]) => ({ ...e, url, remote: e.remote }));
  let firstPageMs: number | null = null;
  const earlyDone = (async () => {
    const outcomes: PageOutcome[] = [];
    for (const route of early) {
      outcomes.push(await job.render(route));
      firstPageMs ??= Math.round(performance.now() - started);
    }
    return outcomes;
  })();

  // Which URLs each remote renders now. A remote without a usable server build keeps the URLs it had (or its list
  // pages): they are rendered with its slot left to the browser.
  const current: PlannedRoute[] = [];
  const enumerated = new Set<string>();
  for (const name of publicRemotes) {
    const remote = remotes.get(name);
    if (remote?.build?.renderRoutes) {
      for (const r of await remote.build.renderRoutes({ apiOrigin })) current.push({ ...r, remote: name });
      enumerated.add(name);
      continue;
    }
    const before = Object.entries(previousPages).filter(([, e]) => e.remote === name);
    const urls = before.length
      ? before.map(([url]) => url)
      : host.PUBLIC_ROUTES.filter((r) => r.remote === name && r.search?.id !== 'required').map((r) => r.path);
    for (const url of urls) current.push({ ...previousPages[url], url, remote: name });
  }

  const wanted = new Map<string, PlannedRoute>();
  for (const scope of scopes) for (const r of plan(scope, current, previousPages)) wanted.set(r.url, r);
  const earlyOutcomes = await earlyDone;
  for (const { url } of earlyOutcomes) wanted.delete(url);
  const order = runOrder([...wanted.values()], scopes);
  // A changed article new since the last run is first in the order: the run goes to the background after it.
  const urgent = order.filter((r) => r.articleId !== undefined && changed.has(r.articleId)).length;
  // Under the render lease the run's thread moves the write fence as the service renews: it stays at its priority and
  // leaves the pages after the urgent ones to the render threads (pool.ts), which go to the background themselves.
  const fenced = writeFenceBuffer() !== null;
  const toBackground = fenced ? undefined : options.background;
  if (!urgent) toBackground?.();

  const pages: Record<string, RenderedEntry> = {};
  const currentUrls = new Set(current.map((r) => r.url));
  for (const [url, entry] of Object.entries(previousPages)) if (currentUrls.has(url)) pages[url] = entry;
  const workers = renderWorkers();
  const report = noPages({ versions, workers, sitemapFiles: 1 });

  const threadHeapMb = Math.max(128, Number(process.env.RENDER_THREAD_HEAP_MB) || 1024);
  const byUrl = new Map(current.map((r) => [r.url, r]));
  const record = ({ url, entry, reason, unchanged }: PageOutcome) => {
    firstPageMs ??= Math.round(performance.now() - started);
    if (entry) {
      pages[url] = entry;
      if (entry.clientOnly) report.clientOnly.push(url);
      report.rendered++;
      if (unchanged) report.unchanged++;
      return;
    }
    const why = reason ?? 'not rendered';
    report.kept.push({ url, reason: why });
    log.error(`[renderer] ${url} not rendered, ${pages[url] ? 'the last good file stays' : 'the browser renders it'}: ${why}`);
  };
  // The pages rendered ahead: those still published, with what their route says now (a new publish date, channel).
  for (const o of earlyOutcomes) {
    const route = byUrl.get(o.url);
    if (route) record(o.entry ? { ...o, entry: entryFor(route, o.entry) } : o);
  }
  let done = 0;
  const poolOptions = { workers, spec, threadHeapMb, background: Boolean(options.background), localPages: fenced ? urgent : undefined };
  await renderPool(order, job, poolOptions, (o) => {
    if (++done === urgent) toBackground?.();
    record(o);
  });
  // The not-found pages: `/404`, which the origin answers any unknown path with, and each detail page's
  // not-found state, for an unknown article at its path; both with status 404. They show the shell alone (the
  // company's name, the footer), so a run renders them when that changes, or when one is missing; a failed one keeps
  // its last good file.
  const notFound: Record<string, string> = { ...previous?.notFound };
  if (!only) {
    const shell = scopes.some(touchesShell);
    for (const pathname of await host.notFoundPages()) {
      if (!shell && previous?.notFound?.[pathname]) continue;
      try {
        notFound[pathname] = await job.renderNotFound(pathname);
      } catch (e) {
        const reason = (e as Error)?.message ?? String(e);
        report.kept.push({ url: `${pathname} (not found)`, reason });
        log.error(`[renderer] the not-found page of ${pathname} not rendered: ${reason}`);
      }
    }
  }
  job.close();

  // The index in the run's order, as one worker writes it: the same file whichever worker rendered which page.
  const ordered: Record<string, RenderedEntry> = {};
  for (const url of Object.keys(pages).sort()) ordered[url] = pages[url];

  // Pages no longer published (an article withdrawn or deleted) are gone: their URL answers 404 again. Their files
  // go once the index no longer names them (below), so an origin reading the index is never sent to a removed file.
  const withdrawn = Object.entries(previousPages).filter(([url, entry]) => !currentUrls.has(url) && enumerated.has(entry.remote));
  for (const [url, entry] of Object.entries(previousPages)) if (!currentUrls.has(url) && !enumerated.has(entry.remote)) ordered[url] = entry;

  const index: RenderIndex = {
    generatedAt: new Date().toISOString(),
    pages: ordered,
    clientRoutes: host.CLIENT_ROUTES,
    // Also a detail route whose channel has nothing published now: any id there is unknown.
    detailPaths: [
      ...new Set([
        ...current.filter((r) => r.url.includes('?id=')).map((r) => r.url.split('?')[0]),
        ...host.PUBLIC_ROUTES.filter((r) => r.search?.id === 'required').map((r) => r.path),
      ]),
    ],
    urls: [...currentUrls],
    notFound,
  };
  writeIndex(config.outDir, index);
  for (const [, entry] of withdrawn) removePage(config.outDir, entry.file);
  report.removed = withdrawn.length;
  report.sitemapFiles = writeSitemaps(config.outDir, config.siteOrigin, index, sitemapLimits());
  writeAtomic(path.join(config.outDir, 'robots.txt'), robots(config.siteOrigin));

  report.ms = Math.round(performance.now() - started);
  report.pagesPerSecond = report.rendered ? Math.round((report.rendered / report.ms) * 1000 * 10) / 10 : 0;
  report.peakRssMB = Math.round(process.resourceUsage().maxRSS / 1024);
  report.firstPageMs = firstPageMs;
  return report;
}

/**
 * The order pages are written in, each served as soon as it is: the changed articles' own pages first (the page an
 * editor just changed is the first to show it), then a just-published remote's pages (`{all, first}`: releases are
 * immutable, so every other page is still valid with the release it names until its turn), lists before details.
 */
export function runOrder(routes: PlannedRoute[], scopes: readonly Scope[]): PlannedRoute[] {
  const changed = changedArticles(scopes);
  const first = new Set(scopes.flatMap((s) => ('all' in s ? (s.first ?? []) : [])));
  const rank = (r: PlannedRoute) =>
    r.articleId !== undefined && changed.has(r.articleId) ? 0 : (first.has(r.remote) ? 1 : 3) + (r.articleId === undefined ? 0 : 1);
  return routes.sort((a, b) => rank(a) - rank(b));
}

/** The articles the scopes' changes name. */
function changedArticles(scopes: readonly Scope[]): Set<number> {
  return new Set(scopes.flatMap((s) => ('changes' in s ? s.changes.flatMap((c) => (c.kind === 'article' ? [c.id] : [])) : [])));
}

/** The sitemap protocol's limits per file (50,000 URLs, 50 MB); RENDER_SITEMAP_MAX_URLS lowers the first (tests). */
export function sitemapLimits(env: NodeJS.ProcessEnv = process.env): SitemapLimits {
  const urls = Math.floor(Number(env.RENDER_SITEMAP_MAX_URLS));
  return { ...SITEMAP_LIMITS, ...(urls >= 1 && urls <= SITEMAP_LIMITS.urls ? { urls } : {}) };
}

async function main() {
  // The service that started this run is gone: stop writing. Also when it went while this module was loading (its
  // channel closed before anyone listened: a worker started ahead is killed with its service at any moment).
  process.once('disconnect', () => process.exit(1));
  if (process.send && !process.connected) process.exit(1);
  // A run under the render lease (the service sets RENDER_FENCED): it writes only until the lease's deadline, which
  // the service moves as it renews. The service's own event loop may be starved or blocked past the lease and not
  // stop this run in time; the fence does not depend on it.
  const fence = process.env.RENDER_FENCED === '1' ? fenceWrites(new SharedArrayBuffer(8)) : null;
  if (fence) {
    setFenceDeadline(fence, Number(process.env.RENDER_LEASE_UNTIL) || 0);
    process.on('message', (m: { leaseUntil?: number }) => {
      if (typeof m.leaseUntil === 'number') setFenceDeadline(fence, m.leaseUntil);
    });
  }
  let scopes: Scope[];
  if (process.argv[2] === READY_ARG) {
    // Started ahead: what every run loads first (tsx, React, antd, jsdom through the host's build) is loaded while
    // there is nothing to render, so a change's run starts with its pages. The build is the host's as deployed now
    // (cached by its content: a host deployed meanwhile is loaded again by the run); a host not there yet is the run's
    // to report.
    const ahead = readConfig();
    try {
      loadHostBuild(ahead.hostRoot, ahead.cacheDir);
    } catch {
      /* the run says why */
    }
    scopes = await new Promise<Scope[]>((resolve) => {
      const take = (m: { scopes?: Scope[] }) => {
        if (!m.scopes) return;
        process.off('message', take);
        resolve(m.scopes);
      };
      process.on('message', take);
    });
  } else scopes = JSON.parse(process.argv[2] || '[{"all":true}]') as Scope[];
  // Below the servers once the changed articles' own pages are out: the rest is background work that must not slow
  // the pages and the API it renders from (a fenced run's render threads only: runRender).
  const background = () => {
    try {
      setPriority(10);
    } catch {
      /* not permitted here: the run goes on at its priority */
    }
  };
  const report = await runRender(readConfig(), scopes, console, { background });
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
