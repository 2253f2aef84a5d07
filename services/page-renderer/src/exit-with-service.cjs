/**
 * Preloaded (`--require`, before tsx and every module) into each worker the service forks (service.ts): when the
 * service goes away, even by SIGKILL, its IPC channel closes and the worker exits at once, also while it is still
 * loading its modules (a worker started ahead of its run spends seconds there on a loaded machine, and a listener
 * added by worker.ts itself would come too late to hear the channel close).
 */
if (process.send) process.once('disconnect', () => process.exit(1));
