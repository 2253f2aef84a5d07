/** Facts about the composed site used at build and serve time (plain CommonJS so scripts can read them). */
const CHUNK_LOAD_TIMEOUT_MS = 120000;

/** Federation name -> folder and default port. */
const APPS = {
  host: { dir: 'host', port: 8080 },
  remote_content: { dir: 'remote-content', port: 8081 },
  remote_support: { dir: 'remote-support', port: 8082 },
  remote_account: { dir: 'remote-account', port: 8083 },
  remote_shell_admin: { dir: 'remote-shell-admin', port: 8084 },
};
const APP_PORTS = Object.fromEntries(Object.entries(APPS).map(([k, v]) => [k, v.port]));
const REMOTE_NAMES = Object.keys(APPS).filter((n) => n !== 'host');
const REMOTE_DIRS = REMOTE_NAMES.map((n) => APPS[n].dir);
/** The shared libraries bundled into the apps (browser code), root-relative folders. */
const BROWSER_SHARED_DIRS = ['shared/contract', 'shared/app-runtime', 'shared/api-client', 'shared/ui', 'shared/antd-kit'];
/** The processes that are not apps: where each lives in the workspace (root-relative folders). */
const SERVICE_DIRS = { apiServer: 'services/api-server', pageRenderer: 'services/page-renderer', originServer: 'services/origin-server' };
/** The API server's port for `npm start` and the development servers' proxy (services/api-server/src/app.ts has the same). */
const DEFAULT_API_PORT = 3000;

/**
 * A whole private copy of the site lives in one block of 100 ports, so several can run on one machine: the API on
 * the base, the origins at base+80.., a parent portal page at base+90 (and +92 for its cross-site twin).
 */
const BLOCK_OFFSETS = {
  api: 0,
  ...Object.fromEntries(Object.keys(APPS).map((name, i) => [name, 80 + i])),
  portal: 90,
  /** The page renderer's port for change notices from the API (never public). */
  renderer: 86,
};

/** Every port of the block at `base`; `overrides` replaces single ports (the e2e suite keeps its API on 13000). */
function portsFrom(base, overrides = {}) {
  const ports = Object.fromEntries(Object.entries(BLOCK_OFFSETS).map(([k, offset]) => [k, base + offset]));
  return { ...ports, ...overrides };
}

/** The base of the default port block of each command that runs a private site, chosen so all can run at once. */
const PORT_BASES = { devSite: 9100, e2e: 18000, bench: 19100 };

/** The default ports of every command that runs a whole site. */
const SITES = {
  /** `npm start` and `node services/origin-server/src/serve.cjs` (HOST_PORT, REMOTE_*_PORT, API_PORT override each). */
  start: { api: DEFAULT_API_PORT, ...APP_PORTS, renderer: DEFAULT_API_PORT + 10 },
  /** `node scripts/dev-site.cjs` without --base. */
  devSite: portsFrom(PORT_BASES.devSite),
  /** The Playwright suite (E2E_*_PORT override each); its API stays on 13000, where the suite has always had it. */
  e2e: portsFrom(PORT_BASES.e2e, { api: 13000 }),
  /** `npm run bench` (BENCH_BASE moves the block). */
  bench: portsFrom(PORT_BASES.bench),
};

/** The variable services/origin-server/src/serve.cjs reads for an app's port: HOST_PORT, REMOTE_CONTENT_PORT, ... */
const portEnvName = (name) => `${name.toUpperCase()}_PORT`;

/** The environment that makes services/origin-server/src/serve.cjs listen on `ports` (API_PORT and every app's port). */
function serveEnv(ports) {
  const env = { API_PORT: String(ports.api), ...(ports.renderer ? { RENDER_PORT: String(ports.renderer) } : {}) };
  for (const name of Object.keys(APPS)) env[portEnvName(name)] = String(ports[name]);
  return env;
}

/**
 * Paths the host origin forwards to the API server (same-origin calls). Never `/dev`: the API's test helpers are
 * for harnesses calling the API port directly, not for any page a visitor opens.
 */
const API_PATHS = [
  '/api',
  '/login',
  '/loginNoPassword',
  '/getInfo',
  '/getRouters',
  '/logout',
  '/captchaImage',
  '/system',
  '/bus',
  '/common',
  '/admin-api',
  '/files',
  '/health',
];

function isApiPath(pathname) {
  return API_PATHS.some((p) => pathname === p || pathname.startsWith(p + '/') || pathname.startsWith(p + '?'));
}

module.exports = {
  CHUNK_LOAD_TIMEOUT_MS,
  APPS,
  APP_PORTS,
  REMOTE_NAMES,
  REMOTE_DIRS,
  SERVICE_DIRS,
  BROWSER_SHARED_DIRS,
  DEFAULT_API_PORT,
  BLOCK_OFFSETS,
  portsFrom,
  PORT_BASES,
  SITES,
  portEnvName,
  serveEnv,
  API_PATHS,
  isApiPath,
};
