/**
 * The renderer's part in a canary release (the state, the rule of who gets it and the release steps are
 * @site/releases, shared with the release script and the host origin):
 *
 * - while a canary is open, each run also renders the canary's variant of every page its remote owns, with the
 *   remotes file a canary visitor gets, into `<RENDER_OUT_DIR>/canary/` (with a shared storage published under
 *   `site/rendered-canary/`); the host origin sends those to the visitors in the canary. When the canary ends
 *   (promote, abort) the next run removes them;
 * - the automatic rollback: the holder of the render lease compares, every RENDER_CANARY_CHECK_MS (15 s), the canary's
 *   failed visitors with the live version's since the canary started (the field reports, through the API's
 *   `/internal/render/canary-figures`), and aborts the canary when `judgeCanary` says so, through @site/releases
 *   `autoAbort` (the code path of `scripts/remote.cjs abort --auto`), with the figures as the reason in the release history.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { CANARY_FILE, CANARY_OUTPUT_DIR, CANARY_RENDERED_PREFIX, parseCanary, releases, variantRemotes, type CanaryState } from '@site/releases';
import { envNumber, readRemotes, type RendererConfig } from './config';
import { copiesFirst, publishOutput, writeAtomic } from './output';
import type { Scope } from './plan';

export type { CanaryState };

/**
 * Where this renderer reads the canary state: beside the remotes file (the deploy folder), or with a shared storage
 * its copy of the stored one in the output folder (service.ts keeps it, as the remotes file). Null: a site without a
 * remotes file has no canary.
 */
export function canaryFile(config: RendererConfig): string | null {
  if (config.store) return path.join(config.outDir, CANARY_FILE);
  return config.remotesFile ? path.join(path.dirname(config.remotesFile), CANARY_FILE) : null;
}

export const canaryDir = (config: RendererConfig): string => path.join(config.outDir, CANARY_OUTPUT_DIR);

/**
 * What a canary's opening, change or end (the automatic abort's too) asks of the next run. No live page: the live
 * remotes file stays as it is during a canary (@site/releases; a promote changes it, and the remotes file's own watch
 * renders every page then), so only the canary's variant is rendered, or removed.
 */
export const CANARY_CHANGED: Scope = { canary: true };

/** The scopes the live output is rendered for; none: the run is the canary's variant alone. */
export const liveScopes = (scopes: readonly Scope[]): Scope[] => scopes.filter((s) => !('canary' in s));

/**
 * Aborts the canary it judged, as `node scripts/remote.cjs abort <remote> --auto <version>` does, with this renderer's
 * storage settings and its deploy folder (the folder of the canary file): the state removed, the release history told
 * who (`page-renderer`) and why. Answers whether it ended it (false: it had ended already, or another canary is open now).
 */
