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

module.exports = { CHUNK_LOAD_TIMEOUT_MS, APPS, APP_PORTS, REMOTE_NAMES, API_PATHS, isApiPath };
