/**
 * A render thread (pool.ts): loads the builds once from the run's JobSpec, then renders the batches the run sends
 * and answers each with its pages' outcomes (index entries, or why a page was not rendered), until told it is done.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SITE_TIME_ZONE } from '@site/contract';
import { openPageJob, type JobSpec } from './page-job';
import type { FromThread, ToThread } from './pool';

// The process's zone is the run's already; set again so this thread's dates never depend on who started it.
process.env.TZ = SITE_TIME_ZONE;
const port = parentPort!;
const reply = (m: FromThread) => port.postMessage(m);

try {
  const job = await openPageJob(workerData as JobSpec);
  port.on('message', (m: ToThread) => {
    // process.exit in a worker thread ends the thread only (its keep-alive sockets would hold it a while).
    if ('done' in m) process.exit(0);
    void (async () => {
      const outcomes = [];
      for (const route of m.batch) outcomes.push(await job.render(route));
      reply({ outcomes });
    })();
  });
  reply({ ready: true });
} catch (e) {
  reply({ failed: (e as Error)?.message ?? String(e) });
}
