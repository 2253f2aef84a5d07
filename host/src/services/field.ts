import { getInstance } from '@module-federation/enhanced/runtime';
import { FIELD_LIMITS, FIELD_PHONE_MAX_WIDTH, type FieldMetric, type FieldReport } from '@site/contract';
import { renderedPage } from '../federation/rendered-page';
import { remoteStatus } from '../federation/remotes';
import { routeFor } from '../federation/route-table';
import { noteFieldError, notedFieldErrors } from './field-errors';

/**
 * Field figures from real browsers (issue 37.1). Nothing is sent from here: the page view's report rides the exit
 * record of the visit (services/visit.ts, at pagehide), so reporting adds no request and never a second beacon.
 *
 * - Failures are noted from the start (services/field-errors.ts): uncaught errors, unhandled rejections, chunk and
 *   remote load failures, a remote's error fallback, hydration errors.
 * - The vitals library (web-vitals: LCP, INP, CLS, TTFB) is a chunk of its own, loaded once the page has loaded and
 *   the browser is idle, never before the page is interactive; its observers read the entries buffered meanwhile.
 */
export interface FieldDeps {
  win: Pick<Window, 'addEventListener'> & { innerWidth: number };
  pathname: () => string;
  hostVersion: string;
  /** Federation name -> version of the remotes this page runs (rendered page, remotes file, manifests). */
  versions: () => Record<string, string>;
  loadVitals: () => Promise<Pick<typeof import('web-vitals'), 'onLCP' | 'onINP' | 'onCLS' | 'onTTFB'>>;
  whenIdle: (run: () => void) => void;
}

const vitals: Partial<Record<FieldMetric, number>> = {};

type ManifestLike = { name?: string; id?: string; metaData?: { buildInfo?: { buildVersion?: string } } };
/** The manifests the federation runtime has read (by URL): a remote's buildVersion, read at pagehide without a request. */
function loadedManifests(): ManifestLike[] {
  try {
    const cache = (getInstance() as unknown as { snapshotHandler?: { manifestCache?: Map<string, ManifestLike> } } | null)?.snapshotHandler
      ?.manifestCache;
    return cache ? [...cache.values()] : [];
  } catch {
    return [];
  }
}

/**
 * The version of each remote: the rendered page names them; else the version folder of its manifest URL (as
 * scripts/remote.cjs publishes them); else the buildVersion of the manifest the runtime loaded.
 */
export function remoteVersions(): Record<string, string> {
  const out: Record<string, string> = {};
  const manifests = loadedManifests();
  for (const r of remoteStatus.list()) {
    const v =
      r.version ??
      /\/(\d+\.\d+\.\d+[^/]*)\//.exec(r.entry)?.[1] ??
      manifests.find((m) => m.name === r.name || m.id === r.name)?.metaData?.buildInfo?.buildVersion;
    if (v) out[r.name] = v;
  }
  return { ...out, ...(renderedPage()?.versions ?? {}) };
}

const defaultDeps = (): FieldDeps => ({
  win: window,
  pathname: () => window.location.pathname,
  hostVersion: process.env.APP_VERSION ?? '',
  versions: remoteVersions,
  loadVitals: () => import(/* webpackChunkName: "web-vitals" */ 'web-vitals'),
  whenIdle: (run) => {
    const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(run, { timeout: 5000 }) : setTimeout(run, 1000));
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  },
});

let deps: FieldDeps | null = null;

const clip = (s: string, n: number) => s.slice(0, n);
/** The route pattern of a path (`/newsDetail`), never the address with its ids; `/404` for an address the site has not. */
export function routePattern(pathname: string): { route: string; remote: string } {
  const r = routeFor(pathname);
  if (r) return { route: r.path, remote: r.remote };
  return { route: /^\/search\/?$/i.test(pathname) ? '/search' : '/404', remote: 'host' };
}

function errorText(reason: unknown): string {
  if (reason instanceof Error) return `${reason.name}: ${reason.message}`;
  return typeof reason === 'string'
    ? reason
    : (() => {
        try {
          return JSON.stringify(reason);
        } catch {
          return String(reason);
        }
      })();
}
const isChunkError = (text: string) => /Loading (CSS )?chunk .* failed|ChunkLoadError/i.test(text);

/** Starts noting this page view's figures (once per page load; the entry chunk calls it). */
export function startFieldReporting(partial: Partial<FieldDeps> = {}): void {
  if (deps) return;
  const d = (deps = { ...defaultDeps(), ...partial });
  d.win.addEventListener(
    'error',
    (e: Event) => {
      const ev = e as ErrorEvent;
      const target = ev.target as { tagName?: string; src?: string; href?: string } | null;
      // A script or stylesheet that failed to load (capture phase: such errors do not bubble).
      if (target && target.tagName && /^(SCRIPT|LINK)$/.test(target.tagName)) {
        noteFieldError('chunk', `资源加载失败 ${String(target.src || target.href || '').split('?')[0]}`);
        return;
      }
      const text = ev.error ? errorText(ev.error) : String(ev.message ?? '');
      noteFieldError(isChunkError(text) ? 'chunk' : 'error', text);
    },
    true,
  );
  d.win.addEventListener('unhandledrejection', (e: Event) => {
    const text = errorText((e as PromiseRejectionEvent).reason);
    noteFieldError(isChunkError(text) ? 'chunk' : 'rejection', text);
  });
  d.whenIdle(() => {
    d.loadVitals()
      .then(({ onLCP, onINP, onCLS, onTTFB }) => {
        const keep = (m: { name: string; value: number }) => {
          vitals[m.name as FieldMetric] = m.name === 'CLS' ? Math.round(m.value * 10000) / 10000 : Math.round(m.value);
        };
        // Every change kept: the exit record takes the latest at pagehide.
        onLCP(keep, { reportAllChanges: true });
        onINP(keep, { reportAllChanges: true });
        onCLS(keep, { reportAllChanges: true });
        onTTFB(keep);
      })
      .catch((e: unknown) => noteFieldError('chunk', errorText(e)));
  });
}

/** This page view's report for the exit record (landing route); undefined when reporting was not started. */
export function fieldReport(landingPath: string): FieldReport | undefined {
  if (!deps) return undefined;
  const d = deps;
  const versions = d.versions();
  const page = routePattern(landingPath);
  const version = (remote: string) => clip(remote === 'host' ? d.hostVersion : (versions[remote] ?? ''), FIELD_LIMITS.name);
  const report: FieldReport = {
    route: clip(page.route, FIELD_LIMITS.route),
    remote: page.remote,
    remoteVersion: version(page.remote),
    hostVersion: clip(d.hostVersion, FIELD_LIMITS.name),
    device: d.win.innerWidth < FIELD_PHONE_MAX_WIDTH ? 'phone' : 'desktop',
    vitals: { ...vitals },
    errors: notedFieldErrors().map((e) => {
      const at = routePattern(e.path);
      const remote = e.remote ?? at.remote;
      return { kind: e.kind, message: e.message, route: clip(at.route, FIELD_LIMITS.route), remote, remoteVersion: version(remote), count: e.count };
    }),
  };
  return report;
}

/** For tests only. */
export function resetFieldReportingForTests(): void {
  deps = null;
  for (const k of Object.keys(vitals)) delete vitals[k as FieldMetric];
}
