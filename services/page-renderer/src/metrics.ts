/**
 * The renderer's Prometheus metrics, served at GET /metrics on its loopback port (RENDER_PORT, beside
 * /status; never through the front door). Written by hand in Prometheus's text format: seven series do not need a
 * client library in this process.
 */

/** Upper bounds (s) of the run-duration histogram: a run is one page to every page of the site. */
const BUCKETS = [0.5, 1, 2, 5, 10, 30, 60, 120, 300];
/**
 * Upper bounds (s) of the write-to-published-page histogram: a poll's wake-up and one run (about a second) when all
 * is well; a lease handed over, a failed run or a storage away add tens of seconds to minutes.
 */
const PUBLISH_BUCKETS = [0.25, 0.5, 1, 2, 3, 5, 10, 30, 60, 120, 300, 600];

/** A histogram in the Prometheus text format: its cumulative buckets (`counts`, one per bound), +Inf, sum and count. */
const histogram = (name: string, help: string, bounds: number[], counts: number[], count: number, sum: number): string[] => [
  `# HELP ${name} ${help}`,
  `# TYPE ${name} histogram`,
  ...bounds.map((le, i) => `${name}_bucket{le="${le}"} ${counts[i]}`),
  `${name}_bucket{le="+Inf"} ${count}`,
  `${name}_sum ${sum}`,
  `${name}_count ${count}`,
];

export class RenderMetrics {
  private runs = { ok: 0, failed: 0 };
  private readonly counts = BUCKETS.map(() => 0);
  private sum = 0;
  private count = 0;
  private pages = 0;
  private lastSuccess = 0;
  private readonly publishCounts = PUBLISH_BUCKETS.map(() => 0);
  private publishSum = 0;
  private publishCount = 0;

  /**
   * The changes of a successful run are published (written to the output folder and, with a shared storage, put in
   * it), at `publishedAt` (ms): each change's time from its row in the render outbox (`createdAt`, written in the
   * content write's transaction, by the database's clock) to now. A change rendered again after a lost lease counts
   * again (its page was published again); a clock behind the database's counts 0, never a negative time.
   */
  published(createdAts: readonly string[], publishedAt = Date.now()): void {
    for (const createdAt of createdAts) {
      const created = Date.parse(createdAt);
      if (!Number.isFinite(created)) continue;
      const seconds = Math.max(0, (publishedAt - created) / 1000);
      PUBLISH_BUCKETS.forEach((le, i) => {
        if (seconds <= le) this.publishCounts[i]++;
      });
      this.publishSum += seconds;
      this.publishCount++;
    }
  }

  /** One finished run: how long it took, whether it succeeded, and how many pages it rendered. */
  run(seconds: number, ok: boolean, pages = 0): void {
    this.runs[ok ? 'ok' : 'failed']++;
    BUCKETS.forEach((le, i) => {
      if (seconds <= le) this.counts[i]++;
    });
    this.sum += seconds;
    this.count++;
    if (ok) {
      this.pages = pages;
      this.lastSuccess = Date.now() / 1000;
    }
  }

  /** The text format, with the loop's state read now (`holder`: this renderer holds the lease; `pending`: reasons waiting). */
  text({ holder, pending }: { holder: boolean; pending: number }): string {
    const lines = [
      '# HELP render_runs_total Render runs finished, by result.',
      '# TYPE render_runs_total counter',
      `render_runs_total{result="ok"} ${this.runs.ok}`,
      `render_runs_total{result="failed"} ${this.runs.failed}`,
      ...histogram(
        'render_run_duration_seconds',
        'How long a render run took (rendering and publishing).',
        BUCKETS,
        this.counts,
        this.count,
        this.sum,
      ),
      ...histogram(
        'render_write_to_publish_seconds',
        'From a content change in the render outbox (its row created) to its pages published.',
        PUBLISH_BUCKETS,
        this.publishCounts,
        this.publishCount,
        this.publishSum,
      ),
      '# HELP render_pages_last_run Pages the last successful run rendered.',
      '# TYPE render_pages_last_run gauge',
      `render_pages_last_run ${this.pages}`,
      '# HELP render_last_success_timestamp_seconds When the last successful run finished (0: none yet).',
      '# TYPE render_last_success_timestamp_seconds gauge',
      `render_last_success_timestamp_seconds ${this.lastSuccess}`,
      '# HELP render_lease_holder 1 while this renderer holds the API render lease (the active one), else 0.',
      '# TYPE render_lease_holder gauge',
      `render_lease_holder ${holder ? 1 : 0}`,
      '# HELP render_pending_reasons Reasons to render waiting for the next run (changes, remotes, template, periodic).',
      '# TYPE render_pending_reasons gauge',
      `render_pending_reasons ${pending}`,
    ];
    return `${lines.join('\n')}\n`;
  }
}
