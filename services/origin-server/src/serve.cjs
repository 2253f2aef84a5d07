#!/usr/bin/env node
/**
 * Serves the production build like separate deployments and keeps it up: the API server (unless API_EXTERNAL=1)
 * and each app origin (the host with the API paths proxied, each remote on its own port) run as their own child
 * processes, each restarted within seconds when it exits. Environment variables pass through to every child, so
 * a harness can configure the API (SITE_DEV_ENDPOINTS, DATA_DIR, ...); NODE_ENV defaults to production.
 */
const http = require('http');
const path = require('path');
const { supervise } = require('./supervisor.cjs');
const fs = require('fs');
const { siteEnv, defaultRemotes } = require('./site-env.cjs');
const { SERVICE_DIRS } = require('@site/build-config/site');

const site = siteEnv();
/**
 * The page renderer reads the API's change feed (/internal/render/*) with SITE_RENDER_HOOK_TOKEN, which the API
 * requires on those routes: a secret made for this run unless one is configured. With API_EXTERNAL=1 the API is
 * someone else's, so only a configured secret is used; without one the renderer renders at start, on remote and
 * template changes and periodically, not per content change. SITE_RENDER=0 runs the site without the renderer (every
 * page rendered by the browser).
 */
const renderOn = process.env.SITE_RENDER !== '0';
const renderToken = process.env.SITE_RENDER_HOOK_TOKEN || (process.env.API_EXTERNAL === '1' ? '' : require('crypto').randomBytes(24).toString('hex'));
const env = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV || 'production',
  ...(renderOn ? { SITE_RENDER_HOOK_TOKEN: renderToken, RENDER_OUT_DIR: site.renderDir } : {}),
  // The render lease (SITE_RENDER_LEASE_MS, the API's setting) is the API's default, 3 s: a restarted renderer takes
  // over within about 3 s.
};

function apiHealthy() {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port: site.apiPort, path: '/health', timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy());
  });
}

async function waitForApi(timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (!shuttingDown) {
    if (await apiHealthy()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 300));
  }
  return false;
}

/** Where each remote's manifest lives now: the remotes file when there is one (npm start's released versions). */
function liveRemotes() {
  try {
    if (site.remotesFile) return JSON.parse(fs.readFileSync(site.remotesFile, 'utf8'));
  } catch {
    /* unreadable: the default locations below */
  }
  return defaultRemotes(site);
}

let shuttingDown = false;
const children = [];

function startApi() {
  let api = null;
  api = supervise({
    label: 'API server',
    args: ['--require', path.join(__dirname, 'exit-with-parent.cjs'), '--import', 'tsx', 'src/main.ts'],
    cwd: path.join(site.root, SERVICE_DIRS.apiServer),
    env: { ...env, API_PORT: String(site.apiPort) },
    onStart: () => {
      if (api && api.restarts > 0) waitForApi(120000).then((ok) => ok && console.error('[serve] API server is back'));
    },
  });
  children.push(api);
  return api;
}

/**
 * ORIGIN_METRICS_PORT: the first of the origins' metrics ports (origin.cjs METRICS_PORT): the host's, then one more per
 * remote in site order (host, remote-content, remote-support, remote-account, remote-shell-admin). Unset: no origin
 * serves metrics (a METRICS_PORT set for the API is never given to an origin).
 */
function originMetricsPort(app) {
  const base = Number(process.env.ORIGIN_METRICS_PORT);
  if (!process.env.ORIGIN_METRICS_PORT || !Number.isInteger(base)) return {};
  return { METRICS_PORT: String(base + site.apps.findIndex((a) => a.name === app.name)) };
}

function startOrigin(app) {
  const { METRICS_PORT: _api, ...originEnv } = env;
  const origin = supervise({
    label: `${app.name} server (port ${app.port})`,
    args: [path.join(__dirname, 'origin.cjs'), app.name],
    env: { ...originEnv, ...originMetricsPort(app) },
  });
  children.push(origin);
  return origin;
}

/** The page renderer (services/page-renderer/src/service.ts): renders the public pages into site.renderDir, which the host serves. */
function startRenderer() {
  const renderer = supervise({
    label: 'page renderer',
    args: ['--require', path.join(__dirname, 'exit-with-parent.cjs'), '--import', 'tsx', 'src/service.ts'],
    cwd: path.join(site.root, SERVICE_DIRS.pageRenderer),
    env: {
      ...env,
      RENDER_PORT: String(site.renderPort),
      RENDER_API_ORIGIN: `http://127.0.0.1:${site.apiPort}`,
      RENDER_SITE_ORIGIN: site.siteOrigin,
      RENDER_HOST_ROOT: site.host.root,
      ...(site.remotesFile ? { RENDER_REMOTES_FILE: site.remotesFile } : { RENDER_REMOTES: JSON.stringify(defaultRemotes(site)) }),
    },
  });
  children.push(renderer);
  return renderer;
}

/** Resolves when `ready` does, or after `ms` (a child that cannot listen is reported and retried by itself). */
const within = (ready, ms) => Promise.race([ready, new Promise((r) => setTimeout(r, ms))]);

(async () => {
  if (process.env.API_EXTERNAL !== '1') startApi();
  // The remotes listen before the host does: whoever waits for the host's port finds the whole site up.
  await Promise.all(site.remotes.map((r) => within(startOrigin(r).ready, 30000)));
  await within(startOrigin(site.host).ready, 30000);
  if (renderOn) startRenderer();
  const ok = await waitForApi(process.env.API_EXTERNAL === '1' ? 2000 : 120000);
  if (shuttingDown) return;
  const url = `http://${site.publicHost}:${site.host.port}/`;
  console.log('');
  console.log(`  Site:  ${url}   (API ${ok ? 'ready' : 'NOT ready'} at http://127.0.0.1:${site.apiPort})`);
  for (const [name, url] of Object.entries(liveRemotes())) console.log(`  ${name.padEnd(20)} ${url}`);
  if (renderOn) console.log(`  Public pages are rendered to ${site.renderDir} (page renderer on 127.0.0.1:${site.renderPort}).`);
  console.log('');
  console.log(`  Staff sign-in: ${url}user/login as "admin". Its password is SITE_ADMIN_PASSWORD if set; otherwise the`);
  console.log('  API server printed a random one above when it created the database (once only: note it down).');
  console.log('  SMS codes (sign-in, registration) are printed here as "[sms] <phone> -> <code>" while no SMS gateway is set.');
  console.log('');
})();

async function shutdown() {
  if (shuttingDown) return;
  shuttingDown = true;
  await Promise.all(children.map((c) => c.stop()));
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
