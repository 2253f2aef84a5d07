#!/usr/bin/env node
/**
 * For people working on one app while others work on theirs: build apps into a private folder and
 * serve the whole site from there on a private port block, so nobody's dist or ports clash.
 *
 *   node scripts/dev-site.cjs --out /tmp/me --base 9100 [--build host,remote-content] [--no-serve]
 *
 * Ports: the block of shared/build-config/site.cjs `portsFrom(base)` (API base, host base+80, remotes base+81..84).
 * Apps not built into --out fall back to their dist/.
 */
const fs = require('fs');
const path = require('path');
const { execSync, spawn } = require('child_process');
const { APPS, PORT_BASES, SERVICE_DIRS, portsFrom, serveEnv } = require('@site/build-config/site');

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const out = path.resolve(opt('out', '/tmp/site-dev'));
const base = Number(opt('base', PORT_BASES.devSite));
const build = (opt('build', '') || '').split(',').filter(Boolean);
const root = path.resolve(__dirname, '..');

for (const dir of build) {
  console.log(`[dev-site] building ${dir} -> ${out}/${dir}`);
  execSync('pnpm run build', { cwd: path.join(root, dir), stdio: 'inherit', env: { ...process.env, BUILD_OUT_DIR: path.join(out, dir) } });
}
if (args.includes('--no-serve')) process.exit(0);

const env = { ...process.env, ...serveEnv(portsFrom(base)), DATA_DIR: process.env.DATA_DIR || path.join(out, 'data') };
Object.entries(APPS).forEach(([name, a]) => {
  const built = path.join(out, a.dir);
  if (fs.existsSync(built)) env[`${name.toUpperCase()}_ROOT`] = built;
});
spawn(process.execPath, [path.join(root, SERVICE_DIRS.originServer, 'src', 'serve.cjs')], { stdio: 'inherit', env });
