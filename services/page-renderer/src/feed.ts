/**
 * The renderer's work loop: the API's durable change feed and this process's own reasons to render (the
 * start, the remotes file, the host's template, the periodic full run) become render runs, one at a time, and only
 * while this renderer holds the API's render lease, so two renderers never write one output folder together.
 *
 *   renew the lease and fetch the pending changes, in one request (a long poll when there is nothing else to do)
 *   -> render the pages they touch -> acknowledge them once the files are written -> again
 *
 * An idle holder makes one request per turn (the API's `/internal/render/poll`): the API renews the lease under the
 * holder's grant and then holds the answer until a change commits, at most a third of the lease, so the next turn
 * renews well before the lease ends. A holder whose grant is gone (its lease lapsed while it was starved) is refused
 * at its next turn, renewal and read alike, and asks afresh as any renderer would.
 *
 * A renderer that is refused the lease is the standby: it asks again when the holder's lease runs out (by the
 * expiry the API names) and at least every quarter of the lease, and takes over once the holder stops renewing
 * (killed, hung, cut off): within the lease plus a quarter of it after the holder's last renewal. The holder renews during a run; when it cannot renew before the
 * lease runs out it stops the run, so it has stopped writing by the time another may start. Changes are
 * acknowledged (deleted at the API) only after a run that rendered them succeeded: a run that fails or is killed
 * leaves them for the next run, this renderer's or the one that takes over.
 *
 * Without a feed (no token: a renderer beside an API it has no secret for) only the process's own reasons render.
 */
import { DEFAULT_RENDER_LEASE_MS, type ContentChange, type RenderLease, type RenderOutboxEntry, type RenderPoll } from '@site/contract';
import type { Scope } from './plan';

/** A standby asks for the lease at most this often. */
const STANDBY_MIN_ASK_MS = 100;

/**
 * How long a standby waits before it asks again: until just after the holder's lease could have lapsed (its expiry by
 * the API's clock, read against this one: a skewed clock changes the time of the next ask, never more than a quarter
 * of the lease), so a standby takes over within the lease and a quarter of the holder's last renewal (it waited a whole
 * lease, and took over up to twice the lease later).
 */
export function standbyWaitMs(expiresAt: string, leaseMs: number, now: number): number {
  const left = Date.parse(expiresAt) - now;
  return Math.min(leaseMs / 4, Math.max(STANDBY_MIN_ASK_MS, Number.isFinite(left) ? left + 25 : leaseMs / 4));
}

/** The API's /internal/render/* routes, as the loop uses them. */
export interface FeedApi {
  /**
   * One turn: takes the lease (`token` 0) or renews the grant `token` (RenderLease.token), then, held, answers with the
   * pending changes, waiting up to `waitS` seconds for one. `held` false: another renderer has the lease, or the grant
   * `token` is no longer the current one (nothing read).
   */
  poll(holder: string, token: number, waitS: number, signal: AbortSignal): Promise<RenderPoll>;
  /** Takes (`token` 0) or renews the grant `token` at once (during a run): `held` false as for `poll`. */
  lease(holder: string, token: number): Promise<{ held: boolean; lease: RenderLease }>;
  release(holder: string): Promise<void>;
  /**
   * Deletes the rendered changes, under the grant `token` (RenderLease.token); false when this renderer no longer
   * holds that grant (nothing deleted).
   */
  ack(holder: string, token: number, ids: number[]): Promise<boolean>;
}

/**
 * The API has no feed for this renderer (404: a server from before the feed, or one without SITE_RENDER_HOOK_TOKEN;
 * 403: another secret): the loop goes on without it rather than render nothing.
 */
export class FeedUnavailable extends Error {}

/** One render run of the scopes; rejects when the run failed or was stopped by `signal`. */
export type RenderRun<R> = (scopes: readonly Scope[], signal: AbortSignal) => Promise<R>;

export interface FeedStatus<R> {
  /** `holder`: renders; `standby`: another renderer holds the lease; `starting`: not asked yet; `unfed`: no feed. */
  role: 'starting' | 'holder' | 'standby' | 'unfed';
  id: string;
  running: boolean;
  /** Reasons of this process's own not yet rendered. */
  pending: number;
  runs: number;
  lastReport: (R & { finishedAt: string }) | null;
  lastError: string | null;
  /** The lease's holder as the API last said. */
  holder: string | null;
}