export async function autoAbortCanary(
  config: RendererConfig,
  canary: CanaryState,
  reason: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<boolean> {
  const file = canaryFile(config);
  if (!file) return false;
  // The service logs the abort itself, with the figures.
  const desk = releases({ deployDir: path.dirname(file), log: () => {} });
  const { ended } = await desk.autoAbort(canary, { by: 'page-renderer', reason }, env);
  return ended !== null;
}

export interface CanarySettings {
  /** Visitors (distinct addresses) the canary must have had before it is judged (RENDER_CANARY_MIN_VIEWS, 30). */
  minViews: number;
  /** The canary is worse when its failed share is above ratio × the live share + margin (RENDER_CANARY_RATIO 2, RENDER_CANARY_MARGIN 0.01). */
  ratio: number;
  margin: number;
  /** How often the figures are read (RENDER_CANARY_CHECK_MS, 15000). */
  everyMs: number;
}

export function canarySettings(env: NodeJS.ProcessEnv = process.env): CanarySettings {
  return {
    minViews: envNumber(env, 'RENDER_CANARY_MIN_VIEWS', 30),
    ratio: envNumber(env, 'RENDER_CANARY_RATIO', 2),
    margin: envNumber(env, 'RENDER_CANARY_MARGIN', 0.01),
    everyMs: Math.max(100, envNumber(env, 'RENDER_CANARY_CHECK_MS', 15000)),
  };
}

export interface Figures {
  views: number;
  failed: number;
}

/**
 * The rule: with at least `minViews` canary visitors, the canary is aborted when its share of visitors with a failed
 * view is above `ratio` × the live version's share over the same period + `margin` (defaults: 30 visitors, 2 × live
 * + 1 point). The API counts visitors, not reports (a visitor is an address that viewed the version), so one
 * address's reports can neither abort a canary nor hide a failing one. Else: keep it (with why not yet, for the log).
 */
export function judgeCanary(canary: Figures, live: Figures, s: CanarySettings): { abort: boolean; reason: string } {
  const rate = (f: Figures) => (f.views ? f.failed / f.views : 0);
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  const limit = s.ratio * rate(live) + s.margin;
  const figures = `canary ${canary.failed} of ${canary.views} visitors failed (${pct(rate(canary))}), live ${live.failed} of ${live.views} (${pct(rate(live))})`;
  if (canary.views < s.minViews) return { abort: false, reason: `${figures}; fewer than ${s.minViews} canary visitors, not judged yet` };
  if (rate(canary) > limit)
    return {
      abort: true,
      reason: `${figures}: above ${s.ratio} × live + ${pct(s.margin)} = ${pct(limit)} after at least ${s.minViews} canary visitors`,
    };
  return { abort: false, reason: `${figures}: within ${pct(limit)}` };
}

/** A version's name in the remotes file's URL (`…/1.2.0/mf-manifest.json`), as the browser's field report names it. */
export const versionOfUrl = (url: string | undefined): string | null => (url ? (/\/([^/]+)\/mf-manifest\.json$/.exec(url)?.[1] ?? null) : null);

/** The open canary now (its state file beside the remotes file, or this renderer's copy of the stored one), or null. */
export function readCanary(config: RendererConfig): CanaryState | null {
  const file = canaryFile(config);
  if (!file || !existsSync(file)) return null;
  try {
    return parseCanary(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * The canary's variant of its remote's pages, after a live run: rendered (`run`, a worker run with these variables)
 * with the remotes file a canary visitor gets into `<outDir>/canary/`, and with a shared storage published under
 * `site/rendered-canary/`; with no canary open, that output is removed (folder and keys). A new canary (another
 * version or remote, or no output yet) renders all of its pages; else the run's own scopes, and a run of only
 * CANARY_CHANGED has nothing to render again.
 */
export async function renderCanaryVariant(
  config: RendererConfig,
  scopes: readonly Scope[],
  deps: {
    run: (scopes: readonly Scope[], env: NodeJS.ProcessEnv) => Promise<{ rendered: number }>;
    published: Map<string, string>;
    signal?: AbortSignal;
  },
): Promise<{ canary: CanaryState | null; rendered: number; removed: boolean }> {
  const dir = canaryDir(config);
  const canary = readCanary(config);
  const store = config.store && { storage: config.store.storage, prefix: CANARY_RENDERED_PREFIX };
  if (!canary) {
    const removed = existsSync(dir);
    rmSync(dir, { recursive: true, force: true });
    if (store && (deps.published.size || removed)) {
      // Each page's .br/.gz before the page, as publishOutput deletes: a brotli visitor never gets a page that is gone.
      const keys = (await store.storage.list(store.prefix)).map(({ key }) => key.slice(store.prefix.length));
      for (const rel of copiesFirst(keys)) await store.storage.delete(`${store.prefix}${rel}`);
      deps.published.clear();
    }
    return { canary: null, rendered: 0, removed };
  }
  const remotesCopy = path.join(dir, 'remotes.json');
  const variant = JSON.stringify(variantRemotes(readRemotes(config), canary));
  const before = existsSync(remotesCopy) ? readFileSync(remotesCopy, 'utf8') : '';
  const fresh = before !== variant || !existsSync(path.join(dir, 'index.json'));
  if (fresh) writeAtomic(remotesCopy, variant);
  else if (!liveScopes(scopes).length) return { canary, rendered: 0, removed: false };
  const report = await deps.run(fresh ? [{ all: true }] : scopes, {
    RENDER_OUT_DIR: dir,
    RENDER_REMOTES_FILE: remotesCopy,
    RENDER_ONLY_REMOTE: canary.remote,
    STORAGE_DRIVER: 'local',
  });
  if (store) await publishOutput(dir, store, deps.published, deps.signal);
  return { canary, rendered: report.rendered, removed: false };
}
