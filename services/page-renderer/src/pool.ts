/**
 * A run's pages over N workers: the run's own thread and N - 1 render threads (`worker_threads`, each
 * with its own builds, React and jsdom: render-thread.ts), all taking small batches from one queue in the run's
 * order, so the changed article's page is still the first written and a slow page never holds the others back.
 *
 * Threads, not processes: they are part of the run's process, so they end with it whatever ends it (its service gone,
 * a `kill -9`, the lease lost): no worker can outlive the run and write on its own. The run's own thread renders too,
 * from the first page on: a small run (one article's pages) never waits for a thread to load its builds. Except in a
 * run under the render lease (`localPages`): there the run's thread is what moves the write fence each time the
 * service renews, so once threads render it leaves every page after its first `localPages` to them (as many threads
 * as workers): a renewal then never waits behind a page it renders, however starved the threads are.
 * Memory: each thread holds one batch and its own heap (`RENDER_THREAD_HEAP_MB`, a thread that passes it ends and its
 * batch's pages are reported as not rendered); the results come back as index entries, never as pages.
 */
import { Worker } from 'node:worker_threads';
import { writeFenceBuffer } from './output';
import type { JobSpec, PageJob, PageOutcome } from './page-job';
import type { PlannedRoute } from './plan';

/** Pages a worker takes at a time: small, so the queue's order holds and the last pages are shared out evenly. */
const BATCH = 4;
/** Below this many pages the run's thread renders alone: a thread would take longer to load than the pages take. */
export const THREAD_MIN_PAGES = 40;

export interface PoolOptions {
  /** Workers in all, the run's own thread included (RENDER_WORKERS). */
  workers: number;
  spec: JobSpec;
  /** Each thread's old-generation heap limit in MB. */
  threadHeapMb: number;
  /** The threads run below normal priority (the service's runs: background work; a thread's nice is its own). */
  background?: boolean;
  /**
   * Set: the run's thread renders only this many pages (the front of the order) when threads render the rest, and
   * is otherwise free for the run's own messages (a fenced run's renewals). Unset: it takes pages as a thread does.
   */
  localPages?: number;
}

/** What a render thread is started with. */
export interface ThreadData {
  spec: JobSpec;
  background: boolean;
  /** The run's write fence (output.ts): the thread writes pages only while the run's render lease holds. */
  fence: SharedArrayBuffer | null;
}

/** Messages between the run and a render thread. */
export type ToThread = { batch: PlannedRoute[] } | { done: true };
export type FromThread = { ready: true } | { outcomes: PageOutcome[] } | { failed: string };

/**
 * Renders `order` with `local` (the run's thread) and up to `workers - 1` threads; `each` hears every page's outcome
 * as it comes. Resolves when every page has one. A thread that dies has its batch reported as not rendered; the
 * others, and the run's thread, go on with the rest.
 */
export async function renderPool(
  order: readonly PlannedRoute[],
  local: PageJob,
  o: PoolOptions,
  each: (outcome: PageOutcome) => void,
): Promise<void> {
  let next = 0;
  const take = (n: number) => {
    const batch = order.slice(next, next + n);
    next += batch.length;
    return batch;
  };
  const apart = o.localPages !== undefined;
  const threads =
    order.length >= THREAD_MIN_PAGES
      ? apart
        ? Math.max(1, Math.min(o.workers, Math.floor(order.length / BATCH)))
        : Math.max(0, Math.min(o.workers - 1, Math.floor(order.length / BATCH) - 1))
      : 0;
  const running = Array.from({ length: threads }, () => thread(o, take, each));
  // The run's thread takes one page at a time: it also carries the threads' messages between pages.
  const own = threads && apart ? o.localPages! : Infinity;
  for (let n = 0; n < own; n++) {
    const [route] = take(1);
    if (!route) break;
    each(await local.render(route));
  }
  await Promise.all(running);
  // Threads that could not load their builds left their share: the run's thread renders what is left.
  for (let batch = take(1); batch.length; batch = take(1)) for (const route of batch) each(await local.render(route));
}

function thread(o: PoolOptions, take: (n: number) => PlannedRoute[], each: (outcome: PageOutcome) => void): Promise<void> {
  return new Promise((resolve) => {
    // tsx's loader is registered in the thread first: Node 20 runs no --import of the process in a worker.
    const tsx = import.meta.resolve('tsx/esm/api');
    const entry = new URL('./render-thread.ts', import.meta.url).href;
    const w = new Worker(`import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`, {
      eval: true,
      workerData: { spec: o.spec, background: Boolean(o.background), fence: writeFenceBuffer() } satisfies ThreadData,
      resourceLimits: { maxOldGenerationSizeMb: o.threadHeapMb },
    });
    let inFlight: PlannedRoute[] = [];
    let finished = false;
    const send = () => {
      inFlight = take(BATCH);
      if (inFlight.length) w.postMessage({ batch: inFlight } satisfies ToThread);
      else {
        finished = true;
        w.postMessage({ done: true } satisfies ToThread);
      }
    };
    const lost = (why: string) => {
      for (const route of inFlight) each({ url: route.url, reason: `render thread ended: ${why}` });
      inFlight = [];
    };
    w.on('message', (m: FromThread) => {
      if ('outcomes' in m) for (const outcome of m.outcomes) each(outcome);
      if ('failed' in m) {
        // It could not load its builds: its share goes to the others (the run's own thread loaded them).
        finished = true;
        void w.terminate();
        return;
      }
      send();
    });
    w.on('error', (e) => lost(e.message));
    w.on('exit', (code) => {
      if (!finished) lost(`exit code ${code}`);
      resolve();
    });
  });
}
