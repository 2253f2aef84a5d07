/** Ports and locations of the composed site, from the environment with the documented defaults. */
const path = require('path');
const { parseUpstreams } = require('./api-upstreams.cjs');
const { APPS, DEFAULT_API_PORT, SITES, portEnvName } = require('@site/build-config/site');

const ROOT = path.resolve(__dirname, '../../..');

function siteEnv(env = process.env) {
  // Deploy mode (npm start): remotes are served from deploy/<dir>/<version>/ and deploy/remotes.json says which is live.
  const deployDir = env.SITE_DEPLOY_DIR ? path.resolve(ROOT, env.SITE_DEPLOY_DIR) : null;
  const apps = Object.entries(APPS).map(([name, a]) => ({
    name,
    dir: a.dir,
    port: Number(env[portEnvName(name)] || a.port),
    root: path.resolve(
      env[`${name.toUpperCase()}_ROOT`] || (deployDir && name !== 'host' ? path.join(deployDir, a.dir) : path.join(ROOT, a.dir, 'dist')),
    ),
  }));
  const publicHost = env.PUBLIC_HOST || 'localhost';
  const remotesFile = env.REMOTES_FILE ? path.resolve(env.REMOTES_FILE) : deployDir ? path.join(deployDir, 'remotes.json') : null;
  return {
    root: ROOT,
    apps,
    host: apps.find((a) => a.name === 'host'),
    remotes: apps.filter((a) => a.name !== 'host'),
    apiPort: Number(env.API_PORT || DEFAULT_API_PORT),
    /** The API instances the host's proxy spreads calls over: API_UPSTREAMS, else the one on API_PORT. */
    apiUpstreams: parseUpstreams(env.API_UPSTREAMS, Number(env.API_PORT || DEFAULT_API_PORT)),
    apiHealthIntervalMs: Number(env.API_HEALTH_INTERVAL_MS || 2000),
    publicHost,
    remotesFile,
    portalOrigins: (env.PORTAL_ORIGINS || '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    adScriptUrl: env.AD_SCRIPT_URL || '',
    /** The page renderer: its output folder (served by the host origin) and its port for the API's change notices. */
    // One output per site: beside its database when it has its own (a test or benchmark site), else beside its
    // remotes file (npm start: deploy/rendered).
    renderDir: path.resolve(env.RENDER_OUT_DIR || path.join(env.DATA_DIR || (remotesFile ? path.dirname(remotesFile) : ROOT), 'rendered')),
    renderPort: Number(env.RENDER_PORT || Number(env.API_PORT || DEFAULT_API_PORT) + (SITES.start.renderer - DEFAULT_API_PORT)),
    /** The public origin of the site (canonical URLs, sitemap): SITE_ORIGIN, else the host's own. */
    siteOrigin: (env.SITE_ORIGIN || `http://${publicHost}:${apps.find((a) => a.name === 'host').port}`).replace(/\/+$/, ''),
  };
}

/** The remotes file the host reads when none is configured: each remote's manifest on its own origin. */
function defaultRemotes(site) {
  return Object.fromEntries(site.remotes.map((r) => [r.name, `http://${site.publicHost}:${r.port}/mf-manifest.json`]));
}

module.exports = { siteEnv, defaultRemotes, ROOT };
