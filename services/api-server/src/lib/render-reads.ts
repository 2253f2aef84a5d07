/**
 * The page renderer's page reads, taken a few at a time in this process, so that its lease, its change feed, `/health`
 * and every visitor's call never wait behind them.
 *
 * A full render reads the public API for every page it writes (an article, its neighbours, a list page), as fast as
 * its workers go: tens of thousands of reads at 10,000 articles. On a machine starved of CPU this process gets a small
 * share of a core, and every read in flight has its next piece of work (a database answer to turn into objects, an
 * answer to serialise) in the event loop and its query in the database pool ahead of a lease renewal that arrives
 * behind them: the renewal waited seconds, longer than the lease (docs/performance.md, *The render lease on a busy
 * machine*). So the renderer sends those reads under RENDER_READS_PATH (`GET /internal/render/reads/api/…`), which this
 * server answers exactly as the `/api/…` route after the prefix, but only RENDER_READ_TURNS of them at a time; the
 * others wait before any of their work starts (their request line and headers read, nothing more). A renewal then has
 * at most that many reads' work ahead of it, however many the renderer sends.
 *
 * Per process on purpose: it shares out this process's CPU. Nothing in it needs to agree across instances (each
 * instance behind the renderer's balanced way to the API takes its own turns), and losing it loses nothing.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RENDER_READS_PATH } from '@site/contract';
/**
 * Renderer reads served at once by this process. Two: a renewal waits behind two reads' work at most, and while one
 * read waits for the database the other's answer is being built, so the API keeps pace with the renderer's workers.
 * With one turn a quiet full render at 10,000 articles took 214.9 s, with two 176.6 s (docs/performance.md).
 */
export const RENDER_READ_TURNS = 2;

/** A FIFO of turns, `size` at a time. */
export class Turns {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(readonly size: number) {}

  /** Turns taken and not ended. */
  get active(): number {
    return this.running;
  }

  /** Callers waiting for a turn. */
  get queued(): number {
    return this.waiting.length;
  }

  /**
   * Asks for a turn. `ready` resolves true when it is the caller's, false when `end` came first (the caller went
   * away while it waited: nothing of it runs). `end` ends the turn or the wait; calling it again does nothing.
   */
  take(): { ready: Promise<boolean>; end: () => void } {
    let state: 'waiting' | 'running' | 'ended' = 'waiting';
    let answer!: (mine: boolean) => void;
    const ready = new Promise<boolean>((resolve) => (answer = resolve));
    const grant = () => {
      state = 'running';
      this.running++;
      answer(true);
    };
    const end = () => {
      if (state === 'ended') return;
      if (state === 'running') this.running--;
      else {
        // Still waiting means still in the queue (a turn is taken off it before it is granted).
        this.waiting.splice(this.waiting.indexOf(grant), 1);
        answer(false);
      }
      state = 'ended';
      this.next();
    };
    if (this.running < this.size) grant();
    else this.waiting.push(grant);
    return { ready, end };
  }

  private next(): void {
    while (this.running < this.size && this.waiting.length) this.waiting.shift()!();
  }
}

/**
 * What app.ts wires in: `rewriteUrl` (Fastify's option) maps a renderer read to its `/api/…` route and remembers the
 * request; the `onRequest` hook holds each remembered request until it has a turn, which ends when its answer is
 * sent or its caller goes away. Only GET and HEAD of `/api/…` are taken under the prefix; anything else there is a
 * 404, as before.
 */
export function renderReads(turns = new Turns(RENDER_READ_TURNS)) {
  const fromRenderer = new WeakSet<IncomingMessage>();
  const prefix = `${RENDER_READS_PATH}/api/`;
  return {
    turns,
    rewriteUrl(req: IncomingMessage): string {
      const url = req.url ?? '/';
      if ((req.method !== 'GET' && req.method !== 'HEAD') || !url.startsWith(prefix)) return url;
      fromRenderer.add(req);
      return url.slice(RENDER_READS_PATH.length);
    },
    async onRequest(req: FastifyRequest, reply: FastifyReply): Promise<void> {
      if (!fromRenderer.has(req.raw)) return;
      const turn = turns.take();
      // 'close': the answer is sent, or the connection went before it was.
      reply.raw.once('close', turn.end);
      if (!(await turn.ready)) reply.hijack(); // gone while it waited: nothing is read or answered for it
    },
  };
}
