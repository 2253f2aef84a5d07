/**
 * The API's own figures for 站点监控: each instance counts its answered requests per minute in memory
 * (count, 5xx, latency in the fixed buckets of the millisecond metrics) and adds them to the minute's row of
 * api_request_minute once a minute (and at close), so any number of instances sum up in one small table that every
 * instance can read: prom-client's registry is per process and is for Prometheus. Health checks are left out.
 */
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fieldBucket } from '@site/contract';
import type { AppContext } from '../context.js';
import type { Db } from '../db/index.js';

interface Minute {
  requests: number;
  errors: number;
  sumMs: number;
  buckets: Record<number, number>;
}

export class ApiMinutes {
  private minutes = new Map<number, Minute>();
  private timer: NodeJS.Timeout;

  constructor(
    private db: Db,
    everyMs = 60_000,
  ) {
    this.timer = setInterval(() => void this.flush().catch(() => {}), everyMs);
    this.timer.unref();
  }

  observe(route: string, status: number, ms: number, at = Date.now()): void {
    if (route === '/health' || route === '/ready') return;
    const key = Math.floor(at / 60_000) * 60_000;
    const m = this.minutes.get(key) ?? { requests: 0, errors: 0, sumMs: 0, buckets: {} };
    m.requests++;
    if (status >= 500) m.errors++;
    m.sumMs += ms;
    const b = fieldBucket('TTFB', ms);
    m.buckets[b] = (m.buckets[b] ?? 0) + 1;
    this.minutes.set(key, m);
  }

  /** Adds the counted minutes to their rows (one statement); kept in memory for the next try when it fails. */
  async flush(): Promise<void> {
    if (!this.minutes.size) return;
    const batch = [...this.minutes.entries()];
    this.minutes = new Map();
    try {
      await this.db.execute(sql`
        INSERT INTO api_request_minute AS a (minute, requests, errors_5xx, sum_ms, buckets)
        SELECT to_timestamp(u.at / 1000.0), u.requests, u.errors, u.sum_ms, u.buckets
          FROM jsonb_to_recordset(${JSON.stringify(batch.map(([at, m]) => ({ at, requests: m.requests, errors: m.errors, sum_ms: m.sumMs, buckets: m.buckets })))}::jsonb)
            AS u(at bigint, requests int, errors int, sum_ms float8, buckets jsonb)
        ON CONFLICT (minute) DO UPDATE SET requests = a.requests + EXCLUDED.requests, errors_5xx = a.errors_5xx + EXCLUDED.errors_5xx,
          sum_ms = a.sum_ms + EXCLUDED.sum_ms,
          buckets = (SELECT coalesce(jsonb_object_agg(k, s), '{}'::jsonb) FROM (
            SELECT k, sum(v::int) AS s FROM (SELECT * FROM jsonb_each_text(a.buckets) UNION ALL SELECT * FROM jsonb_each_text(EXCLUDED.buckets)) e(k, v) GROUP BY k) t)`);
    } catch (err) {
      for (const [at, m] of batch) if (!this.minutes.has(at)) this.minutes.set(at, m);
      throw err;
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

const perServer = new WeakMap<AppContext, ApiMinutes>();
/** The minute counter of a server (one per built server). */
export function apiMinutesOf(ctx: AppContext): ApiMinutes {
  let m = perServer.get(ctx);
  if (!m) perServer.set(ctx, (m = new ApiMinutes(ctx.db)));
  return m;
}

/** The onResponse hook app.ts adds: counts every answered request of the server. */
export function apiMinuteHook(ctx: AppContext) {
  const minutes = apiMinutesOf(ctx);
  return async (req: FastifyRequest, reply: FastifyReply) => {
    minutes.observe(req.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime);
  };
}
