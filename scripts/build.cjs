#!/usr/bin/env node
/** Production build of the host and every remote, two at a time (2 cores), timing each. */
const { spawn } = require('child_process');
const path = require('path');
const { APPS } = require('@site/build-config/site');

const root = path.resolve(__dirname, '..');
const only = process.argv.slice(2);
const dirs = Object.values(APPS)
  .map((a) => a.dir)
  .filter((d) => only.length === 0 || only.includes(d));
const CONCURRENCY = Number(process.env.BUILD_CONCURRENCY || 2);

function build(dir) {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn('pnpm', ['run', 'build'], { cwd: path.join(root, dir), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => {
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      if (code === 0) {
        console.log(`[build] ${dir} ok in ${secs}s`);
        resolve({ dir, secs: Number(secs) });
      } else {
        console.error(out);
        reject(new Error(`[build] ${dir} failed (exit ${code})`));
      }
    });
  });
}

(async () => {
  const started = Date.now();
  const queue = [...dirs];
  const results = [];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (queue.length) results.push(await build(queue.shift()));
    }),
  );
  console.log(`[build] all ${results.length} apps in ${((Date.now() - started) / 1000).toFixed(1)}s`);
})().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
