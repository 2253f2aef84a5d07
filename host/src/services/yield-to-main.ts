/**
 * Ends the current task, so the browser can paint and answer input before the next step runs in a task of its own
 * (`scheduler.yield()` where the browser has it: the step then goes before other queued work; a zero timeout
 * elsewhere). No waiting for anything: the next step runs as soon as the main thread is free.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
