#!/usr/bin/env node
/**
 * `npm test`: installs what the tests need (pnpm, packages, Debian's Chromium, PostgreSQL and nginx when
 * missing), type-checks, runs every package's unit tests, the server suite on PGlite and on a real
 * PostgreSQL server, builds the production site and runs the end-to-end suite against it. Each stage prints its
 * duration against its budget, and a table of them closes the run (scripts/lib/test-stages.cjs).
 *
 *   npm test                              every stage (what CI runs: .ci/run)
 *   npm test -- --only=unit,pg            only those stages (lint, types, unit, scripts, pg, build, e2e)
 *   npm test -- --changed                 only what the files changed since origin/main (or HEAD~1) affect
 */
const fs = require('fs');
const path = require('path');
const os = require('os');
const { execSync } = require('child_process');
const { ensurePnpm, run } = require('./ensure-pnpm.cjs');
const { workspaceDirs } = require('./lib/workspace.cjs');
const { runLanes, background, summary, shellQuote: sh } = require('./lib/lanes.cjs');

const root = path.resolve(__dirname, '..');
const { STAGES, SETUP, UNIT_PACKAGES, parseArgs, workspaceGraph, affected, table, clock, unitLanes } = require('./lib/test-stages.cjs');

const started = Date.now();
const args = parseArgs(process.argv.slice(2));
const results = [];

const since = () => clock((Date.now() - started) / 1000);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/**
 * Runs one stage: its banner with the budget, its work, its duration (with the load average, since durations on a
 * shared machine mean little without it); on a failure the table so far, then the error.
 */
async function stage(def, work) {
  console.log(`\n===== ${def.title} (at ${since()}; budget ${clock(def.budget)}) =====`);
  const t0 = Date.now();
  const done = (failed) => {
    const seconds = (Date.now() - t0) / 1000;
    results.push({ name: def.name, seconds, budget: def.budget, failed });
    console.log(
      `===== ${def.name}: ${clock(seconds)} of its ${clock(def.budget)}${seconds > def.budget ? ' (over budget)' : ''}; load average ${load()} =====`,
    );
  };
  try {
    await work();
  } catch (err) {
    done(true);
    console.log(`\n${table(results)}`);
    throw err;
  }
  done(false);
}

const git = (cmd) => execSync(`git ${cmd}`, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });

/** The files changed since origin/main's merge base (else HEAD~1), committed or not, and untracked new ones. */
function changedFiles() {
  let base;
  try {
    base = git('merge-base HEAD origin/main').trim();
  } catch {
    base = git('rev-parse HEAD~1').trim();
  }
  const files = new Set([...git(`diff --name-only ${base}`).split('\n'), ...git('ls-files --others --exclude-standard').split('\n')]);
  files.delete('');
  return { base, files: [...files].sort() };
}

