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

  constructor(private db: Db, private log: (err: unknown) => void, private flushMs = 200, private maxBatch = 200) {}

  push(row: VisitRow) {
    if (this.closed) throw new Error('visit queue closed');
    this.queue.push(row);
    if (this.queue.length >= this.maxBatch) void this.flush();
    else if (!this.timer) this.timer = setTimeout(() => { this.timer = null; void this.flush(); }, this.flushMs);
  }

  get pending() {
    return this.queue.length;
  }

  /** Writes everything queued so far (waits for a running flush first). */
  async flush(): Promise<void> {
    if (this.timer) { clearTimeout(this.timer); this.timer = null; }
    while (this.flushing) await this.flushing;
    if (this.queue.length === 0) return;
    const batch = this.queue.splice(0, this.queue.length);
    this.flushing = (async () => {
      let i = 0;
      try {
        for (; i < batch.length; i += 1000) await this.db.insert(visit).values(batch.slice(i, i + 1000));
      } catch (err) {
        this.queue.unshift(...batch.slice(i));
        this.log(err);
        if (!this.closed && !this.timer) this.timer = setTimeout(() => { this.timer = null; void this.flush(); }, 1000);
      }
    })();
    try { await this.flushing; } finally { this.flushing = null; }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (let i = 0; i < 3 && this.queue.length; i++) await this.flush();
    if (this.timer) { clearTimeout(this.timer); this.timer = null; }
  }
}
