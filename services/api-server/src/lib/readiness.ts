/**
 * Readiness: whether this instance can serve API calls now, for the front door's checks. `/health` says
 * only that the process answers (liveness: restart it when it does not); `/ready` also makes a database round trip
 * (`select 1`) and one object-storage head, each within a deadline, and answers 503 naming the checks that failed
 * (route it no calls while it does).
 */
import { sql } from 'drizzle-orm';
import type { ObjectStorage } from '@site/object-storage';
import type { Database } from '../db/index.js';
import { MSG } from './errors.js';

/** How long each check of /ready may take by default (READY_TIMEOUT_MS). */
export const DEFAULT_READY_TIMEOUT_MS = 1000;

/** READY_TIMEOUT_MS as milliseconds: default 1000; anything but a whole number from 50 stops the start. */
export function readyTimeoutMs(value: number | string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_READY_TIMEOUT_MS;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 50) throw new Error(`READY_TIMEOUT_MS must be a whole number of milliseconds from 50: ${value}`);
  return n;
}

export class DeadlineError extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'DeadlineError';
  }
}

/** `work`, or a DeadlineError once `ms` have passed (the work itself goes on; its result is dropped). */
export async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError(ms)), ms);
  });
  work.catch(() => undefined);
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export interface CheckResult {
  ok: boolean;
  /** How long it took (ms). */
  ms: number;
  /** Why it failed: the deadline, or the error's code or message (this answer is never public: see the README). */
  error?: string;
}

export interface ReadyAnswer {
  status: 'ready' | 'unready';
  checks: { database: CheckResult; storage: CheckResult };
  /** 503 only: the names of the checks that failed, and the usual error body's code and Chinese message. */
  failed?: string[];
  code?: number;
  msg?: string;
}

async function timed(ms: number, fn: () => Promise<unknown>): Promise<CheckResult> {
  const started = performance.now();
  try {
    await withDeadline(fn(), ms);
    return { ok: true, ms: Math.round(performance.now() - started) };
  } catch (err) {
    const e = err as { code?: unknown; message?: unknown };
    const error = err instanceof DeadlineError ? err.message : typeof e.code === 'string' ? e.code : String(e.message ?? err).slice(0, 200);
    return { ok: false, ms: Math.round(performance.now() - started), error };
  }
}

/**
 * Runs both checks at once, each within `timeoutMs`. The storage check heads `probeKey`, an object the start wrote
 * (a seeded medium): the service must answer and the object must be there, so a wrong or emptied bucket is not ready.
 */
export async function checkReady(database: Database, storage: ObjectStorage, probeKey: string | undefined, timeoutMs: number): Promise<ReadyAnswer> {
  const [db, st] = await Promise.all([
    timed(timeoutMs, () => database.db.execute(sql`select 1`)),
    timed(timeoutMs, async () => {
      if (!probeKey) return storage.list('site/remotes.json');
      const info = await storage.head(probeKey);
      if (!info) throw new Error(`the object ${probeKey} written at start is missing`);
      return info;
    }),
  ]);
  const checks = { database: db, storage: st };
  const failed = Object.entries(checks)
    .filter(([, c]) => !c.ok)
    .map(([name]) => name);
  if (!failed.length) return { status: 'ready', checks };
  return { status: 'unready', checks, failed, code: 503, msg: MSG.unavailable };
}
