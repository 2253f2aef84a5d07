/**
 * The service's side of the search renders (search-worker.ts): one child process, started with the service and
 * again on the next search after it exits. Bounded here too, whatever the child does: at most MAX_WAITING searches
 * wait for it, and of those at most `concurrency` from one visitor's address (the next is turned away to the app's
 * own page, 503), and none waits longer than the child's own timeout and a margin (504).
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { failure, hostIndex, SEARCH_FAILED, SEARCH_TIMED_OUT, searchSettings, turnedAway, type SearchAnswer } from './search-page';

export function searchProcess(hostRoot: string, log = console) {
  const settings = searchSettings();
  // The child answers more than `concurrency` at once itself (503); these are the ones it has not answered yet.
  const maxWaiting = settings.concurrency * 4;
  const waitMs = settings.timeoutMs + 2000;
  const waiting = new Map<number, (answer: SearchAnswer) => void>();
  const waitingFrom = new Map<string, number>();
  let child: ChildProcess | null = null;
  let last = 0;

  function start(): ChildProcess {
    const started = fork(path.join(import.meta.dirname, 'search-worker.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    started.on('message', (m: { id: number; answer: SearchAnswer }) => {
      waiting.get(m.id)?.(m.answer);
      waiting.delete(m.id);
    });
    started.on('error', (e) => log.error('[renderer] search process:', e.message));
    started.on('exit', (code, signal) => {
      if (child === started) child = null;
      if (code !== 0) log.error(`[renderer] the search process exited (${code ?? signal}); the next search starts another`);
      for (const [, done] of waiting) done(failure(502, SEARCH_FAILED));
      waiting.clear();
    });
    return started;
  }

  function answer(url: string, visitor: string): Promise<SearchAnswer> {
    const mine = waitingFrom.get(visitor) ?? 0;
    if (waiting.size >= maxWaiting || mine >= settings.concurrency) return Promise.resolve(turnedAway(hostIndex(hostRoot)));
    child ??= start();
    const id = ++last;
    waitingFrom.set(visitor, mine + 1);
    const settle = () => {
      const left = (waitingFrom.get(visitor) ?? 1) - 1;
      if (left > 0) waitingFrom.set(visitor, left);
      else waitingFrom.delete(visitor);
    };
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        settle();
        resolve(failure(504, SEARCH_TIMED_OUT));
      }, waitMs);
      waiting.set(id, (a) => {
        clearTimeout(timer);
        settle();
        resolve(a);
      });
      child?.send({ id, url, visitor });
    });
  }

  return {
    answer,
    /** Starts the process now (it loads the host build and renders once), so the first search finds it ready. */
    warm: () => void (child ??= start()),
    stop: () => child?.kill('SIGTERM'),
  };
}
