/**
 * The page renderer as a service (started by services/origin-server/src/serve.cjs beside the API and the origins).
 * Its runs come from the work loop (feed.ts), only while it holds the API's render lease:
 * - the API's change feed (`/internal/render/*`, SITE_RENDER_HOOK_TOKEN): each content change re-renders the pages it
 *   touches, and is acknowledged once they are written;
 * - at start, everything (the first run once it holds the lease);
 * - a change of the remotes file (a remote published or rolled back) re-renders the pages (each names the remotes);
 * - a new host index.html (the host deployed again, with new script names) re-renders the pages;
 * - every RENDER_FULL_INTERVAL_MS (default 10 minutes) everything again, for articles whose publish time arrives.
 * `POST /invalidate` is only a hint (look at the feed now); nothing depends on it. Each run is a child process
 * (worker.ts) that writes its files and exits: a run that crashes leaves the last good files, and memory never
 * accumulates here. Runs never overlap. `GET /status` says what the loop does and what the last run did (tests and
 * the benchmark wait on it).
 * With a shared storage (config.store) each run starts from the index last published there and ends by publishing
 * what it wrote (output.ts), before its changes are acknowledged; the remotes file is the stored one, copied here.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync, watchFile } from 'node:fs';
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import Fastify from 'fastify';
import { apiReady } from './api-ready';
import { READY_ARG, readConfig, readRemotes } from './config';
import { PAGE_CATCH } from './document';
import { RenderLoop } from './feed';
import { httpFeedApi } from './feed-api';
import { LeaseLost, pullIndex, publishOutput, writeAtomic } from './output';
import type { Scope } from './plan';
import { noPages, type RunReport } from './run-report';
import { RenderMetrics } from './metrics';
import { searchProcess } from './search-process';
import { CANARY_KEY } from '@site/releases';
import {
  autoAbortCanary,
  CANARY_CHANGED,
  canaryFile,
  canarySettings,
  judgeCanary,
  liveScopes,
  readCanary,
  renderCanaryVariant,
  versionOfUrl,
} from './canary';

const config = readConfig();
const FULL_INTERVAL_MS = Number(process.env.RENDER_FULL_INTERVAL_MS || 10 * 60 * 1000);
/** This process at the API: the lease's holder (stable for the process, new for a restarted one). */
const RENDERER_ID = process.env.RENDER_ID || `${hostname().replace(/[^\w.-]/g, '-')}:${process.pid}:${randomBytes(3).toString('hex')}`;

if (!config.token) {
  console.warn(
    '[renderer] SITE_RENDER_HOOK_TOKEN is not set: no change feed, so content changes appear with the periodic full run only, and nothing keeps a second renderer out of the output folder',
  );
}
const metrics = new RenderMetrics();
/**
 * Until when this renderer surely holds the render lease (feed.ts): each run's worker writes only until then
 * (output.ts, the write fence), and is told each time it moves. Without a feed there is no lease to hold.
 */
let leaseUntil = config.token ? 0 : Number.MAX_SAFE_INTEGER;
const loop = new RenderLoop<RunReport>({
  api: config.token ? httpFeedApi(config.apiOrigin, config.token) : null,
  id: RENDERER_ID,
  leaseUntil: (until) => {
    leaseUntil = until;
    if (worker?.connected) worker.send({ leaseUntil: until });
  },
  // Write-to-published-page time: each rendered change from its outbox row to now (its pages are out).
  published: (entries) => metrics.published(entries.map((e) => e.createdAt)),
  render: async (scopes, signal) => {
    const started = performance.now();
    try {
      const report = await renderAndPublish(scopes, signal);
      metrics.run((performance.now() - started) / 1000, true, report.rendered);
      return report;
    } catch (e) {
      metrics.run((performance.now() - started) / 1000, false);
      throw e;
    }
  },
});

/**
 * One run: the worker's pages, then (with a shared storage) their publication, then the canary's variant. A run of a
 * canary's opening or end alone (CANARY_CHANGED) has no live page to render: its report is the variant's.
 */
async function renderAndPublish(scopes: readonly Scope[], signal: AbortSignal): Promise<RunReport> {
  const live = liveScopes(scopes);
  const report = live.length ? await renderLive(live, signal) : null;
  const variant = await renderCanary(scopes, signal);
  return report ?? variant ?? noPages();
}

