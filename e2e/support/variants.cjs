/**
 * The builds the end-to-end suite needs besides the production build: remote-content at other versions (deploy,
 * skew and remotes-file tests), a host and a remote on two releases of @site/antd-kit, and a remote that throws while
 * rendering. `npm test` builds them before Playwright starts (`node e2e/support/variants.cjs <dir>`, two at a time; in
 * the background at the lowest priority while the earlier stages run) and hands the folder to Playwright as
 * E2E_PREBUILT_DIR, so no build competes with the browser tests for the two cores; a spec run alone builds what it needs.
 */
const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');

const REPO = path.resolve(__dirname, '../..');

const VARIANTS = {
  'content-9.9.9': { app: 'remote-content', env: { MF_BUILD_VERSION: '9.9.9-e2e' } },
  // N+1 built against the previous minor of @site/app-runtime (must keep working) and one against the next major (refused).
  'content-5.1.0': { app: 'remote-content', env: { MF_BUILD_VERSION: '5.1.0', SITE_RUNTIME_VERSION: '1.0.0' }, serverBuild: true },
  'content-6.0.0': { app: 'remote-content', env: { MF_BUILD_VERSION: '6.0.0', SITE_RUNTIME_VERSION: '2.0.0' } },
  // ui-kit skew (issue 16): the deployed host's kit is 1.0.0 without Form; remote-account released alone on kit 1.1.0.
  'host-ui-kit-1.0.0-no-form': { app: 'host', env: { SITE_UI_KIT_OMIT: 'Form', SITE_UI_KIT_VERSION: '1.0.0' } },
  'account-ui-kit-1.1.0': { app: 'remote-account', env: { MF_BUILD_VERSION: '1.1.0-ui-kit', SITE_UI_KIT_VERSION: '1.1.0' } },
  // A real remote built with the site's config factory: './Support' renders, './Question' throws.
  'remote-broken': { fixture: 'remote-broken', like: 'remote-support' },
};

/** Build one variant into outDir. */
function buildVariant(name, outDir) {
  const v = VARIANTS[name];
  if (!v) return Promise.reject(new Error(`unknown e2e build ${name}`));
  const [cmd, args, cwd] = v.fixture
    ? [
        'pnpm',
        ['exec', 'webpack', '--mode', 'production', '--config', path.join(REPO, 'e2e/fixtures', v.fixture, 'webpack.config.cjs')],
        path.join(REPO, v.like),
      ]
    : ['pnpm', ['run', 'build'], path.join(REPO, v.app)];
  return new Promise((resolve, reject) => {
    // Only the release the page-renderer test publishes needs a server build beside its browser build.
    const env = { ...process.env, SITE_SERVER_BUILD: v.serverBuild ? '1' : '0', ...(v.env || {}), BUILD_OUT_DIR: outDir };
    const child = spawn(cmd, args, { cwd, env, stdio: 'pipe' });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`e2e build ${name} failed:\n${out}`))));
  });
}

/** Build every variant into dir/<name>, `concurrency` at a time. */
async function buildAll(dir, concurrency = 2) {
  fs.rmSync(dir, { recursive: true, force: true });
  const queue = Object.keys(VARIANTS);
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (queue.length) {
        const name = queue.shift();
        const started = Date.now();
        await buildVariant(name, path.join(dir, name));
        console.log(`[e2e-build] ${name} ok in ${((Date.now() - started) / 1000).toFixed(1)}s`);
      }
    }),
  );
}

module.exports = { VARIANTS, buildVariant, buildAll };

if (require.main === module) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node e2e/support/variants.cjs <output dir>');
    process.exit(2);
  }
  buildAll(path.resolve(dir)).catch((e) => {
    console.error(e.message);
    process.exit(1);
  });
}
