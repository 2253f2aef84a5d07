/**
 * Issue 35.7: operators can see. Prometheus metrics on a port of their own (METRICS_PORT), never on the API's port;
 * requests by route pattern and status with a latency histogram, the database pool, the render outbox's depth and the
 * age of its oldest change, the process' default series. One JSON log line per request with the request id the front
 * door sets in X-Request-Id (generated when it has none), echoed in the answer.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { CHANNEL_IDS } from '@site/contract';
import { ok, req, startProcess, suiteServer, templateDir } from './helpers.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('metrics on METRICS_PORT', () => {
  const s = suiteServer({ server: { metricsPort: 0 } });
  const scrape = async () => {
    const port = s.app.metricsPort;
    ok(port, 'the metrics server listens');
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  test('[issue 35.7] the metrics port answers the series: requests by route pattern and status, latency histogram, pool, outbox, process', async () => {
    assert.equal((await req(s.app, { method: 'GET', url: `/api/channel/${CHANNEL_IDS.news}` })).status, 200);
    assert.equal((await req(s.app, { method: 'GET', url: '/api/article/987654321' })).status, 404);
    assert.equal((await req(s.app, { method: 'GET', url: '/no/such/path/zzqq' })).status, 404);
    const text = await scrape();
    assert.match(text, /^http_requests_total\{method="GET",route="\/api\/channel\/:id",status="200"\} 1$/m);
    assert.match(text, /^http_requests_total\{method="GET",route="\/api\/article\/:id",status="404"\} 1$/m);
    assert.match(text, /^http_requests_total\{method="GET",route="unmatched",status="404"\} 1$/m);
    assert.match(text, /^http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/channel\/:id",status="200"\} \d+$/m);
    assert.match(text, /^http_request_duration_seconds_count\{method="GET",route="\/api\/channel\/:id",status="200"\} 1$/m);
    ok(!/route="[^"]*(987654321|zzqq)/.test(text), 'raw URLs are never labels');
    assert.match(text, /^# TYPE db_pool_connections gauge$/m);
    if (s.databaseUrl) assert.match(text, /^db_pool_connections\{state="total"\} [1-9]\d*$/m);
    assert.match(text, /^render_outbox_depth 0$/m);
    assert.match(text, /^render_outbox_oldest_age_seconds 0$/m);
    assert.match(text, /^process_cpu_user_seconds_total /m);
    assert.match(text, /^nodejs_eventloop_lag_seconds /m);
  });

  test('[issue 35.7] the outbox gauges count the changes not yet acknowledged and the age of the oldest', async () => {
    await s.app.ctx.db.execute(
      sql`INSERT INTO render_outbox (change, created_at) VALUES ('{"kind":"site"}', now() - interval '42 seconds'), ('{"kind":"site"}', now())`,
    );
    try {
      const text = await scrape();
      assert.match(text, /^render_outbox_depth 2$/m);
      const age = Number(/^render_outbox_oldest_age_seconds (\S+)$/m.exec(text)?.[1]);
      ok(age >= 42 && age < 120, `age ${age}`);
    } finally {
      await s.app.ctx.db.execute(sql`DELETE FROM render_outbox`);
    }
  });

  test('[issue 35.7] the API port answers 404 for /metrics; the metrics port answers nothing but /metrics', async () => {
    const r = await req(s.app, { method: 'GET', url: '/metrics' });
    assert.equal(r.status, 404);
    assert.doesNotMatch(r.raw.body, /http_requests_total/);
    assert.equal((await fetch(`http://127.0.0.1:${s.app.metricsPort}/api/channel`)).status, 404);
  });
});

describe('request ids and request logs', () => {
  const lines: Record<string, unknown>[] = [];
  const s = suiteServer({
    server: {
      logger: {
        level: 'info',
        stream: {
          write: (line: string) => {
            lines.push(JSON.parse(line) as Record<string, unknown>);
          },
        },
      },
    },
  });

  test('[issue 35.7] X-Request-Id from the front door is echoed and logged in one JSON line per request; none or a bad one: a new UUID', async () => {
    lines.length = 0;
    const given = await req(s.app, {
      method: 'GET',
      url: `/api/channel/${CHANNEL_IDS.news}?secret=1`,
      headers: { 'x-request-id': 'front-door.abc:123' },
    });
    assert.equal(given.headers['x-request-id'], 'front-door.abc:123');
    const mine = lines.filter((l) => l.reqId === 'front-door.abc:123');
    assert.equal(mine.length, 1, JSON.stringify(lines));
    assert.equal(mine[0].msg, 'request');
    assert.equal(mine[0].level, 30);
    assert.equal(mine[0].route, '/api/channel/:id');
    assert.equal(mine[0].url, `/api/channel/${CHANNEL_IDS.news}`, 'the query string is not logged');
    assert.equal(mine[0].status, 200);
    assert.equal(typeof mine[0].ms, 'number');

    const none = await req(s.app, { method: 'GET', url: '/api/channel' });
    assert.match(String(none.headers['x-request-id']), UUID);
    const bad = await req(s.app, { method: 'GET', url: '/api/channel', headers: { 'x-request-id': 'two words<script>' } });
    assert.match(String(bad.headers['x-request-id']), UUID);
    ok(
      lines.some((l) => l.reqId === none.headers['x-request-id']),
      'the generated id is logged',
    );
    // The front door's checks stay out of the info log.
    lines.length = 0;
    await req(s.app, { method: 'GET', url: '/health' });
    assert.equal(lines.filter((l) => l.msg === 'request').length, 0);
  });
});

test(
  '[issue 35.7] the real process serves its metrics on METRICS_PORT and says where',
  { skip: !!process.env.TEST_DATABASE_URL && 'PGlite process only' },
  async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-metrics-'));
    fs.cpSync(await templateDir(), dataDir, { recursive: true });
    const server = startProcess(dataDir, { SITE_TEST_ACCOUNTS: '1', METRICS_PORT: '0' });
    try {
      const port = await server.port;
      let m: RegExpExecArray | null = null;
      for (let i = 0; i < 100 && !(m = /metrics on http:\/\/127\.0\.0\.1:(\d+)\/metrics/.exec(server.output())); i++)
        await new Promise((r) => setTimeout(r, 50));
      ok(m, server.output());
      assert.notEqual(Number(m[1]), port);
      assert.equal((await fetch(`http://127.0.0.1:${port}/health`)).status, 200);
      const text = await (await fetch(`http://127.0.0.1:${m[1]}/metrics`)).text();
      assert.match(text, /^http_requests_total\{method="GET",route="\/health",status="200"\} 1$/m);
      assert.equal((await fetch(`http://127.0.0.1:${port}/metrics`)).status, 404);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