export interface FeedOptions<R> {
  api: FeedApi | null;
  /** This renderer's id at the API (the lease's holder). */
  id: string;
  render: RenderRun<R>;
  /**
   * A run that rendered changes of the feed succeeded: their pages are published (`render` resolved), before the
   * changes are acknowledged. `entries`: the outbox rows it rendered (their `createdAt`: the write's time).
   */
  published?: (entries: readonly RenderOutboxEntry[]) => void;
  /**
   * Until when (ms since the epoch, this machine's clock) this renderer surely holds the lease, each time that moves:
   * a run's writes are fenced by it (output.ts). 0: not held; Number.MAX_SAFE_INTEGER: no lease to hold (no feed).
   */
  leaseUntil?: (untilMs: number) => void;
  /** The longest a poll for changes is held (s); the API holds it a third of the lease at most, so each turn renews in time. */
  waitS?: number;
  /** How long to wait after a failed run or an API that does not answer, doubled up to a minute. */
  retryMs?: number;
  log?: Pick<Console, 'log' | 'warn' | 'error'>;
}

/**
 * The longest wait between two failed turns: a lease or feed call that failed (the API or its database away). Past a
 * few seconds a renderer that could take over (the holder gone meanwhile) would sit out the outage's end for as long
 * as its doubled waits had grown: a 10 s database outage left a standby 30 s behind. One call per wait is cheap.
 */
export const MAX_RETRY_MS = 5000;

/** The wait after `failures` failed turns in a row: doubling from `retryMs`, never past MAX_RETRY_MS or the lease. */
export const retryDelay = (failures: number, retryMs: number, leaseMs: number) =>
  Math.min(retryMs * 2 ** (failures - 1), Math.max(MAX_RETRY_MS, leaseMs));

/**
 * The grant's fencing token; -1 from an API older than the token (during a rolling upgrade it names none and ignores
 * the one an acknowledgement carries): held all the same, fenced by time only.
 */
const grantOf = (lease: RenderLease): number => (typeof lease.token === 'number' ? lease.token : -1);

export class RenderLoop<R> {
  private local: Scope[] = [];
  private stopped = false;
  private running = false;
  private runs = 0;
  private lastReport: (R & { finishedAt: string }) | null = null;
  private lastError: string | null = null;
  private role: FeedStatus<R>['role'];
  private holder: string | null = null;
  /** The token of the grant this renderer holds (0: none). */
  private token = 0;
  /**
   * Until when the lease is surely held, by this machine's clock: the ask's time plus the lease, less a tenth of it
   * (a write checked just before it still lands before the API's expiry). Status and the write fence go by it, so a
   * renderer starved past it says and writes nothing as the holder, whatever its timers have done.
   */
  private heldUntil = 0;
  /** The API's answer replaces it at the first ask; until then, the API's default. */
  private leaseMs = DEFAULT_RENDER_LEASE_MS;
  /** Wakes the loop from a poll or a pause: new local work, a hint, or stop. */
  private wake = new AbortController();
  private runAbort: AbortController | null = null;
  private done: Promise<void> | null = null;
  private readonly log: Pick<Console, 'log' | 'warn' | 'error'>;
  private readonly retryMs: number;

  constructor(private readonly o: FeedOptions<R>) {
    this.log = o.log ?? console;
    this.retryMs = o.retryMs ?? 1000;
    this.role = o.api ? 'starting' : 'unfed';
  }

  /** Something of this process's own to render (the start, a remotes or template change, the periodic run). */
  enqueue(scope: Scope): void {
    this.local.push(scope);
    this.poke();
  }

  /** Look at the feed now (the wake-up hint): ends a poll or a pause under way. */
  poke(): void {
    this.wake.abort();
  }

  status(): FeedStatus<R> {
    return {
      role: this.role === 'holder' && Date.now() >= this.heldUntil ? 'standby' : this.role,
      id: this.o.id,
      running: this.running,
      pending: this.local.length,
      runs: this.runs,
      lastReport: this.lastReport,
      lastError: this.lastError,
      holder: this.holder,
    };
  }

  start(): Promise<void> {
    this.done ??= this.loop();
    return this.done;
  }