function aptInstall(pkgs) {
  const sudo = process.getuid && process.getuid() === 0 ? '' : 'sudo ';
  run(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkgs.join(' ')}`);
}

function hasPostgres() {
  try {
    return fs.readdirSync('/usr/lib/postgresql').length > 0;
  } catch {
    return false;
  }
}

const BROTLI_STATIC = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

const selected = STAGES.filter((s) => !args.only || args.only.includes(s.name));
let scope = null;
if (args.changed) {
  const { base, files } = changedFiles();
  scope = affected(files, workspaceGraph(root, workspaceDirs(root)));
  console.log(
    `[test] --changed: ${files.length} files changed since ${base.slice(0, 12)}; packages affected: ${scope.packages.join(', ') || 'none'}`,
  );
}
/** What a stage does under --changed: false when no change reaches it. */
const inScope = (name) => {
  if (!scope) return true;
  const s = scope[name];
  return Array.isArray(s) ? s.length > 0 : Boolean(s);
};
const skipped = selected.filter((s) => !inScope(s.name)).map((s) => s.name);
if (skipped.length) console.log(`[test] no change affects: ${skipped.join(', ')}`);
const toRun = new Set(selected.filter((s) => inScope(s.name)).map((s) => s.name));
const def = (name) => STAGES.find((s) => s.name === name);

/**
 * The end-to-end suite's extra builds (other versions of a remote, a broken remote, the API's data folder every API
 * server of the suite starts from: e2e/support/variants.cjs), made before Playwright starts, never beside it, where a
 * build on 2 cores would slow every browser test. When earlier stages run, they are built in the background from the
 * end of setup, at the lowest priority: lint, type check, the unit lanes' tails and the PostgreSQL suite leave a core
 * idle much of the time, and the builds take only that.
 */
const extraBuilds = toRun.has('e2e') ? fs.mkdtempSync(path.join(os.tmpdir(), 'site-e2e-builds-')) : null;
let variants = null;
let variantsBegan = '';
process.on('exit', () => {
  if (variants) variants.stop();
  if (extraBuilds) fs.rmSync(extraBuilds, { recursive: true, force: true });
});
// A run stopped from outside still runs the exit handler: the background builds must not outlive it.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(signal === 'SIGINT' ? 130 : 143));
const variantsTask = () => ({
  name: 'e2e builds',
  command: `node e2e/support/variants.cjs ${sh(extraBuilds)}`,
  cwd: root,
  env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
});

async function main() {
  await stage(SETUP, () => {
    ensurePnpm();
    run('pnpm install --frozen-lockfile', { cwd: root });
    // Only the stages that start PostgreSQL, nginx, Prometheus or Chromium need Debian's packages.
    if (!STAGES.some((s) => s.system && toRun.has(s.name))) return;
    const missing = [];
    if (!fs.existsSync('/usr/bin/chromium')) missing.push('chromium');
    if (!hasPostgres()) missing.push('postgresql');
    // services/origin-server's scale-out test runs the production front door (docs/deploy.md) on Debian's nginx, with
    // its brotli_static module (the releases' .br files), and scrapes the API instances with Debian's Prometheus.
    if (!fs.existsSync('/usr/sbin/nginx')) missing.push('nginx');
    if (!fs.existsSync(BROTLI_STATIC)) missing.push('libnginx-mod-http-brotli-static');
    if (!fs.existsSync('/usr/bin/prometheus')) missing.push('prometheus');
    // No fallback: a suite that cannot start PostgreSQL, nginx or Chromium fails here rather than passing without them.
    if (missing.length) aptInstall(missing);
    if (!hasPostgres()) throw new Error('[test] PostgreSQL is not installed and could not be installed: the PostgreSQL server suite cannot run');
    if (!fs.existsSync('/usr/sbin/nginx')) throw new Error('[test] nginx is not installed and could not be installed: the scale-out test cannot run');
    if (!fs.existsSync(BROTLI_STATIC))
      throw new Error('[test] libnginx-mod-http-brotli-static is not installed and could not be installed: the scale-out test cannot run');
    if (!fs.existsSync('/usr/bin/prometheus'))
      throw new Error('[test] prometheus is not installed and could not be installed: the scale-out test cannot run');
    if (!fs.existsSync('/usr/bin/chromium'))
      throw new Error('[test] Chromium is not installed and could not be installed: the end-to-end suite cannot run');
  });

  if (toRun.has('e2e') && toRun.size > 1) {
    variants = background(variantsTask(), { label: 'e2e-builds' });
    variantsBegan = since();
    console.log(
      `[test] the end-to-end suite's extra builds run in the background from now, at the lowest priority (output so far in ${variants.logFile})`,
    );
  }

  if (toRun.has('lint'))
    await stage(def('lint'), () => {
      // ESLint and Prettier are root devDependencies: without them `pnpm exec` fails, and so does the suite.
      if (!scope || scope.lint === 'all') {
        run('pnpm exec eslint .', { cwd: root });
        run('pnpm exec prettier --check .', { cwd: root });
        return;
      }
      const present = scope.lint.filter((f) => fs.existsSync(path.join(root, f)));
      const code = present.filter((f) => /\.(ts|tsx|js|cjs|mjs)$/.test(f));
      if (code.length) run(`pnpm exec eslint --no-warn-ignored ${code.map(sh).join(' ')}`, { cwd: root });
      if (present.length) run(`pnpm exec prettier --check --ignore-unknown ${present.map(sh).join(' ')}`, { cwd: root });
    });

  if (toRun.has('types')) await stage(def('types'), () => run('pnpm exec tsc --build', { cwd: root }));

  if (toRun.has('unit'))
    await stage(def('unit'), async () => {
      // `pnpm -r run test` passes over a package that has no `test` script without a word: a package with a test/
      // folder (the renderer's node:test suite, the server's, ...) must have one, or its tests would never run here.
      // scripts/ and e2e/ have stages of their own; services/origin-server's node:test suite runs with the others.
      const withTests = [];
      for (const dir of workspaceDirs(root)) {
        if (dir === 'scripts' || dir === 'e2e') continue;
        const manifest = path.join(root, dir, 'package.json');
        const hasScript = fs.existsSync(manifest) && Boolean(JSON.parse(fs.readFileSync(manifest, 'utf8')).scripts?.test);
        if (fs.existsSync(path.join(root, dir, 'test')) && !hasScript)
          throw new Error(`[test] ${dir}/ has a test/ folder but no "test" script in its package.json: its tests would be skipped`);
        if (hasScript) withTests.push(dir);
      }
      const dirs = scope ? withTests.filter((d) => scope.unit.includes(d)) : withTests;
      if (!dirs.length) return console.log('[test] no affected package has unit tests');
      // One package at a time left a core idle most of the stage (jest runs one worker on 2 cores, the origin
      // server's node:test one file at a time): packages run side by side in lanes (TEST_LANES, default 2).
      const lanes = unitLanes(process.env.TEST_LANES, os.availableParallelism());
      const env = { ...process.env, CI: '1', PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
      const tasks = dirs.map((d) => ({
        name: d,
        command: 'pnpm run test',
        cwd: path.join(root, d),
        env,
        weight: UNIT_PACKAGES[d]?.seconds || 0,
        lanes: UNIT_PACKAGES[d]?.lanes || 1,
      }));
      await runLanes(tasks, { lanes, label: 'unit' });
    });

  if (toRun.has('scripts')) await stage(def('scripts'), () => run('node --test --test-reporter=spec scripts/test/', { cwd: root }));

  if (toRun.has('pg')) await stage(def('pg'), () => run('pnpm --filter @site/api-server run test:pg', { cwd: root }));

  if (toRun.has('build'))
    await stage(def('build'), () => {
      const apps = scope ? scope.build : null;
      run(`node scripts/build.cjs${apps ? ` ${apps.join(' ')}` : ''}`, { cwd: root });
      // Required here, after the setup stage's install: a fresh clone has no node_modules before it.
      const { REMOTE_DIRS } = require('@site/build-config/site');
      for (const dir of REMOTE_DIRS) if (!apps || apps.includes(dir)) run(`node scripts/remote.cjs check ${dir}`, { cwd: root });
    });

  if (toRun.has('e2e'))
    await stage(def('e2e'), async () => {
      if (!toRun.has('build')) console.log("[test] the end-to-end suite serves the apps' dist/ as built last (no build stage in this run)");
      if (variants) {
        const waitFrom = Date.now();
        const r = await variants.wait();
        variants = null;
        const waited = clock((Date.now() - waitFrom) / 1000);
        console.log(`\n----- the extra builds, started in the background at ${variantsBegan} (waited ${waited} for them here): -----`);
        console.log(`${r.output}${summary('e2e-builds', r)}`);
        if (r.code !== 0) throw new Error('[test] the end-to-end extra builds failed (output above)');
      } else run(variantsTask().command, { cwd: root });
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-e2e-'));
      try {
        run('pnpm --filter @site/e2e run test', { cwd: root, env: { E2E_DATA_DIR: dataDir, E2E_PREBUILT_DIR: extraBuilds, CI: '1' } });
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });

  console.log(`\n${table(results)}`);
  console.log(`\n===== all passed (${since()}) =====`);
}

main().catch((err) => {
  // run()'s error repeats the command its output already ended with; the lanes' error names what failed.
  console.error(`\n${err.message}`);
  process.exit(1);
});
