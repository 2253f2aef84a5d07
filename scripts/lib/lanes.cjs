/**
 * Commands run side by side for `npm test` (scripts/test.cjs): the unit stage's package test scripts, `lanes` at a
 * time, and the end-to-end suite's extra builds in the background while earlier stages leave a core idle.
 *
 * - Each command writes its output (stdout and stderr as they came) to a file of its own, printed whole when the
 *   command ends, so the lines of two suites never interleave; the line that says it started names the file, which
 *   shows a command that hangs while it runs. A file rather than a pipe: a process a test leaves behind that still
 *   holds the output open cannot keep the stage waiting.
 * - Heaviest first (`weight`, its usual seconds), each lane taking the next command when its own ends: the long suites
 *   start at once and the short ones fill in beside them.
 * - After a failure no further command starts; those running finish, and the run fails naming every command that
 *   failed, with its output printed like any other's and its last lines once more at the end (CI shows the tail).
 * - CPU seconds per command from the shell's `times`: the command and every descendant it waited for (a server a
 *   test daemonizes, PostgreSQL through pg_ctl, is not counted).
 */
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { clock } = require('./test-stages.cjs');

/** A string as one single-quoted shell word. */
const shellQuote = (s) => `'${String(s).replace(/'/g, "'\\''")}'`;

/** Heaviest first; equal weights keep their given order. */
function byWeight(tasks) {
  return tasks
    .map((t, i) => ({ t, i }))
    .sort((a, b) => (b.t.weight || 0) - (a.t.weight || 0) || a.i - b.i)
    .map(({ t }) => t);
}

/** The children's user + system seconds from the second line of `times` ("1m2.500s 0m3.250s"); null when absent. */
function parseTimes(text) {
  const lines = String(text).trim().split('\n');
  if (lines.length < 2) return null;
  const parts = lines[1].trim().split(/\s+/);
  let total = 0;
  for (const part of parts) {
    const m = /^(\d+)m([\d.]+)s$/.exec(part);
    if (!m) return null;
    total += Number(m[1]) * 60 + Number(m[2]);
  }
  return total;
}

/** A file-system-safe name for a task's log. */
const logName = (name) => `${name.replace(/[^A-Za-z0-9._-]+/g, '-')}.log`;

/**
 * Starts one command (a shell command line) with its output into `logFile`; `detached` puts it in a process group of
 * its own, so that stop() ends it and everything it started. Resolves once it exits with
 * { name, code, signal, seconds, cpu, output }.
 */
function start(task, logFile, { detached = false } = {}) {
  const began = Date.now();
  const out = fs.openSync(logFile, 'a');
  const timesFile = `${logFile}.times`;
  const timesFd = fs.openSync(timesFile, 'w');
  // `times` after the command: its second line is the CPU time of the children the shell waited for.
  const script = `${task.command}\nstatus=$?\ntimes >&3\nexit $status`;
  let child;
  const done = new Promise((resolve) => {
    let ended = false;
    // Both 'error' and 'exit' can come for one child: the result is taken once.
    const finish = (code, signal) => {
      if (ended) return;
      ended = true;
      fs.closeSync(out);
      fs.closeSync(timesFd);
      resolve({
        name: task.name,
        code,
        signal,
        seconds: (Date.now() - began) / 1000,
        cpu: parseTimes(fs.readFileSync(timesFile, 'utf8')),
        output: fs.readFileSync(logFile, 'utf8'),
      });
    };
    child = spawn('sh', ['-c', script], { cwd: task.cwd, env: task.env || process.env, stdio: ['ignore', out, out, timesFd], detached });
    child.once('error', (err) => {
      fs.appendFileSync(logFile, `${err.message}\n`);
      finish(null, null);
    });
    child.once('exit', finish);
  });
  const stop = () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    try {
      if (detached) process.kill(-child.pid, 'SIGTERM');
      else child.kill('SIGTERM');
    } catch {
      /* ended already */
    }
  };
  return { done, stop };
}

