/**
 * A render thread (pool.ts): loads the builds once from the run's JobSpec, then renders the batches the run sends
 * and answers each with its pages' outcomes (index entries, or why a page was not rendered), until told it is done.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SITE_TIME_ZONE } from '@site/contract';
import { setPriority } from 'node:os';
import { openPageJob } from './page-job';
import type { FromThread, ThreadData, ToThread } from './pool';

// The process's zone is the run's already; set again so this thread's dates never depend on who started it.
process.env.TZ = SITE_TIME_ZONE;
const port = parentPort!;
const reply = (m: FromThread) => port.postMessage(m);

const data = workerData as ThreadData;
if (data.background) {
  try {
    setPriority(10); // this thread's own priority (Linux: per thread)
  } catch {
    /* not permitted here */
  }
}
try {
  const job = await openPageJob(data.spec);
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