  /** Stops: a run under way is stopped, the lease given up so the standby need not wait for it to lapse. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.runAbort?.abort(new Error('the renderer stops'));
    this.poke();
    await this.done;
    if (this.o.api && this.role === 'holder') await this.o.api.release(this.o.id).catch(() => undefined);
    this.setHeld(0, 0);
  }

  private async loop(): Promise<void> {
    let failures = 0;
    let api = this.o.api;
    while (!this.stopped) {
      const ok = await (api ? this.fedStep(api) : this.unfedStep()).catch((e: unknown) => {
        this.lastError = (e as Error)?.message ?? String(e);
        if (e instanceof FeedUnavailable) {
          this.log.error(`[renderer] no change feed, rendering at start, on remote and template changes and periodically only: ${this.lastError}`);
          api = null;
          this.role = 'unfed';
          return true;
        }
        return false;
      });
      failures = ok ? 0 : failures + 1;
      if (!ok && !this.stopped) await this.pause(retryDelay(failures, this.retryMs, this.leaseMs));
    }
  }

  /** One turn with the feed: false when it failed (the loop waits before the next). */
  private async fedStep(api: FeedApi): Promise<boolean> {
    const asked = Date.now();
    const waitS = this.local.length ? 0 : Math.min(this.o.waitS ?? 25, this.leaseMs / 3000);
    const wake = this.freshWake();
    let taken: RenderPoll;
    try {
      taken = await api.poll(this.o.id, this.token, waitS, wake.signal);
    } catch (e) {
      // Woken (new local work, a hint, stop): look again at once. Whether this turn renewed is unknown, so the
      // deadline stays the last known one until the next answer.
      if (wake.signal.aborted) return true;
      throw e;
    }
    this.leaseMs = taken.lease.leaseMs;
    this.holder = taken.lease.holder;
    if (!taken.held) {
      if (this.token) {
        // Refused under the grant it held: the lease lapsed at the API meanwhile. Whatever is asked next is asked
        // afresh, as by any renderer (another may hold it now).
        this.log.warn(`[renderer] the render lease lapsed before it was renewed (now ${taken.lease.holder || 'free'}): asking again`);
        this.setHeld(0, 0);
        return true;
      }
      this.setHeld(0, 0);
      if (this.role !== 'standby') this.log.log(`[renderer] standby: ${taken.lease.holder} renders until ${taken.lease.expiresAt}`);
      this.role = 'standby';
      // A pause, not a failure.
      await this.pause(standbyWaitMs(taken.lease.expiresAt, this.leaseMs, Date.now()));
      return true;
    }
    if (this.role !== 'holder') this.log.log(`[renderer] ${this.o.id} holds the render lease`);
    this.role = 'holder';
    // By the time it asked: the API renewed after that, so the deadline is never later than the API's expiry.
    this.setHeld(grantOf(taken.lease), asked + this.leaseMs);

    const own = this.takeLocal();
    const changes: ContentChange[] = taken.changes.map((c) => c.change);
    const scopes: Scope[] = changes.length ? [...own, { changes }] : own;
    if (!scopes.length) return true;
    const feed = { changes: taken.changes };
    if (Date.now() - asked > this.leaseMs / 6) {
      // The poll was held (a change came during its wait): renewed before the run, which then starts with all of it.
      const at = Date.now();
      const again = await api.lease(this.o.id, this.token);
      if (!again.held || grantOf(again.lease) !== this.token) {
        // Lost meanwhile (another grant since): the changes are read again under the new one.
        this.setHeld(0, 0);
        this.holder = again.lease.holder;
        this.local.unshift(...own);
        return true;
      }
      this.setHeld(grantOf(again.lease), at + again.lease.leaseMs);
    }
    const token = this.token;

    // Renewed during the run, every sixth of the lease. A renewal that comes late only delays the run: its writes
    // wait for nothing, they are refused past the deadline (the write fence), and the run is stopped only once the
    // lease is really lost: the deadline passed with no renewal, or the API gave another grant (a new token: the
    // lease lapsed at the API, and whatever happened meanwhile may have overlapped another holder).
    const run = (this.runAbort = new AbortController());
    // A renewal that gets no answer (a stalled connection, an API stalled by other work) does not hold back the next
    // for longer than a third of the lease; an answer only ever moves the deadline later.
    let renewingSince = 0;
    const lost = (why: string) => {
      this.setHeld(0, 0);
      run.abort(new Error(why));
    };
    const beat = setInterval(
      () => {
        if (Date.now() >= this.heldUntil) return lost('the render lease could not be renewed in time');
        const at = Date.now();
        if (renewingSince && at - renewingSince < this.leaseMs / 3) return;
        renewingSince = at;
        // Under its grant: a renewal after the lease lapsed at the API is refused, never a new grant.
        api.lease(this.o.id, token).then(
          (r) => {
            if (renewingSince === at) renewingSince = 0;
            if (run.signal.aborted) return;
            if (r.held && grantOf(r.lease) === token) this.setHeld(token, Math.max(at + r.lease.leaseMs, this.heldUntil + this.leaseMs / 10));
            else {
              this.holder = r.lease.holder;
              lost(r.held ? 'the render lease lapsed before it was renewed' : `the render lease went to ${r.lease.holder}`);
            }
          },
          () => {
            if (renewingSince === at) renewingSince = 0;
          },
        );
      },
      Math.max(50, this.leaseMs / 6),
    );
    this.running = true;
    try {
      const report = await this.o.render(scopes, run.signal);
      this.lastReport = { ...report, finishedAt: new Date().toISOString() };
      this.lastError = null;
    } catch (e) {
      this.lastError = run.signal.aborted ? String((run.signal.reason as Error)?.message ?? run.signal.reason) : ((e as Error)?.message ?? String(e));
      this.log.error(`[renderer] render run failed, the last good files stay and its changes wait for the next run: ${this.lastError}`);
      // This process's own reasons go back in the queue; the feed's changes are still at the API.
      this.local.unshift(...own);
      return false;
    } finally {
      clearInterval(beat);
      this.runAbort = null;
      this.running = false;
      this.runs++;
    }
    if (feed.changes.length) this.o.published?.(feed.changes);
    if (
      feed.changes.length &&
      !(await api.ack(
        this.o.id,
        token,
        feed.changes.map((c) => c.id),
      ))
    ) {
      // Rendered, but the lease went meanwhile: the next holder renders them again (the same files). This renderer
      // no longer holds it: it asks again as any other would.
      this.setHeld(0, 0);
      this.log.warn('[renderer] the render lease went before the changes were acknowledged: the next holder renders them again');
    }
    return true;
  }

