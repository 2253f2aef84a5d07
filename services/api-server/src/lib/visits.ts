import type { Db } from '../db/index.js';
import { visit } from '../db/schema.js';

export type VisitRow = typeof visit.$inferInsert;

/**
 * Batched appends of visit records: rows are queued in memory and written every flushMs or when
 * maxBatch rows are waiting, and on close. A failed write puts the rows back for the next try.
 */
export class VisitQueue {
  private queue: VisitRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private closed = false;

  constructor(
    private db: Db,
    private log: (err: unknown) => void,
    private flushMs = 200,
    private maxBatch = 200,
  ) {}

  push(row: VisitRow) {
    if (this.closed) throw new Error('visit queue closed');
    this.queue.push(row);
    if (this.queue.length >= this.maxBatch) void this.flush();
    else if (!this.timer)
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.flush();
      }, this.flushMs);
  }

  get pending() {
    return this.queue.length;
  }

  /** Writes everything queued so far (waits for a running flush first). */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.flushing) await this.flushing;
    if (this.queue.length === 0) return;
    const batch = this.queue.splice(0, this.queue.length);
    this.flushing = (async () => {
      let i = 0;
      try {
        for (; i < batch.length; i += 1000) await this.db.insert(visit).values(batch.slice(i, i + 1000));
      } catch (err) {
        this.log(err);
        // A row the database refuses as data (SQLSTATE class 22/23) must not block the rows queued with it:
        // write the rest one by one and drop only the refused ones. Anything else (connection lost) is retried.
        let rest = batch.slice(i);
        if (isDataError(err)) {
          let j = 0;
          for (; j < rest.length; j++) {
            try {
              await this.db.insert(visit).values(rest[j]);
            } catch (rowErr) {
              this.log(rowErr);
              if (!isDataError(rowErr)) break;
            }
          }
          rest = rest.slice(j);
          if (!rest.length) return;
        }
        this.queue.unshift(...rest);
        if (!this.closed && !this.timer)
          this.timer = setTimeout(() => {
            this.timer = null;
            void this.flush();
          }, 1000);
      }
    })();
    try {
      await this.flushing;
    } finally {
      this.flushing = null;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (let i = 0; i < 3 && this.queue.length; i++) await this.flush();
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
  }
}

/** A PostgreSQL data or constraint error (the row itself is bad), as opposed to a connection or server failure. */
function isDataError(err: unknown): boolean {
  for (let e: unknown = err, n = 0; e && n < 4; e = (e as { cause?: unknown }).cause, n++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}

/**
 * Per-address limit of visit records that never drops a real visitor's exit record. An entry record (count 1)
 * takes one unit of the address's budget (limit per windowMs) and is remembered by its session (si + uv); the exit
 * record (count 0) of a remembered entry is always taken and forgets it. An exit with no remembered entry (the
 * entry went to another instance, or before a restart) takes a unit like an entry. Kept in memory rather than in
 * the database: visit records are the busiest call and are themselves written in batches; with several instances
 * each one applies the limit to what it receives.
 */
export class VisitLimiter {
  private windows = new Map<string, { start: number; count: number }>();
  private open = new Map<string, number>();

  constructor(
    private limit: () => { limit: number; windowMs: number },
    private maxKeys = 100_000,
  ) {}

  /** True when the record may be stored. */
  take(ip: string, si: string, uv: string, count: number): boolean {
    const session = `${si}|${uv}`;
    const pending = this.open.get(session) ?? 0;
    if (count === 0 && pending > 0) {
      if (pending > 1) this.open.set(session, pending - 1);
      else this.open.delete(session);
      return true;
    }
    const { limit, windowMs } = this.limit();
    const now = Date.now();
    let w = this.windows.get(ip);
    if (!w || now - w.start >= windowMs) {
      this.windows.delete(ip);
      w = { start: now, count: 0 };
      put(this.windows, ip, w, this.maxKeys);
    }
    if (w.count >= limit) return false;
    w.count++;
    if (count === 1) {
      this.open.delete(session);
      put(this.open, session, pending + 1, this.maxKeys);
    }
    return true;
  }

  reset() {
    this.windows.clear();
    this.open.clear();
  }
}

/** Map.set with a bound: the oldest key goes first (insertion order). */
function put<V>(map: Map<string, V>, key: string, value: V, max: number) {
  if (map.size >= max) map.delete(map.keys().next().value as string);
  map.set(key, value);
}
