/**
 * The page renderer as a service (started by services/origin-server/src/serve.cjs beside the API and the origins):
 * - at start, once the API answers, renders every public page;
 * - `POST /invalidate` (the API's change notices, SITE_RENDER_HOOK_URL, with SITE_RENDER_HOOK_TOKEN) re-renders the
 *   pages the changes touch;
 * - a change of the remotes file (a remote published or rolled back) re-renders the pages (each names the remotes);
 * - a new host index.html (the host deployed again, with new script names) re-renders the pages;
 * - every RENDER_FULL_INTERVAL_MS (default 10 minutes) everything again, for articles whose publish time arrives.
 * Each run is a child process (worker.ts) that writes its files and exits: a run that crashes leaves the last good
 * files, and memory never accumulates here. Runs never overlap; notices arriving meanwhile form the next run.
 * `GET /status` says what the last run did (tests and the benchmark wait on it).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { watchFile } from 'node:fs';
import { setPriority } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import type { ContentChangeBatch } from '@site/contract';
import { apiReady } from './api-ready';
import { readConfig, readRemotes } from './config';
import type { Scope } from './plan';
import type { RunReport } from './worker';

const config = readConfig();
const FULL_INTERVAL_MS = Number(process.env.RENDER_FULL_INTERVAL_MS || 10 * 60 * 1000);

let pending: Scope[] = [];
let running = false;
let runs = 0;
let lastReport: (RunReport & { finishedAt: string }) | null = null;
let lastError: string | null = null;

function enqueue(scope: Scope): void {
  pending.push(scope);
  void drain();
}

async function drain(): Promise<void> {
  if (running || pending.length === 0) return;
  running = true;
  const scopes = pending.some((s) => 'all' in s) ? [{ all: true } as const] : pending;
  pending = [];
  try {
    const report = await runWorker(scopes);
    lastReport = { ...report, finishedAt: new Date().toISOString() };
    lastError = null;
    console.log(`[renderer] ${report.rendered} pages in ${report.ms} ms${report.kept.length ? `, ${report.kept.length} kept from before` : ''}`);
  } catch (e) {
    lastError = (e as Error).message;
    console.error(`[renderer] render run failed, the last good files stay: ${lastError}`);
  } finally {
    runs++;
    running = false;
    if (pending.length) void drain();
  }
}

let worker: ChildProcess | null = null;

function runWorker(scopes: readonly Scope[]): Promise<RunReport> {
  return new Promise((resolve, reject) => {
    const child = (worker = fork(path.join(import.meta.dirname, 'worker.ts'), [JSON.stringify(scopes)], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, NODE_ENV: 'production' },
    }));
    // Below the servers: a run is background work and must not slow the pages and the API it renders from.
    try {
      if (child.pid) setPriority(child.pid, 10);
    } catch {
      /* not permitted here: the run goes at normal priority */
    }
    let report: RunReport | null = null;
    child.on('message', (m: { report?: RunReport }) => (report = m.report ?? report));
    child.on('error', reject);
    child.on('exit', (code) => {
      worker = null;
      if (report && code === 0) resolve(report);
      else reject(new Error(`worker exited with ${code}`));
    });
  });
}

const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });

app.post('/invalidate', async (req, reply) => {
  if (config.token && req.headers['x-render-token'] !== config.token) return reply.code(403).send({ error: 'forbidden' });
  const body = req.body as Partial<ContentChangeBatch> | undefined;
  if (!body || !Array.isArray(body.changes)) return reply.code(400).send({ error: 'changes: an array is required' });
  enqueue({ changes: body.changes });
  return reply.code(202).send({ queued: body.changes.length });
});

app.get('/status', async () => ({ running, pending: pending.length, runs, lastReport, lastError }));

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
      console.log(`[renderer] remotes file changed (${changed.join(', ')}): re-rendering the pages`);
      enqueue({ all: true });
    }
  });
}

/**
 * The host was deployed again (a new index.html names new script files, and the old ones are gone): every page is
 * rendered again from the new template, so no rendered page points at scripts that no longer exist.
 */
function watchHost(): void {
  const template = path.join(config.hostRoot, 'index.html');
  watchFile(template, { interval: 1000 }, (now, before) => {
    if (now.mtimeMs === before.mtimeMs || now.size === 0) return;
    console.log('[renderer] the host was deployed again: re-rendering the pages');
    enqueue({ all: true });
  });
}

await app.listen({ port: config.port, host: '127.0.0.1' });
process.send?.({ ready: 'renderer' });
if (config.remotesFile) watchRemotes(config.remotesFile);
watchHost();
await apiReady(config.apiOrigin);
enqueue({ all: true });
setInterval(() => enqueue({ all: true }), FULL_INTERVAL_MS).unref();

// A run in progress stops with the service: nothing writes into the output folder after it is gone.
const stop = () => {
  worker?.kill('SIGTERM');
  return app.close().then(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
process.once('disconnect', stop);
