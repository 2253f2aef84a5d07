/**
 * Federation runtime plugin: every shared module is resolved in a task of its own.
 *
 * A chunk that needs several shared modules (the host's start needs eight) asks for all of them at once, and the
 * runtime resolved them, loaded their chunks and ran the nested requests in one chain of promises: one task of
 * 100 ms and more on a slow phone (measured at CPU 4x), during which the page answers no input. Yielding to the
 * browser before each one ends that task after every module. Nothing waits for anything: each step runs as soon
 * as the main thread is free, and the order of the requests is unchanged.
 */
function yieldToMain() {
  const scheduler = globalThis.scheduler;
  if (scheduler && typeof scheduler.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export default function yieldPlugin() {
  return {
    name: 'site-yield-plugin',
    beforeLoadShare(args) {
      return yieldToMain().then(() => args);
    },
  };
}
