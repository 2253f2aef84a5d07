/**
 * Prometheus metrics, with prom-client, served by a small HTTP server of their own on METRICS_PORT
 * (`@site/metrics-http`, shared with the origins): never on the API's port, so the front door, which forwards the
 * API's paths, cannot answer them to visitors.
 * Each server built has its own registry (several are built in one test process).
 *
 * Series (see the README for their labels):
 * - `http_requests_total`, `http_request_duration_seconds`: every answered request by method, route pattern (the
 *   route's URL pattern, `/system/article/:id`, never the raw URL; `unmatched` for a path no route has) and status;
 * - `db_pool_connections{state="total|idle|waiting"}`: node-postgres' pool (absent on PGlite, which has none);
 * - `render_outbox_depth`, `render_outbox_oldest_age_seconds`: changes the page renderer has not acknowledged yet
 *   (rows of render_outbox: lib/render-outbox.ts deletes a row once its pages are written) and the age of the oldest;
 * - `ready_check_failures_total{check}`: /ready checks that failed;
 * - prom-client's default process and Node.js series (`process_*`, `nodejs_*`).
 */
import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { rows, type Database } from '../db/index.js';
import { withDeadline } from './readiness.js';

/** The label of a request no route matched (a 404): raw URLs would make a series per probe. */
export const UNMATCHED_ROUTE = 'unmatched';

export interface Metrics {
  registry: Registry;
  /** Counts one answered request. */
  observe(method: string, route: string, status: number, seconds: number): void;
  readyFailed(check: string): void;
}

/**
 * The registry and its series. `defaults`: prom-client's process and Node.js collectors too (they start an event-loop
 * monitor and a GC observer that live as long as the process: only for a server whose metrics are served).
 */
export function createMetrics(database: Database, timeoutMs: number, defaults = true): Metrics {
  const registry = new Registry();
  if (defaults) collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to its answer, by method, route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const readyFailures = new Counter({
    name: 'ready_check_failures_total',
    help: 'Checks of /ready that failed, by check',
    labelNames: ['check'],
    registers: [registry],
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'node-postgres pool: connections open (total), idle, and queries waiting for a connection (absent on PGlite)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const s = database.poolStats();
      this.reset();
      if (!s) return;
      this.set({ state: 'total' }, s.total);
      this.set({ state: 'idle' }, s.idle);
      this.set({ state: 'waiting' }, s.waiting);
    },
  });
  // One query feeds both outbox gauges: the first collected reads, the second uses its answer.
  let outbox: Promise<{ depth: number; age: number } | null> | null = null;
  const readOutbox = () =>
    (outbox ??= withDeadline(
      rows<{ depth: number | string; age: number | string | null }>(
        database.db,
        sql`SELECT count(*)::int AS depth, extract(epoch FROM now() - min(created_at))::float8 AS age FROM render_outbox`,
      ),
      timeoutMs,
    )
      .then(([r]) => ({ depth: Number(r?.depth ?? 0), age: Math.max(0, Number(r?.age ?? 0)) }))
      .catch(() => null)
      .finally(() => setTimeout(() => (outbox = null), 0)));
  // Both gauges read the outbox once a scrape; absent (reset) when the database does not answer.
  const outboxGauge = (series: { name: string; help: string }, pick: (o: { depth: number; age: number }) => number) =>
    new Gauge({
      ...series,
      registers: [registry],
      async collect() {
        const o = await readOutbox();
        this.reset();
        if (o) this.set(pick(o));
      },
    });
  // Each series spelt `name: '…'`: the deploy examples' test finds the exported series by that form.
  outboxGauge(
    {
      name: 'render_outbox_depth',
      help: 'Content changes not yet acknowledged by the page renderer (rows of render_outbox; absent when the database does not answer)',
    },
    (o) => o.depth,
  );
  outboxGauge(
    { name: 'render_outbox_oldest_age_seconds', help: 'Age of the oldest change the page renderer has not acknowledged (0 when none)' },
    (o) => o.age,
  );
  return {
    registry,
    observe(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
    readyFailed(check) {
      readyFailures.inc({ check });
    },
  };
}