/** The live output's pages for the scopes, and with a shared storage their publication. */
async function renderLive(scopes: readonly Scope[], signal: AbortSignal): Promise<RunReport> {
  if (config.store) await pullIndex(config.outDir, config.store);
  const report = await runWorker(scopes, signal);
  console.log(
    `[renderer] ${report.rendered} pages in ${report.ms} ms (${report.unchanged} of them unchanged, not written again)${report.kept.length ? `, ${report.kept.length} kept from before` : ''}`,
  );
  if (config.store) {
    // Inside the run: the changes are acknowledged only once their pages are in the storage.
    const published = await publishOutput(config.outDir, config.store, publishedFiles, signal, () => {
      if (Date.now() >= leaseUntil) throw new LeaseLost('the render lease ran out: nothing more is published by this renderer');
    });
    console.log(`[renderer] published ${published.put.length} files, deleted ${published.deleted.length} files`);
  }
  return report;
}

/** What this process put of the canary's output into the shared storage (as publishedFiles). */
const publishedCanaryFiles = new Map<string, string>();
const openCanary = () => readCanary(config);

/** The canary's variant of its remote's pages after the live run (canary.ts renderCanaryVariant); its run's report, if it ran. */
async function renderCanary(scopes: readonly Scope[], signal: AbortSignal): Promise<RunReport | null> {
  let report: RunReport | null = null;
  const done = await renderCanaryVariant(config, scopes, {
    run: async (s, env) => (report = await runWorker(s, signal, env)),
    published: publishedCanaryFiles,
    signal,
  });
  if (done.canary) console.log(`[renderer] canary ${done.canary.remote}@${done.canary.version}: ${done.rendered} pages`);
  else if (done.removed) console.log('[renderer] no canary open: its pages are removed');
  return report;
}
const enqueue = (scope: Scope) => loop.enqueue(scope);

let worker: ChildProcess | null = null;
let stopping = false;
/** What this process put into the shared storage (file -> size and mtime): a run publishes only what it changed. */
const publishedFiles = new Map<string, string>();

/** A worker started ahead of the next run (worker.ts READY_ARG), its modules loaded; null while there is none. */
let ready: ChildProcess | null = null;

function forkWorker(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = fork(path.join(import.meta.dirname, 'worker.ts'), args, {
    execArgv: ['--require', path.join(import.meta.dirname, 'exit-with-service.cjs'), '--import', 'tsx'],
    // Fenced by the lease's deadline (output.ts): the deadline itself comes with the run (runWorker).
    env: { ...process.env, ...env, NODE_ENV: 'production', RENDER_FENCED: '1', RENDER_LEASE_UNTIL: String(leaseUntil) },
  });
  // Below the servers once the changed articles' own pages are out: the worker lowers its own priority then
  // (worker.ts `background`; a process may always lower its own, never raise it again).
  return child;
}

/**
 * The next run's worker, started now: a change's run then begins with its pages, not with loading Node, tsx, React
 * and antd (about a second, of the two seconds allowed from write to page). It exits with this process as a run does.
 */
function prepareWorker(): void {
  if (stopping || (ready && ready.exitCode === null && ready.connected)) return;
  const child = (ready = forkWorker([READY_ARG], {}));
  child.once('exit', () => {
    if (ready === child) ready = null;
  });
}

/** One run in a child process; `signal` stops it (the lease could not be kept): the files written so far stay. */
function runWorker(scopes: readonly Scope[], signal: AbortSignal, env: NodeJS.ProcessEnv = {}): Promise<RunReport> {
  return new Promise((resolve, reject) => {
    // The worker started ahead runs the live output's runs (a canary's variant has its own environment).
    const own = Object.keys(env).length === 0 && ready && ready.exitCode === null && ready.connected ? ready : null;
    ready = null;
    const child = (worker = own ?? forkWorker([JSON.stringify(scopes)], env));
    if (own) own.send({ scopes, leaseUntil });
    const stop = () => child.kill('SIGKILL');
    signal.addEventListener('abort', stop, { once: true });
    let report: RunReport | null = null;
    child.on('message', (m: { report?: RunReport }) => (report = m.report ?? report));
    child.on('error', reject);
    child.on('exit', (code, sig) => {
      worker = null;
      signal.removeEventListener('abort', stop);
      prepareWorker();
      if (report && code === 0) resolve(report);
      else
        reject(
          new Error(signal.aborted ? `stopped: ${String((signal.reason as Error)?.message ?? signal.reason)}` : `worker exited with ${code ?? sig}`),
        );
    });
  });
}

const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });

// A hint that the feed has something: the loop looks now instead of at the end of its poll. The body is not read.
app.post('/invalidate', async (req, reply) => {
  if (config.token && req.headers['x-render-token'] !== config.token) return reply.code(403).send({ error: 'forbidden' });
  loop.poke();
  return reply.code(202).send({ woken: true });
});

