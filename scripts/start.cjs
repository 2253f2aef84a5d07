#!/usr/bin/env node
/**
 * `npm start`: get pnpm, install, build every app in production mode, serve the whole site in production mode
 * (NODE_ENV=production: no test helpers, no stand-in sign-in; the API prints the administrator's first password).
 */
const path = require('path');
const { ensurePnpm, run } = require('./ensure-pnpm.cjs');

const root = path.resolve(__dirname, '..');
ensurePnpm();
run('pnpm install --frozen-lockfile', { cwd: root });
if (process.env.SKIP_BUILD !== '1') run('node scripts/build.cjs', { cwd: root });
// The workspace packages are required only now: before `pnpm install` a fresh clone has no node_modules to find them in.
const { REMOTE_DIRS } = require('@site/build-config/site');
const { precompressTree, releases } = require('@site/releases');
// Like a real deployment: each remote's build becomes an immutable version folder and the remotes
// file points at it (scripts/remote.cjs publishes or rolls back one remote later).
const remote = releases({ deployDir: process.env.DEPLOY_DIR || path.join(root, 'deploy'), root });
process.env.SITE_DEPLOY_DIR = remote.deployDir;
process.env.NODE_ENV = 'production';
// One machine: the person browsing the site is on loopback, and 访问统计 and 站点监控 should count them (the production
// layout leaves it off: there loopback is the front door itself). SITE_VISIT_COUNT_LOCAL=0 turns it off here too.
process.env.SITE_VISIT_COUNT_LOCAL ??= '1';

(async () => {
  // Published where the host reads the remotes file: deploy/remotes.json, or the shared storage when configured.
  for (const dir of REMOTE_DIRS) await remote.publish(dir, remote.release(dir, { onConflict: 'suffix' }));
  // Compressed once here, so the first visitor already gets .br files (the servers skip what is up to date).
  await Promise.all([precompressTree(path.join(root, 'host/dist')), precompressTree(remote.deployDir)]);
  require('@site/origin-server/src/serve.cjs');
})();
