/** The renderer's /metrics text (src/metrics.ts): Prometheus's text format, counters and the run histogram. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RenderMetrics } from '../src/metrics';

test('[ISSUE-35] runs by result, their durations as a histogram, the last run, the lease and the queue', () => {
  const m = new RenderMetrics();
  assert.match(m.text({ holder: false, pending: 0 }), /^render_runs_total\{result="ok"\} 0$/m);
  m.run(0.8, true, 42);
  m.run(7, false);
  const text = m.text({ holder: true, pending: 3 });
  for (const line of [
    'render_runs_total{result="ok"} 1',
    'render_runs_total{result="failed"} 1',
    'render_run_duration_seconds_bucket{le="0.5"} 0',
    'render_run_duration_seconds_bucket{le="1"} 1',
    'render_run_duration_seconds_bucket{le="10"} 2',
    'render_run_duration_seconds_bucket{le="+Inf"} 2',
    'render_run_duration_seconds_sum 7.8',
    'render_run_duration_seconds_count 2',
    'render_pages_last_run 42',
    'render_lease_holder 1',
    'render_pending_reasons 3',
  ])
    assert.ok(text.split('\n').includes(line), line);
  assert.match(text, /^render_last_success_timestamp_seconds \d+(\.\d+)?$/m);
  // Every sample has its TYPE line first (what Prometheus's parser wants).
  for (const name of ['render_runs_total', 'render_run_duration_seconds', 'render_pages_last_run', 'render_lease_holder'])
    assert.ok(text.indexOf(`# TYPE ${name} `) < text.indexOf(`\n${name}`), name);
});

test('[ISSUE-35] write-to-published-page time: each change from its outbox row to its pages published', () => {
  const m = new RenderMetrics();
  const publishedAt = Date.parse('2026-11-27T10:00:10.000Z');
  m.published(['2026-11-27T10:00:09.600Z', '2026-11-27T10:00:08.000Z', '2026-11-27T09:59:10.000Z'], publishedAt);
  // A renderer's clock behind the database's: 0, never negative; an unreadable time is left out.
  m.published(['2026-11-27T10:00:11.000Z', 'not a time'], publishedAt);
  const text = m.text({ holder: true, pending: 0 });
  for (const line of [
    '# TYPE render_write_to_publish_seconds histogram',
    'render_write_to_publish_seconds_bucket{le="0.25"} 1',
    'render_write_to_publish_seconds_bucket{le="0.5"} 2',
    'render_write_to_publish_seconds_bucket{le="2"} 3',
    'render_write_to_publish_seconds_bucket{le="30"} 3',
    'render_write_to_publish_seconds_bucket{le="60"} 4',
    'render_write_to_publish_seconds_bucket{le="+Inf"} 4',
    'render_write_to_publish_seconds_count 4',
  ])
    assert.ok(text.split('\n').includes(line), line);
  assert.equal(Number(/^render_write_to_publish_seconds_sum (\S+)$/m.exec(text)?.[1]).toFixed(3), (0.4 + 2 + 60).toFixed(3));
});