// /search?text=… rendered on demand (search-page.ts) in a child process (search-process.ts): the host
// origin and nginx pass it here.
const search = searchProcess(config.hostRoot);
app.get('/search', async (req, reply) => {
  // This port is never public: the front door (the Node host origin, nginx) says whose search it is in X-Real-IP.
  const realIp = req.headers['x-real-ip'];
  const answer = await search.answer(req.url, typeof realIp === 'string' && realIp ? realIp : (req.socket.remoteAddress ?? ''));
  return reply.code(answer.status).headers(answer.headers).send(answer.body);
});

app.get('/status', async () => ({ ...loop.status(), pid: process.pid, canary: openCanary(), canaryAborts }));

// Prometheus text (docs/deploy.md, section 7): on this loopback port only, as /status.
app.get('/metrics', async (_req, reply) => {
  const status = loop.status();
  return reply
    .type('text/plain; version=0.0.4; charset=utf-8')
    .send(metrics.text({ holder: status.role === 'holder' || status.role === 'unfed', pending: status.pending }));
});

/** The remotes file names other versions: re-render the pages of the remotes whose entry changed. */
function watchRemotes(file: string): void {
  let before = readRemotes(config);
  watchFile(file, { interval: 500 }, () => {
    let now: Record<string, string>;
    try {
      now = readRemotes(config);
    } catch {
      return; // being replaced (remote.cjs renames a complete file into place)
    }
    const changed = Object.keys({ ...before, ...now }).filter((k) => before[k] !== now[k]);
    before = now;
    if (changed.length) {
      // Every page, not only the remote's own: each page names the whole remotes file it was rendered with, and the
      // browser keeps it for the visit (a page of another remote naming the old release would load it later).
      // The changed remotes' pages first: every other page names a release that stays where it is (releases are
      // immutable), so it stays valid until its turn (README, *A remote published*).
      console.log(`[renderer] remotes file changed (${changed.join(', ')}): re-rendering the pages, theirs first`);
      enqueue({ all: true, first: changed });
    }
  });
}

/**
 * The host was deployed again (a new index.html names new script files, and the old ones are gone; or a new
 * page-catch.js, whose hash alone the host origin now allows inline): every page is rendered again from the new
 * files, so no rendered page points at scripts that no longer exist or inlines one the policy refuses. A build
 * writes only the files that changed, so either may change alone.
 */
function watchHost(): void {
  for (const name of ['index.html', PAGE_CATCH]) {
    watchFile(path.join(config.hostRoot, name), { interval: 1000 }, (now, before) => {
      if (now.mtimeMs === before.mtimeMs || now.size === 0) return;
      console.log(`[renderer] the host was deployed again (${name}): re-rendering the pages`);
      enqueue({ all: true });
    });
  }
}

/**
 * The shared remotes file (config.store): copied into `file` now and whenever its entity tag changes (checked every
 * RENDER_REMOTES_POLL_MS, default 1 s), so the file watch below sees a release as on one machine. Until a release
 * has written it, the copy holds the fixed list (RENDER_REMOTES).
 */
async function copyStoredRemotes(store: NonNullable<typeof config.store>, file: string): Promise<void> {
  let etag = '';
  const fallback = () => {
    if (!existsSync(file)) writeAtomic(file, JSON.stringify(config.remotes));
  };
  const copy = async () => {
    const info = await store.storage.head(store.remotesKey);
    if (!info) return fallback();
    if (info.etag === etag) return;
    const stored = await store.storage.get(store.remotesKey);
    if (!stored) return fallback();
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    // A file that is no JSON is not copied: the runs keep the last good one (and the next check tries again).
    JSON.parse(bytes.toString('utf8'));
    writeAtomic(file, bytes);
    etag = stored.info.etag;
  };
  const failed = (e: unknown) => console.error('[renderer] the stored remotes file could not be read:', (e as Error)?.message ?? e);
  await copy().catch((e: unknown) => {
    failed(e);
    fallback();
  });
  const every = Number(process.env.RENDER_REMOTES_POLL_MS || 1000);
  const poll = (): void => {
    setTimeout(() => void copy().catch(failed).finally(poll), every).unref();
  };
  poll();
}

