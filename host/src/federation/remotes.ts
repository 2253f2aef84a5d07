import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { routeFor, type RemoteName } from './route-table';
import { renderedPage } from './rendered-page';
import { noteFieldError } from '../services/field-errors';

/** The remotes file beside index.html: federation name -> manifest URL. Read at start, never built in. */
export const REMOTES_FILE = '/remotes.json';
export type RemotesFile = Partial<Record<RemoteName, string>>;

export type RemoteState = 'registered' | 'loading' | 'loaded' | 'failed';
export interface RemoteStatus {
  name: RemoteName;
  entry: string;
  state: RemoteState;
  version?: string;
  sharedVersion?: string;
  error?: string;
}

const statuses = new Map<RemoteName, RemoteStatus>();
const listeners = new Set<() => void>();
function update(name: RemoteName, patch: Partial<RemoteStatus>) {
  const prev = statuses.get(name);
  if (!prev) return;
  statuses.set(name, { ...prev, ...patch });
  listeners.forEach((l) => l());
}
export const remoteStatus = {
  list: () => [...statuses.values()],
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

/**
 * No cache option on this fetch: index.html preloads the file (`<link rel="preload" as="fetch">`) and a fetch
 * with another cache mode would not reuse that download. Fresh anyway: the site serves it `no-cache`.
 */
export async function readRemotesFile(): Promise<RemotesFile> {
  // A rendered page names the remotes it was rendered with: the browser hydrates with exactly those.
  const rendered = renderedPage();
  if (rendered) return rendered.remotes as RemotesFile;
  const res = await fetch(REMOTES_FILE);
  if (!res.ok) throw new Error(`remotes file ${REMOTES_FILE}: HTTP ${res.status}`);
  return (await res.json()) as RemotesFile;
}

export function registerAll(file: RemotesFile): void {
  const remotes = Object.entries(file).map(([name, entry]) => ({ name, entry: entry as string }));
  registerRemotes(remotes, { force: true });
  for (const r of remotes) statuses.set(r.name as RemoteName, { name: r.name as RemoteName, entry: r.entry, state: 'registered' });
}

let ready: Promise<RemotesFile> | undefined;
/** Reads and registers the remotes file once per page: the entry chunk starts it, the app awaits the same. */
export function remotesReady(): Promise<RemotesFile> {
  ready ??= readRemotesFile().then((file) => {
    registerAll(file);
    return file;
  });
  return ready;
}

/**
 * The remote a rendered page was rendered with: it hydrates with exactly that version and keeps it. Every other
 * remote comes from the remotes file this visitor gets now: a visitor in a canary of remote-support
 * who lands on a news page (rendered for everyone, naming the live remotes) gets the canary's 服务支持 on the next
 * click, and a release made since the page was rendered is picked up.
 */
function renderedWith(remote: RemoteName): boolean {
  const page = renderedPage();
  return page !== null && routeFor(page.location.split('?')[0])?.remote === remote;
}

let current: Promise<void> | undefined;
/**
 * On a rendered page, the visitor's remotes file, read once, when a remote other than the page's own is first
 * wanted (a click, a pointer over a link): the page itself never waits for it. Without it the rendered page's
 * remotes stay (the page names a working set).
 */
function currentRemotes(): Promise<void> {
  current ??= (async () => {
    const res = await fetch(REMOTES_FILE);
    if (!res.ok) throw new Error(`remotes file ${REMOTES_FILE}: HTTP ${res.status}`);
    const file = (await res.json()) as RemotesFile;
    const others = Object.entries(file).filter(
      ([name, entry]) => !renderedWith(name as RemoteName) && statuses.get(name as RemoteName)?.entry !== entry,
    );
    if (others.length) registerAll(Object.fromEntries(others));
  })().catch((e: unknown) => console.error("[host] could not read the remotes file; the rendered page's remotes stay", e));
  return current;
}

/** Registered as this remote is to be loaded: the rendered page's own from its HTML, any other as the visitor's file says. */
async function registered(remote: RemoteName): Promise<void> {
  await remotesReady();
  if (renderedPage() && !renderedWith(remote)) await currentRemotes();
}

/** Set by the resilience runtime plugin on a module that could not be loaded. */
const UNAVAILABLE = '__siteRemoteUnavailable';
/** A remote that answers nothing at all must not keep a page waiting longer than this. */
export const REMOTE_LOAD_TIMEOUT_MS = 6000;

export class RemoteUnavailableError extends Error {
  constructor(
    public readonly remote: RemoteName,
    public readonly module: string,
    detail: string,
  ) {
    super(`${remote}/${module.replace('./', '')}: ${detail}`);
    this.name = 'RemoteUnavailableError';
  }
}

/** Load one exposed module; rejects with RemoteUnavailableError on failure or timeout. */
export async function loadRemoteModule<T = unknown>(remote: RemoteName, module: string): Promise<T> {
  const id = `${remote}/${module.replace(/^\.\//, '')}`;
  if (statuses.get(remote)?.state !== 'loaded') update(remote, { state: 'loading' });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RemoteUnavailableError(remote, module, '加载超时')), REMOTE_LOAD_TIMEOUT_MS);
  });
  try {
    // Registration first (a no-op once done); a missing remotes file fails here like an unreachable remote.
    const mod = (await Promise.race([registered(remote).then(() => loadRemote<T>(id)), timeout])) as (T & Record<string, unknown>) | null;
    if (!mod || (mod as Record<string, unknown>)[UNAVAILABLE]) {
      const detail = String((mod as Record<string, unknown> | null)?.message ?? '无法加载');
      update(remote, { state: 'failed', error: detail });
      throw new RemoteUnavailableError(remote, module, detail);
    }
    update(remote, { state: 'loaded', error: undefined });
    return mod as T;
  } catch (e) {
    const err = e instanceof RemoteUnavailableError ? e : new RemoteUnavailableError(remote, module, (e as Error)?.message ?? String(e));
    update(remote, { state: 'failed', error: err.message });
    noteFieldError('remote', err.message, remote);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/** Record what a remote's manifest says about itself (for the /test page and the version checks). */
export function noteRemoteMeta(name: RemoteName, meta: { version?: string; sharedVersion?: string }) {
  update(name, meta);
}