/** A task that ended: passed/FAILED, wall time, CPU seconds. */
function outcome(r) {
  const how = r.code === 0 ? 'passed' : `FAILED (${r.signal ? `signal ${r.signal}` : r.code === null ? 'could not start' : `exit ${r.code}`})`;
  return `${r.name}: ${how} in ${clock(r.seconds)}${r.cpu === null ? '' : `, ${Math.round(r.cpu)} CPU-s`}`;
}
const summary = (label, r) => `[${label}] ${outcome(r)}`;

/** How much of a failed command's output is printed again at the end of its stage. */
const TAIL_LINES = 150;
/** The last TAIL_LINES lines of a text, ending in a newline. */
function tail(text) {
  const lines = String(text).replace(/\n$/, '').split('\n');
  return `${lines.slice(-TAIL_LINES).join('\n')}\n`;
}

/**
 * Runs tasks ({ name, command, cwd, env, weight, lanes }) in `lanes` lanes, heaviest first. A task takes one lane,
 * or the number its own `lanes` says (a suite that runs its files side by side itself): one that takes them all
 * runs alone. The next task in order waits for enough free lanes (none is passed over, so a large one is never
 * starved). Resolves with every result (in the order they ended) when all passed; rejects with an error naming
 * the failed ones, its `results` attached.
 */
async function runLanes(tasks, { lanes = 2, label = 'lanes', write = (s) => process.stdout.write(s) } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `site-test-${label}-`));
  const queue = byWeight(tasks);
  const results = [];
  const running = new Set();
  let used = 0;
  let failed = false;
  while (queue.length && !failed) {
    const need = Math.min(lanes, Math.max(1, queue[0].lanes || 1));
    if (used + need > lanes) {
      await Promise.race(running);
      continue;
    }
    const task = queue.shift();
    const logFile = path.join(dir, logName(task.name));
    used += need;
    const ended = start(task, logFile).done.then((r) => {
      used -= need;
      running.delete(ended);
      results.push(r);
      if (r.code !== 0) failed = true;
      const body = r.output.endsWith('\n') || r.output === '' ? r.output : `${r.output}\n`;
      write(`\n----- [${label}] ${r.name}: its output -----\n${body}${summary(label, r)}\n`);
    });
    running.add(ended);
    write(`[${label}] ${task.name}: started (${running.size} running; output so far in ${logFile})\n`);
  }
  await Promise.all(running);
  fs.rmSync(dir, { recursive: true, force: true });
  const bad = results.filter((r) => r.code !== 0);
  const skipped = queue.map((t) => t.name);
  // A failure's output came before the outputs of the commands that ended after it: its last lines again, last, where
  // a reader of the run's tail (CI shows only the end) finds them.
  for (const r of bad) write(`\n----- [${label}] ${r.name} failed: the last ${TAIL_LINES} lines of its output again -----\n${tail(r.output)}`);
  write(`\n[${label}] ${results.length} run, ${lanes} at a time:\n${results.map((r) => `  ${outcome(r)}`).join('\n')}\n`);
  if (bad.length) {
    const err = new Error(
      `[${label}] failed: ${bad.map((r) => r.name).join(', ')}${skipped.length ? ` (not started after the failure: ${skipped.join(', ')})` : ''}`,
    );
    err.results = results;
    throw err;
  }
  return results;
}

/**
 * One command in the background, in a process group of its own, at the lowest CPU priority (`nice -n 19`): it takes
 * only the time the foreground leaves idle. `wait()` resolves with its result (see start()); `stop()` ends it and what
 * it started, for a run that ends early.
 */
function background(task, { label = 'background' } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `site-test-${label}-`));
  const logFile = path.join(dir, logName(task.name));
  const run = start({ ...task, command: `nice -n 19 sh -c ${shellQuote(task.command)}` }, logFile, { detached: true });
  const done = run.done.then((r) => {
    fs.rmSync(dir, { recursive: true, force: true });
    return r;
  });
  return { logFile, wait: () => done, stop: run.stop };
}

module.exports = { runLanes, background, byWeight, parseTimes, summary, shellQuote };