  /** The grant held and its local deadline (0, 0: none), told to the write fence. */
  private setHeld(token: number, until: number): void {
    this.token = token;
    this.heldUntil = token ? until - this.leaseMs / 10 : 0;
    if (!token && this.role === 'holder') this.role = 'standby';
    this.o.leaseUntil?.(this.heldUntil);
  }

  /** One turn without a feed: this process's own reasons only. */
  private async unfedStep(): Promise<boolean> {
    this.o.leaseUntil?.(Number.MAX_SAFE_INTEGER);
    const scopes = this.takeLocal();
    if (!scopes.length) {
      await this.pause(60_000);
      return true;
    }
    this.running = true;
    const run = (this.runAbort = new AbortController());
    try {
      const report = await this.o.render(scopes, run.signal);
      this.lastReport = { ...report, finishedAt: new Date().toISOString() };
      this.lastError = null;
      return true;
    } catch (e) {
      this.lastError = (e as Error)?.message ?? String(e);
      this.log.error(`[renderer] render run failed, the last good files stay: ${this.lastError}`);
      return true;
    } finally {
      this.runAbort = null;
      this.running = false;
      this.runs++;
    }
  }

  /** The local scopes to render now: one full run if any asks for everything. */
  private takeLocal(): Scope[] {
    const taken = this.local;
    this.local = [];
    const all = taken.filter((s) => 'all' in s);
    if (all.length) {
      // One full run; the remotes any of them puts first go first in it.
      const first = [...new Set(all.flatMap((s) => ('all' in s ? (s.first ?? []) : [])))];
      return [first.length ? { all: true, first } : { all: true }];
    }
    return taken;
  }

  private freshWake(): AbortController {
    if (this.wake.signal.aborted) this.wake = new AbortController();
    return this.wake;
  }

  /** Waits `ms`, or less when woken (new local work, a hint, stop). */
  private pause(ms: number): Promise<void> {
    const wake = this.freshWake();
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake.signal.removeEventListener('abort', done);
        resolve();
      }
      wake.signal.addEventListener('abort', done);
    });
  }
}
