/**
 * The data a public page was rendered with ahead of time (the page renderer), handed to the browser that hydrates
 * the same page so its first render matches the HTML without asking the API again.
 *
 * One store per page load, on `globalThis` under a registered symbol: @site/ui is bundled into every app, and the
 * host and the remotes must all see the same store.
 * - In the renderer (`mode: 'server'`), `useAsync` starts each load once and suspends until it settles; the renderer
 *   serialises the settled entries into the page (`serializeRenderData`).
 * - In the browser (`mode: 'hydrate'`), `useAsync` starts from the entry of the same key, as long as the location
 *   is still the rendered one; the first navigation ends the store (`endRenderData`).
 * Keys are React's `useId()` (the same tree gives the same ids on both sides) plus the load's deps.
 */
export interface RenderError {
  message: string;
  code?: number;
}
export type SettledEntry = { data: unknown } | { error: RenderError };
type ServerEntry = { promise: Promise<void>; settled?: SettledEntry };

export interface ServerRenderStore {
  mode: 'server';
  entries: Map<string, ServerEntry>;
  /** A detail page's own title (usePageTitle), for the document title of the rendered file. */
  pageTitle?: string;
}
export interface HydrateRenderStore {
  mode: 'hydrate';
  entries: Record<string, SettledEntry>;
  /** pathname + search the HTML was rendered for. */
  location: string;
  ended: boolean;
}
type RenderStore = ServerRenderStore | HydrateRenderStore;

const KEY = Symbol.for('site.render-data');
const slot = () => globalThis as unknown as Record<symbol, RenderStore | undefined>;

export function renderKey(id: string, deps: readonly unknown[]): string {
  return `${id}|${JSON.stringify(deps)}`;
}

/** Renderer: a fresh store for the next page (pages are rendered one at a time per process). */
export function beginServerRender(): ServerRenderStore {
  const store: ServerRenderStore = { mode: 'server', entries: new Map() };
  slot()[KEY] = store;
  return store;
}

export function serverRenderStore(): ServerRenderStore | undefined {
  const s = slot()[KEY];
  return s?.mode === 'server' ? s : undefined;
}

function toRenderError(e: unknown): RenderError {
  const err = e as { message?: unknown; code?: unknown } | null;
  return { message: String(err?.message ?? e ?? 'load failed'), ...(typeof err?.code === 'number' ? { code: err.code } : {}) };
}

/** Renderer: the load of `key`, started once; the caller suspends on `promise` until `settled` is set. */
export function serverEntry(store: ServerRenderStore, key: string, load: () => Promise<unknown>): ServerEntry {
  let entry = store.entries.get(key);
  if (!entry) {
    const created: ServerEntry = {
      promise: Promise.resolve()
        .then(load)
        .then(
          (data) => void (created.settled = { data: data === undefined ? null : data }),
          (e: unknown) => void (created.settled = { error: toRenderError(e) }),
        ),
    };
    store.entries.set(key, created);
    entry = created;
  }
  return entry;
}

/** Renderer: what the page was rendered with, and the loads that failed (a page rendered with an error is not kept). */
export function serializeRenderData(store: ServerRenderStore): { entries: Record<string, SettledEntry>; errors: RenderError[] } {
  const entries: Record<string, SettledEntry> = {};
  const errors: RenderError[] = [];
  for (const [key, e] of store.entries) {
    if (!e.settled) continue;
    entries[key] = e.settled;
    if ('error' in e.settled) errors.push(e.settled.error);
  }
  return { entries, errors };
}

/** Browser: the rendered page's data, read from the page before the first render. */
export function beginHydration(entries: Record<string, SettledEntry>, location: string): void {
  slot()[KEY] = { mode: 'hydrate', entries, location, ended: false };
}

/** Browser: the entry of `key` while the rendered location is still on screen. */
export function hydrationEntry(key: string): SettledEntry | undefined {
  const s = slot()[KEY];
  if (s?.mode !== 'hydrate' || s.ended || typeof location === 'undefined') return undefined;
  if (location.pathname + location.search !== s.location) return undefined;
  return s.entries[key];
}

/** Browser: the first navigation away from the rendered page; later renders load as usual. */
export function endRenderData(): void {
  const s = slot()[KEY];
  if (s?.mode === 'hydrate') s.ended = true;
}

export function isHydrating(): boolean {
  const s = slot()[KEY];
  return s?.mode === 'hydrate' && !s.ended;
}
