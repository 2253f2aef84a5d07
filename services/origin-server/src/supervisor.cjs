/**
 * Keeps a child process running: when it exits (a crash, a kill, a port taken for a moment) it is started again
 * after `restartDelayMs`, and the output says so. Children get an IPC channel: a child that sends {ready} counts
 * as up, and a child whose supervisor is gone (even by SIGKILL) sees `disconnect` and stops.
 */
const { spawn } = require('child_process');

const log = (line) => console.error(`[serve] ${line}`);

/**
 * @param {{label: string, args: string[], cwd?: string, env?: NodeJS.ProcessEnv, restartDelayMs?: number,
 *   stdout?: 'inherit'|'ignore', onStart?: (child: import('child_process').ChildProcess) => void}} spec
 */
function supervise(spec) {
  const delay = spec.restartDelayMs ?? 1000;
  let child = null;
  let stopping = false;
  let timer = null;
  let starts = 0;
  let readyOnce;
  const firstReady = new Promise((resolve) => (readyOnce = resolve));

  function start() {
    timer = null;
    starts++;
    child = spawn(process.execPath, spec.args, {
      cwd: spec.cwd,
      env: spec.env ?? process.env,
      stdio: ['ignore', spec.stdout ?? 'inherit', 'inherit', 'ipc'],
    });
    const mine = child;
    spec.onStart?.(mine);
    mine.on('message', (m) => {
      if (m && m.ready) {
        if (starts > 1) log(`${spec.label} is back (pid ${mine.pid})`);
        readyOnce();
      }
    });
    mine.on('error', (err) => log(`${spec.label} could not start: ${err.message}`));
    mine.on('exit', (code, signal) => {
      if (stopping) return;
      const secs = delay / 1000;
      log(`${spec.label} exited (${code ?? signal}); restarting in ${secs} s`);
      timer = setTimeout(start, delay);
    });
  }

  start();
  return {
    /** The first time the child said it is ready. */
    ready: firstReady,
    get pid() {
      return child?.pid;
    },
    get restarts() {
      return starts - 1;
    },
    /** SIGTERM, then SIGKILL after `graceMs`; resolves when the child is gone. */
    stop(graceMs = 5000) {
      stopping = true;
      if (timer) clearTimeout(timer);
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        const kill = setTimeout(() => c.kill('SIGKILL'), graceMs);
        c.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        c.kill('SIGTERM');
      });
    },
  };
}

module.exports = { supervise };
