#!/usr/bin/env node
/**
 * `npm test`: installs what the tests need (pnpm, packages, Debian's Chromium, PostgreSQL and nginx when
 * missing), type-checks, runs every package's unit tests, the server suite on PGlite and on a real
 * PostgreSQL server, builds the production site and runs the end-to-end suite against it.
 */
const fs = require('fs');
const path = require('path');
const os = require('os');
const { ensurePnpm, run } = require('./ensure-pnpm.cjs');
const { workspaceDirs } = require('./lib/workspace.cjs');
const { REMOTE_DIRS } = require('../shared/build-config/site.cjs');

const root = path.resolve(__dirname, '..');
const started = Date.now();
const step = (name) => console.log(`\n===== ${name} (${((Date.now() - started) / 1000).toFixed(0)}s) =====`);

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

step('setup');
ensurePnpm();
run('pnpm install --frozen-lockfile', { cwd: root });
const missing = [];
if (!fs.existsSync('/usr/bin/chromium')) missing.push('chromium');
if (!hasPostgres()) missing.push('postgresql');
// services/origin-server's scale-out test runs the production front door (docs/deploy.md) on Debian's nginx, with
// its brotli_static module (the releases' .br files), and scrapes the API instances with Debian's Prometheus.
if (!fs.existsSync('/usr/sbin/nginx')) missing.push('nginx');
const BROTLI_STATIC = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
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

step('lint');
// ESLint and Prettier are root devDependencies: without them `pnpm exec` fails, and so does the suite.
run('pnpm exec eslint .', { cwd: root });
run('pnpm exec prettier --check .', { cwd: root });

step('type check');
run('pnpm exec tsc --build', { cwd: root });

step('unit tests');
// `pnpm -r run test` passes over a package that has no `test` script without a word: a package with a test/
// folder (the renderer's node:test suite, the server's, ...) must have one, or its tests would never run here.
// scripts/ and e2e/ have steps of their own below; services/origin-server's node:test suite runs with the others.
for (const dir of workspaceDirs(root)) {
  if (dir === 'scripts' || dir === 'e2e' || !fs.existsSync(path.join(root, dir, 'test'))) continue;
  const manifest = path.join(root, dir, 'package.json');
  if (fs.existsSync(manifest) && !JSON.parse(fs.readFileSync(manifest, 'utf8')).scripts?.test)
    throw new Error(`[test] ${dir}/ has a test/ folder but no "test" script in its package.json: its tests would be skipped`);
}
run('pnpm -r --workspace-concurrency=1 --filter "!@site/e2e" run test', { cwd: root, env: { CI: '1' } });

step('scripts');
run('node --test scripts/test/', { cwd: root });

step('server suite on a PostgreSQL server');
run('pnpm --filter @site/api-server run test:pg', { cwd: root });

step('production build');
run('node scripts/build.cjs', { cwd: root });
for (const dir of REMOTE_DIRS) run(`node scripts/remote.cjs check ${dir}`, { cwd: root });

// The suite's extra builds (other versions of a remote, a broken remote), built here rather than during the
// browser tests, where a build on 2 cores would slow every test running beside it.
const extraBuilds = fs.mkdtempSync(path.join(os.tmpdir(), 'site-e2e-builds-'));
run(`node e2e/support/variants.cjs ${extraBuilds}`, { cwd: root });

step('end-to-end');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-e2e-'));
try {
  run('pnpm --filter @site/e2e run test', { cwd: root, env: { E2E_DATA_DIR: dataDir, E2E_PREBUILT_DIR: extraBuilds, CI: '1' } });
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(extraBuilds, { recursive: true, force: true });
}
step('all passed');
