/**
 * What the factory does for build time (issue 24) without changing the output: pnpm's store folders are immutable
 * snapshot paths (the workspace's own sources and generated files are still checked), and the server build skips the
 * browser-only work.
 */
const test = require('node:test');
const assert = require('node:assert');
const path = require('path');

const root = path.resolve(__dirname, '..', '..', '..');
const appDir = path.join(root, 'remote-content');

function productionConfigs() {
  const factory = require(path.join(appDir, 'webpack.config.cjs'));
  const configs = factory({}, { mode: 'production' });
  return { browser: configs[0], server: configs.find((c) => c.name === 'remote_content-server') };
}

test('[issue 24] a file in pnpm store is under an immutable snapshot path (its package folder); workspace files are not', () => {
  const { browser, server } = productionConfigs();
  assert.deepStrictEqual(server.snapshot, browser.snapshot);
  const [immutable] = browser.snapshot.immutablePaths;
  const antd = require.resolve('antd', { paths: [path.join(root, 'shared', 'antd-kit')] });
  const match = immutable.exec(antd);
  assert.ok(match, `${antd} is under an immutable path`);
  assert.match(match[1], /[\\/]node_modules[\\/]\.pnpm[\\/]antd@[^\\/]+[\\/]node_modules[\\/]$/);
  for (const file of [
    path.join(root, 'shared', 'ui', 'src', 'index.ts'),
    path.join(appDir, 'src', 'components', 'NotFound.tsx'),
    // The server build's generated entry lives in the app's node_modules, outside the store: it must stay checked.
    path.join(appDir, 'node_modules', '.cache', 'site-server-entry.js'),
    path.join(appDir, 'node_modules', '@site', 'ui', 'src', 'index.ts'),
  ]) {
    assert.strictEqual(immutable.exec(file), null, `${file} is checked`);
  }
});

test('[issue 24] the server build is neither minified nor concatenated; the browser build still is', () => {
  const { browser, server } = productionConfigs();
  assert.strictEqual(server.optimization.minimize, false);
  assert.strictEqual(server.optimization.concatenateModules, false);
  assert.strictEqual(browser.optimization.concatenateModules, undefined, 'production default: concatenated');
  assert.strictEqual(browser.optimization.minimizer.length, 1);
});
