#!/usr/bin/env node
/**
 * Makes sure pnpm 10.34.9 is on PATH (corepack is broken on these machines: see TOOLCHAIN.md),
 * installing it globally with npm when missing.
 */
const { execSync } = require('child_process');
const WANT = '10.34.9';

function pnpmVersion() {
  try {
    return execSync('pnpm --version', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

function ensurePnpm() {
  const have = pnpmVersion();
  if (have === WANT) return;
  console.log(`[setup] installing pnpm@${WANT} (found ${have ?? 'none'})`);
  try {
    execSync('corepack disable', { stdio: 'ignore' });
  } catch {
    /* corepack may not exist */
  }
  execSync(`npm install -g pnpm@${WANT}`, { stdio: 'inherit' });
}

function run(cmd, opts = {}) {
  console.log(`\n$ ${cmd}`);
  execSync(cmd, { stdio: 'inherit', ...opts, env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', ...(opts.env || {}) } });
}

module.exports = { ensurePnpm, run };

if (require.main === module) ensurePnpm();
