// The lanes of `npm test`'s unit stage and its background builds (scripts/lib/lanes.cjs): packages side by side, each
// one's output whole, every failure failing the run. Real shell commands; two commands meet through a named pipe
// (one blocks until the other writes), so "at once" is shown without any timing.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');
const { runLanes, background, byWeight, parseTimes } = require('../lib/lanes.cjs');
const { unitLanes } = require('../lib/test-stages.cjs');

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'lanes-test-'));
const collect = () => {
  const lines = [];
  return { write: (s) => lines.push(s), text: () => lines.join('') };
};

test('[issue 38.6] two packages run at once: one waits for a line the other writes, and both pass', async () => {
  const dir = tmp();
  const fifo = path.join(dir, 'pipe');
  execFileSync('mkfifo', [fifo]);
  const out = collect();
  const results = await runLanes(
    [
      { name: 'reader', command: `echo a1; read line < ${fifo}; echo "a2 $line"`, cwd: dir, weight: 2 },
      { name: 'writer', command: `echo b1; echo from-writer > ${fifo}`, cwd: dir, weight: 1 },
    ],
    { lanes: 2, label: 'unit', write: out.write },
  );
  // Which of the two is reaped first is up to the system: both passed.
  assert.deepEqual(results.map((r) => [r.name, r.code]).sort(), [
    ['reader', 0],
    ['writer', 0],
  ]);
  // Each command's output comes whole, under its own heading, never line by line between the other's.
  const text = out.text();
  assert.match(text, /----- \[unit\] reader: its output -----\na1\na2 from-writer\n\[unit\] reader: passed in 0:0\d, \d+ CPU-s\n/);
  assert.match(text, /----- \[unit\] writer: its output -----\nb1\n\[unit\] writer: passed/);
  assert.match(text, /\[unit\] reader: started \(1 running; output so far in .*reader\.log\)\n\[unit\] writer: started \(2 running/);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('[issue 38.6] one lane runs the packages one after another, heaviest first, never two at once', async () => {
  const dir = tmp();
  const out = collect();
  const log = path.join(dir, 'log');
  const task = (name, weight) => ({ name, weight, cwd: dir, command: `echo "+${name}" >> ${log}; echo "-${name}" >> ${log}` });
  await runLanes([task('light', 1), task('heavy', 50), task('unweighed'), task('middle', 10)], { lanes: 1, label: 'unit', write: out.write });
  assert.deepEqual(fs.readFileSync(log, 'utf8').trim().split('\n'), [
    '+heavy',
    '-heavy',
    '+middle',
    '-middle',
    '+light',
    '-light',
    '+unweighed',
    '-unweighed',
  ]);
  assert.doesNotMatch(out.text(), /\(2 running/);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('[issue 38.6] a suite that takes both lanes runs alone; the next ones share the lanes again', async () => {
  const dir = tmp();
  const fifo = path.join(dir, 'pipe');
  execFileSync('mkfifo', [fifo]);
  const log = path.join(dir, 'log');
  const out = collect();
  await runLanes(
    [
      { name: 'reader', weight: 5, cwd: dir, command: `echo +reader >> ${log}; read line < ${fifo}; echo -reader >> ${log}` },
      { name: 'server', weight: 50, lanes: 2, cwd: dir, command: `echo +server >> ${log}; echo -server >> ${log}` },
      { name: 'writer', weight: 1, cwd: dir, command: `echo +writer >> ${log}; echo go > ${fifo}; echo -writer >> ${log}` },
    ],
    { lanes: 2, label: 'unit', write: out.write },
  );
  const events = fs.readFileSync(log, 'utf8').trim().split('\n');
  // The heaviest, taking both lanes, first and alone; then the other two at once (reader ends only after writer wrote).
  assert.deepEqual(events.slice(0, 2), ['+server', '-server']);
  assert.deepEqual(events.slice(2).sort(), ['+reader', '+writer', '-reader', '-writer']);
  assert.match(out.text(), /\[unit\] server: started \(1 running[^\n]*\n\n----- \[unit\] server: its output/);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('[issue 38.6] a failing package fails the stage: its output is printed (its tail again at the end), nothing new starts, the running one finishes', async () => {
  const dir = tmp();
  const fifo = path.join(dir, 'pipe');
  execFileSync('mkfifo', [fifo]);
  const out = collect();
  // "slow" can only end once the runner has reported "broken" failed (this test then writes the line slow waits
  // for): the lane beside a failure runs to its end rather than being cut off, and the package still queued never
  // starts.
  const write = (s) => {
    out.write(s);
    if (s.includes('[unit] broken: FAILED')) fs.writeFileSync(fifo, 'go\n');
  };
  const err = await runLanes(
    [
      { name: 'slow', weight: 9, cwd: dir, command: `read line < ${fifo}; echo "slow got $line"` },
      { name: 'broken', weight: 8, cwd: dir, command: `echo 'not ok 1 - 新闻列表'; exit 3` },
      { name: 'queued', weight: 1, cwd: dir, command: 'echo should-not-run' },
    ],
    { lanes: 2, label: 'unit', write },
  ).then(
    () => assert.fail('the stage passed with a failing package'),
    (e) => e,
  );
  assert.equal(err.message, '[unit] failed: broken (not started after the failure: queued)');
  assert.deepEqual(err.results.map((r) => [r.name, r.code]).sort(), [
    ['broken', 3],
    ['slow', 0],
  ]);
  const text = out.text();
  assert.match(text, /----- \[unit\] broken: its output -----\nnot ok 1 - 新闻列表\n\[unit\] broken: FAILED \(exit 3\) in /);
  assert.match(text, /slow got go\n\[unit\] slow: passed/);
  // After the output of the one that ended later, the failure's lines once more, before the stage's summary.
  assert.match(
    text,
    /slow: passed[\s\S]*----- \[unit\] broken failed: the last 150 lines of its output again -----\nnot ok 1 - 新闻列表\n\n\[unit\] 2 run, 2 at a time:/,
  );
  assert.doesNotMatch(text, /should-not-run|queued: started/);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('[issue 38.6] a package whose command cannot be run fails the stage too', async () => {
  const dir = tmp();
  const out = collect();
  await assert.rejects(
    runLanes([{ name: 'missing', cwd: dir, command: 'no-such-command-here' }], { lanes: 2, label: 'unit', write: out.write }),
    /\[unit\] failed: missing$/,
  );
  assert.match(out.text(), /not found[\s\S]*\[unit\] missing: FAILED \(exit 127\)/);
  fs.rmSync(dir, { recursive: true, force: true });
});

test("[issue 38.6] CPU seconds are the shell's `times` for the command and what it waited for", () => {
  assert.equal(parseTimes('0m0.010s 0m0.020s\n1m2.500s 0m3.250s\n'), 65.75);
  assert.equal(parseTimes(''), null);
  assert.equal(parseTimes('garbage\nmore garbage'), null);
  assert.deepEqual(
    byWeight([{ name: 'a' }, { name: 'b', weight: 5 }, { name: 'c' }, { name: 'd', weight: 80 }]).map((t) => t.name),
    ['d', 'b', 'a', 'c'],
  );
});

test('[issue 38.6] TEST_LANES sets the lanes; unset, 2 on two or more cores and 1 on one; nonsense is refused', () => {
  assert.equal(unitLanes(undefined, 2), 2);
  assert.equal(unitLanes('', 16), 2);
  assert.equal(unitLanes(undefined, 1), 1);
  assert.equal(unitLanes('1', 2), 1);
  assert.equal(unitLanes('3', 2), 3);
  assert.throws(() => unitLanes('0', 2), /TEST_LANES must be a whole number of at least 1, not "0"/);
  assert.throws(() => unitLanes('two', 2), /TEST_LANES must be a whole number/);
});

test('[issue 38.6] a background command runs at the lowest priority, and stop() ends it', async () => {
  const dir = tmp();
  const niced = background({ name: 'niceness', cwd: dir, command: 'nice' }, { label: 'lanes-test' });
  const r = await niced.wait();
  assert.equal(r.code, 0);
  assert.equal(r.output.trim(), '19');
  assert.equal(fs.existsSync(niced.logFile), false, 'its log folder is removed once it ended');

  const fifo = path.join(dir, 'pipe');
  execFileSync('mkfifo', [fifo]);
  const endless = background({ name: 'endless', cwd: dir, command: `echo started > ${fifo}; sleep 600` }, { label: 'lanes-test' });
  assert.equal(fs.readFileSync(fifo, 'utf8'), 'started\n');
  endless.stop();
  const stopped = await endless.wait();
  assert.equal(stopped.signal, 'SIGTERM');
  fs.rmSync(dir, { recursive: true, force: true });
});
