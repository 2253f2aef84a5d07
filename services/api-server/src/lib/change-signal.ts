/**
 * Wakes the long polls of GET /internal/render/changes when an outbox row commits (the database's notification on
 * `render_outbox`). A wake-up only makes them look again: one that is lost costs a poll its wait, never a change.
 */
export class ChangeSignal {
  private waiters = new Set<() => void>();
  private closed = false;

  /** Wakes every waiter. */
  notify(): void {
    const now = [...this.waiters];
    this.waiters.clear();
    for (const wake of now) wake();
  }

  /**
   * A promise that resolves at the next notification or after `ms`, whichever comes first; `cancel` resolves it now.
   * Taken before looking at the table, so a row committed between the look and the wait is not missed.
   */
  wait(ms: number): { woken: Promise<void>; cancel: () => void } {
    let cancel = () => undefined as void;
    const woken = new Promise<void>((resolve) => {
      if (this.closed) return resolve();
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      this.waiters.add(done);
      cancel = done;
    });
    return { woken, cancel };
  }

  /** How many polls wait now. */
  get waiting(): number {
    return this.waiters.size;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** At shutdown: every poll answers now, and later ones do not wait. */
  close(): void {
    this.closed = true;
    this.notify();
  }
}
