/**
 * The builds the end-to-end suite needs besides the production build: remote-content at other versions (deploy,
 * skew and remotes-file tests), a host and a remote on two releases of @site/antd-kit, and a remote that throws while
 * rendering; and the API server's data folder as its first start leaves it (`api-data`, below). `npm test` builds them
 * before Playwright starts (`node e2e/support/variants.cjs <dir>`, two at a time; in the background at the lowest
 * priority while the earlier stages run) and hands the folder to Playwright as E2E_PREBUILT_DIR, so no build competes
 * with the browser tests for the two cores; a spec run alone builds what it needs. A variant that is the production
 * build under another version (`copyOf`) is not built: it is copied from that build when a test asks for it.
 */
const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');
const net = require('net');
const { SERVICE_DIRS } = require('@site/build-config/site');
const { TEST_SERVER_SWITCHES } = require('./switches.cjs');

const REPO = path.resolve(__dirname, '../..');
/** The API's data folder made ahead (E2E_PREBUILT_DIR/api-data), and the file that says it is complete. */
const API_DATA = 'api-data';
const READY = 'READY';

const VARIANTS = {
  // Not a build: remote-content's production build (dist/) released again as 9.9.9-e2e, as deploy-canary releases its
  // canaries. A build with MF_BUILD_VERSION=9.9.9-e2e differs from dist/ in the version of its manifest and stats file
  // (which the copy rewrites) and in the federation instance id its remoteEntry.js and main.js carry
  // (`remote_content:9.9.9-e2e`, the copy keeps the build's), which only tells two versions of the remote apart on
  // one page; the federation test loads one. Copied when a test asks for it (copyRelease), after the build stage, it
  // is not built beside the earlier stages (36 CPU-s).
  'content-9.9.9': { copyOf: 'remote-content', version: '9.9.9-e2e' },
  // N+1 built against the previous minor of @site/app-runtime (must keep working) and one against the next major (refused).
  'content-5.1.0': { app: 'remote-content', env: { MF_BUILD_VERSION: '5.1.0', SITE_RUNTIME_VERSION: '1.0.0' }, serverBuild: true },
  'content-6.0.0': { app: 'remote-content', env: { MF_BUILD_VERSION: '6.0.0', SITE_RUNTIME_VERSION: '2.0.0' } },
  // ui-kit skew (issue 16): the deployed host's kit is 1.0.0 without Form; remote-account released alone on kit 1.1.0.
  'host-ui-kit-1.0.0-no-form': { app: 'host', env: { SITE_UI_KIT_OMIT: 'Form', SITE_UI_KIT_VERSION: '1.0.0' } },
  'account-ui-kit-1.1.0': { app: 'remote-account', env: { MF_BUILD_VERSION: '1.1.0-ui-kit', SITE_UI_KIT_VERSION: '1.1.0' } },
  // A real remote built with the site's config factory: './Support' renders, './Question' throws.
  'remote-broken': { fixture: 'remote-broken', like: 'remote-support' },
  // Not a build: the data folder of an API server started once with the suite's switches and stopped (a PGlite
  // cluster created, every migration applied, the content and the test accounts seeded). Each API server of the
  // suite starts on a copy of it (copyApiData): creating the cluster, migrating and seeding cost about 7 CPU-s and
  // 20 s on a loaded machine per server, and the suite starts five.
  [API_DATA]: { apiData: true },
};

/** A port nothing listens on now (the system's pick), so this server never answers for another. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * The API server as serve.cjs starts it, on a free port and `outDir`, stopped as soon as /health answers: what it
 * leaves in `outDir` is what every later start finds there.
 */
async function makeApiData(outDir) {
  const port = await freePort();
  const tmp = `${outDir}.tmp`;
  fs.rmSync(tmp, { recursive: true, force: true });
  const env = { ...process.env, NODE_ENV: process.env.NODE_ENV || 'production', API_PORT: String(port), DATA_DIR: tmp, ...TEST_SERVER_SWITCHES };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: path.join(REPO, SERVICE_DIRS.apiServer), env, stdio: 'pipe' });
  let out = '';
  child.stdout.on('data', (d) => (out = (out + d).slice(-4000)));
  child.stderr.on('data', (d) => (out = (out + d).slice(-4000)));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  let gone = null;
  exited.then((c) => (gone = c));
  for (const started = Date.now(); ;) {
    if (gone !== null) throw new Error(`e2e build ${API_DATA}: the API server exited (${gone}):\n${out}`);
    if (Date.now() - started > 180_000) {
      child.kill('SIGKILL');
      throw new Error(`e2e build ${API_DATA}: the API server on ${port} did not answer /health:\n${out}`);
    }
    const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`e2e build ${API_DATA}: the API server stopped with ${code}:\n${out}`);
  fs.writeFileSync(path.join(tmp, READY), '');
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.renameSync(tmp, outDir);
}

/**
 * Fills an API server's new data folder from the one made ahead (E2E_PREBUILT_DIR/api-data), when there is one and the
 * folder holds no database yet; else the server creates its database itself, as without this. True when copied.
 */
function copyApiData(dataDir) {
  const made = process.env.E2E_PREBUILT_DIR && path.join(process.env.E2E_PREBUILT_DIR, API_DATA);
  if (!made || !fs.existsSync(path.join(made, READY)) || fs.existsSync(path.join(dataDir, 'pgdata'))) return false;
  fs.cpSync(made, dataDir, { recursive: true, filter: (src) => path.basename(src) !== READY });
  return true;
}

/**
 * An app's production build (`<app>/dist`) copied into outDir as release `version`: the manifest and the stats file
 * say so (metaData.buildInfo.buildVersion), as a build with MF_BUILD_VERSION=version would; their precompressed
 * copies, which would still say the old version, are left out.
 */
function copyRelease(app, version, outDir) {
  const dist = path.join(REPO, app, 'dist');
  if (!fs.existsSync(path.join(dist, 'mf-manifest.json'))) throw new Error(`e2e build: ${app}/dist has no mf-manifest.json (build ${app} first)`);
  const versioned = ['mf-manifest.json', 'mf-manifest-stats.json'];
  const compressed = new Set(versioned.flatMap((f) => [`${f}.br`, `${f}.gz`]));
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.cpSync(dist, outDir, { recursive: true, filter: (src) => !(path.dirname(src) === dist && compressed.has(path.basename(src))) });
  for (const file of versioned) {
    const at = path.join(outDir, file);
    if (!fs.existsSync(at)) continue;
    const json = JSON.parse(fs.readFileSync(at, 'utf8'));
    json.metaData.buildInfo.buildVersion = version;
    fs.writeFileSync(at, JSON.stringify(json, null, 2));
  }
}

/** Build one variant into outDir. */
function buildVariant(name, outDir) {
  const v = VARIANTS[name];
  if (!v) return Promise.reject(new Error(`unknown e2e build ${name}`));
  if (v.apiData) return makeApiData(outDir);
  if (v.copyOf) return Promise.resolve().then(() => copyRelease(v.copyOf, v.version, outDir));
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

/** Build every variant into dir/<name>, `concurrency` at a time (the copies are made when a test asks for them). */
async function buildAll(dir, concurrency = 2) {
  fs.rmSync(dir, { recursive: true, force: true });
  const queue = Object.keys(VARIANTS).filter((name) => !VARIANTS[name].copyOf);
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

module.exports = { VARIANTS, buildVariant, buildAll, copyApiData };

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
