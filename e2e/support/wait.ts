/**
 * Waiting for the harness's own processes to answer, with wait-on: ports that accept connections
 * (`tcp:127.0.0.1:PORT`) and HTTP paths that answer 200 (`http-get://127.0.0.1:PORT/path`).
 */
import waitOn from 'wait-on';

/** How wait-on's timeout error begins (its text names every resource still waited for). */
const TIMED_OUT = 'Timed out waiting for';

export interface ReadyOptions {
  /** Between the starts of two tries of one resource. */
  intervalMs: number;
  timeoutMs: number;
  /** The error thrown when `timeoutMs` passes first. */
  timeoutMessage: string;
  /** Resolves with a reason when waiting longer is pointless (the process exited): thrown at once as the error. */
  gaveUp?: Promise<string>;
}

/** Resolves once every resource answers; each try gives up after 2 s. */
export async function untilReady(resources: string[], o: ReadyOptions): Promise<void> {
  const ready = waitOn({
    resources,
    interval: o.intervalMs,
    timeout: o.timeoutMs,
    tcpTimeout: 2000,
    httpTimeout: 2000,
    validateStatus: (status) => status === 200,
    followRedirect: false,
    // The processes are on this machine: never through a proxy the environment names.
    proxy: false,
  }).catch((e: Error) => {
    throw e.message.startsWith(TIMED_OUT) ? new Error(o.timeoutMessage, { cause: e }) : e;
  });
  if (!o.gaveUp) return ready;
  // wait-on cannot be cancelled: after a give-up it polls on until its timeout, and the race holds its rejection.
  await Promise.race([ready, o.gaveUp.then((reason) => Promise.reject(new Error(reason)))]);
}
