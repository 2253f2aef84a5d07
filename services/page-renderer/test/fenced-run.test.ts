/**
 * A run under the render lease (the service's runs: a write fence) keeps its own thread free to move the fence each
 * time the service renews: the render threads (as many as workers) render every page below normal priority, and the
 * run's thread renders none and stays at its priority. Before, the run's thread rendered pages one after another at
 * nice 10: on a starved machine a renewal's new deadline waited behind a page, the fence closed under a lease still
 * held, and the run wrote nothing more. A file of its own: the fence is this thread's for the rest of the process.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import { fenceWrites, setFenceDeadline } from '../src/output';
import { runRender } from '../src/worker';
import { PAGES, quiet, standIn } from './stand-in';

test('[issue 43.3] a fenced run: the render threads render every page below normal priority; the run’s own thread renders none and keeps its priority', async (t) => {
  const { config, threads } = await standIn(t);
  const env = { RENDER_WORKERS: process.env.RENDER_WORKERS, STAND_IN_RENDER_THREADS: process.env.STAND_IN_RENDER_THREADS };
  t.after(() => {
    for (const [k, v] of Object.entries(env))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  });
  setFenceDeadline(fenceWrites(new SharedArrayBuffer(8)), Date.now() + 3_600_000);
  process.env.RENDER_WORKERS = '2';
  // Both render threads render: each waits at its first page for the other (test/stand-in.ts).
  process.env.STAND_IN_RENDER_THREADS = '2';
  const main = os.getPriority();
  const calls: string[] = [];
  const report = await runRender(config('fenced'), [{ all: true }], quiet, { background: () => calls.push('background') });

  const used = threads();
  assert.ok(!used.has('0'), `the run's own thread rendered no page (threads that did: ${[...used.keys()].join(', ')})`);
  assert.equal(used.size, 2, 'two render threads for two workers');
  for (const [id, nice] of used) assert.equal(nice, Math.max(10, main), `render thread ${id} at nice 10`);
  assert.deepEqual(calls, [], 'the run’s thread is not sent to the background');
  assert.equal(os.getPriority(), main);
  assert.equal(report.rendered, PAGES - 1);
  assert.equal(report.workers, 2);
});
