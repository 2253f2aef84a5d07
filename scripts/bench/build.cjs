#!/usr/bin/env node
/**
 * The two build figures of `npm run bench`: a cold production build of the five apps (`node
 * scripts/build.cjs`: no `dist/`, no webpack cache), then the rebuild of one remote after a one-line change in its
 * sources (the same command for that remote, the cache of the cold build valid for everything else). Each as wall
 * time and as the CPU time of the build's processes (user + sys), which other work on the machine inflates far less
 * than the wall time. Run alone: `node scripts/bench/build.cjs` (prints both, writes nothing else).
 */
const fs = require('fs');
const path = require('path');
const { spawn } = require('child_process');
const { APPS } = require('@site/build-config/site');

const root = path.resolve(__dirname, '..', '..');

/**
 * The one-line change: a sentence of the not-found state of remote-content's detail pages, so the change reaches
 * the remote's bundle and its server build, as an editor's change would. Put back afterwards, and built again, so the
 * served build is of the committed sources.
 */
const EDIT = {
  app: 'remote-content',
  file: path.join(root, 'remote-content', 'src', 'components', 'NotFound.tsx'),
  from: '查看其他内容。',
  to: '查看其他内容！',
};

/** Everything a cold build starts without: the output and what webpack and the federation plugin keep between runs. */
function removeBuildState() {
  for (const a of Object.values(APPS)) {
    for (const p of ['dist', 'node_modules/.cache', 'node_modules/.federation'])
      fs.rmSync(path.join(root, a.dir, p), { recursive: true, force: true });
  }
}

/** CPU seconds of this process's waited-for descendants (Linux: cutime + cstime of /proc/self/stat); null elsewhere. */
function childrenCpuSeconds() {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    // The fields after the command name, which is in parentheses and may hold spaces: cutime and cstime are 16 and 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

/** `node scripts/build.cjs [dirs]`: wall and CPU seconds, and each app's seconds as build.cjs prints them. */
function timedBuild(dirs = []) {
  const cpuBefore = childrenCpuSeconds();
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'build.cjs'), ...dirs], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`build failed (exit ${code}):\n${out.slice(-2000)}`));
      const cpuAfter = childrenCpuSeconds();
      const apps = Object.fromEntries([...out.matchAll(/\[build\] (\S+) ok in ([\d.]+)s/g)].map((m) => [m[1], Number(m[2])]));
      resolve({
        wallSeconds: +((Date.now() - started) / 1000).toFixed(1),
        cpuSeconds: cpuBefore === null || cpuAfter === null ? null : +(cpuAfter - cpuBefore).toFixed(1),
        apps,
      });
    });
  });
}

/** Load average when a measurement starts: the wall times mean little without it on a shared machine. */
function load() {
  return +require('os').loadavg()[0].toFixed(1);
}

async function measureBuild() {
  removeBuildState();
  const coldLoad = load();
  const cold = { ...(await timedBuild()), loadAverage: coldLoad };
  const source = fs.readFileSync(EDIT.file, 'utf8');
  if (!source.includes(EDIT.from)) throw new Error(`${path.relative(root, EDIT.file)} no longer contains "${EDIT.from}": update EDIT`);
  let rebuild;
  try {
    fs.writeFileSync(EDIT.file, source.replace(EDIT.from, EDIT.to));
    const rebuildLoad = load();
    rebuild = { app: EDIT.app, ...(await timedBuild([EDIT.app])), loadAverage: rebuildLoad };
  } finally {
    fs.writeFileSync(EDIT.file, source);
  }
  await timedBuild([EDIT.app]);
  return { cold, rebuild };
}

function printBuild(b) {
  const cpu = (x) => (x.cpuSeconds === null ? '' : `, ${x.cpuSeconds} s CPU`);
  console.log(
    `Cold build, five apps (node scripts/build.cjs, no dist/ nor cache): ${b.cold.wallSeconds} s wall${cpu(b.cold)} (load ${b.cold.loadAverage})`,
  );
  console.log(
    `  per app: ${Object.entries(b.cold.apps)
      .map(([d, s]) => `${d} ${s} s`)
      .join(', ')}`,
  );
  console.log(
    `Rebuild of ${b.rebuild.app} after a one-line change: ${b.rebuild.wallSeconds} s wall${cpu(b.rebuild)} (load ${b.rebuild.loadAverage})`,
  );
}

if (require.main === module) {
  measureBuild().then(printBuild, (e) => {
    console.error(e.message);
    process.exit(1);
  });
}

module.exports = { measureBuild, printBuild };
