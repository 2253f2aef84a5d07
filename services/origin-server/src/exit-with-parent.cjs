/**
 * Preloaded (`--require`) into a child that serve.cjs supervises but whose code is not ours (the API server):
 * when the supervisor goes away, even by SIGKILL, its IPC channel closes and the child shuts down as on SIGTERM,
 * instead of keeping its port after the supervisor is gone.
 */
if (process.send) {
  process.channel?.unref();
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}
