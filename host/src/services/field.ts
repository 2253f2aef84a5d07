import { FIELD_LIMITS, FIELD_PHONE_MAX_WIDTH, type FieldMetric, type FieldReport, type FieldView } from '@site/contract';
import { fieldPageOf } from '@site/contract/routes';
import { renderedPage } from '../federation/rendered-page';
import { remoteStatus } from '../federation/remotes';
import { noteFieldError, notedFieldErrors } from './field-errors';

/**
 * Field figures from real browsers. Nothing is sent from here: the versions the page runs ride the
 * visit's entry record (fieldView), whose answer is the view's token, and the page view's report rides the exit
 * record with that token (services/visit.ts, at pagehide), so reporting adds no request and never a second beacon.
 * The API counts a report only with its view's token, for the page and versions the entry named.
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

/**
 * The version of each remote: the rendered page names them; else the version folder of its manifest URL in the
 * remotes file (as scripts/remote.cjs publishes them), or what the remote's manifest said (noteRemoteMeta). A
 * remote served from an address without a version (a development server) has none.
 */
export function remoteVersions(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of remoteStatus.list()) {
    const v = r.version ?? /\/(\d+\.\d+\.\d+[^/]*)\//.exec(r.entry)?.[1];
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
  whenIdle: whenLoadedAndIdle,
});

/** Runs `run` once the page has loaded and the browser is idle. */
export function whenLoadedAndIdle(run: () => void): void {
  const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(run, { timeout: 5000 }) : setTimeout(run, 1000));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

let deps: FieldDeps | null = null;

const clip = (s: string, n: number) => s.slice(0, n);
/** The route pattern of a path (`/newsDetail`), never the address with its ids; `/404` for an address the site has not. */
export const routePattern = fieldPageOf;

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

/** What the entry record carries: the versions this page runs, the host's included; undefined when reporting was not started. */
export function fieldView(): FieldView | undefined {
  if (!deps) return undefined;
  const versions: Record<string, string> = {};
  for (const [name, v] of Object.entries({ ...deps.versions(), host: deps.hostVersion })) if (v) versions[name] = clip(v, FIELD_LIMITS.name);
  return { versions };
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