/** With a shared storage: the stored canary state copied to this renderer's canary file (removed when it is gone). */
function copyStoredCanary(store: NonNullable<typeof config.store>, file: string): void {
  let etag: string | null = null;
  const copy = async () => {
    const info = await store.storage.head(CANARY_KEY);
    if (!info) {
      if (etag !== null || existsSync(file)) rmSync(file, { force: true });
      etag = null;
      return;
    }
    if (info.etag === etag) return;
    const stored = await store.storage.get(CANARY_KEY);
    if (!stored) return;
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(chunk as Buffer);
    writeAtomic(file, Buffer.concat(chunks));
    etag = stored.info.etag;
  };
  const every = Number(process.env.RENDER_REMOTES_POLL_MS || 1000);
  const poll = (): void => {
    setTimeout(
      () =>
        void copy()
          .catch((e: unknown) => console.error('[renderer] the stored canary state could not be read:', (e as Error)?.message ?? e))
          .finally(poll),
      every,
    ).unref();
  };
  void copy().catch(() => undefined);
  poll();
}

/**
 * A canary opened, promoted or aborted: its pages are rendered or removed (CANARY_CHANGED), and no live page. A promote
 * writes the live remotes file first, whose own watch renders every page (watchRemotes).
 */
function watchCanary(file: string): void {
  watchFile(file, { interval: 500 }, (now, before) => {
    if (now.mtimeMs === before.mtimeMs && now.size === before.size) return;
    console.log(`[renderer] the canary ${now.size ? 'changed: rendering its pages' : 'ended: removing its pages'}`);
    enqueue(CANARY_CHANGED);
  });
}

/**
 * The automatic rollback: while this renderer holds the render lease (or runs without a feed) and a
 * canary is open, every RENDER_CANARY_CHECK_MS the field figures of the canary and the live version since the canary
 * started are read from the API and judged (canary.ts judgeCanary); a canary clearly worse is aborted as
 * `remote.cjs abort` does, by `page-renderer`, with the figures as the reason.
 */
function watchCanaryFigures(): void {
  const settings = canarySettings();
  let lastNote = '';
  const check = async () => {
    const status = loop.status();
    if (status.role !== 'holder' && status.role !== 'unfed') return;
    const canary = openCanary();
    if (!canary || !config.token) return;
    const live = versionOfUrl(canary.live) ?? versionOfUrl(readRemotes(config)[canary.remote]);
    if (!live) return;
    const q = new URLSearchParams({ remote: canary.remote, versions: `${canary.version},${live}`, since: canary.started });
    const res = await fetch(`${config.apiOrigin}/internal/render/canary-figures?${q}`, { headers: { 'x-render-token': config.token } });
    if (!res.ok) throw new Error(`canary figures: HTTP ${res.status}`);
    const body = (await res.json()) as { versions: Record<string, { views: number; failed: number }> };
    const verdict = judgeCanary(body.versions[canary.version] ?? { views: 0, failed: 0 }, body.versions[live] ?? { views: 0, failed: 0 }, settings);
    if (!verdict.abort) {
      if (verdict.reason !== lastNote) console.log(`[renderer] canary ${canary.remote}@${canary.version}: ${verdict.reason}`);
      lastNote = verdict.reason;
      return;
    }
    const ended = await autoAbortCanary(config, canary, verdict.reason);
    if (ended) {
      console.error(`[renderer] canary ${canary.remote}@${canary.version} aborted by itself: ${verdict.reason}`);
      canaryAborts++;
      enqueue(CANARY_CHANGED);
    }
  };
  const turn = (): void => {
    setTimeout(
      () =>
        void check()
          .catch((e: unknown) => console.error('[renderer] canary check failed:', (e as Error)?.message ?? e))
          .finally(turn),
      settings.everyMs,
    ).unref();
  };
  turn();
}
let canaryAborts = 0;

await app.listen({ port: config.port, host: '127.0.0.1' });
if (config.store && config.remotesFile) await copyStoredRemotes(config.store, config.remotesFile);
const canaryStateFile = canaryFile(config);
if (config.store && canaryStateFile) copyStoredCanary(config.store, canaryStateFile);
process.send?.({ ready: 'renderer' });
if (config.remotesFile) watchRemotes(config.remotesFile);
if (canaryStateFile) {
  watchCanary(canaryStateFile);
  watchCanaryFigures();
}
watchHost();
await apiReady(config.apiOrigin);
search.warm();
enqueue({ all: true });
void loop.start();
setInterval(() => enqueue({ all: true }), FULL_INTERVAL_MS).unref();

// A run in progress stops with the service (nothing writes into the output folder after it is gone), and the lease
// is given up so a standby takes over at once.
const stop = async () => {
  if (stopping) return;
  stopping = true;
  worker?.kill('SIGTERM');
  search.stop();
  ready?.kill('SIGTERM');
  await loop.stop().catch(() => undefined);
  await app.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
process.once('disconnect', () => void stop());
