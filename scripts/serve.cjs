#!/usr/bin/env node
/**
 * Serves the production build like separate deployments: the host on its origin (with the API paths
 * proxied to the API server), each remote on its own origin; starts the API server unless API_EXTERNAL=1.
 */
const fs = require('fs');
const path = require('path');
const http = require('http');
const { spawn } = require('child_process');
const { createStaticServer } = require('./lib/static-server.cjs');
const { siteEnv, defaultRemotes } = require('./lib/site-env.cjs');

const site = siteEnv();

function securityHeaders(file) {
  if (!file.endsWith('.html')) return {};
  const frameAncestors = ["'self'", ...site.portalOrigins].join(' ');
  // Scripts may come from wherever the remotes file says the remotes live (it changes without a rebuild).
  const origins = new Set(site.remotes.map((r) => `http://${site.publicHost}:${r.port}`));
  try {
    for (const url of Object.values(JSON.parse(String(remotesJson())))) origins.add(new URL(url).origin);
  } catch {
    /* an unreadable remotes file only narrows the policy */
  }
  const remoteOrigins = [...origins].join(' ');
  return {
    'content-security-policy': [
      "default-src 'self'",
      `script-src 'self' ${remoteOrigins} ${site.adScriptUrl ? new URL(site.adScriptUrl).origin : ''}`.trim(),
      `connect-src 'self' ${remoteOrigins}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "media-src 'self' blob:",
      "font-src 'self' data:",
      "object-src 'none'",
      "base-uri 'self'",
      `frame-ancestors ${frameAncestors}`,
    ].join('; '),
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
}

function remotesJson() {
  if (site.remotesFile) return fs.readFileSync(site.remotesFile);
  return JSON.stringify(defaultRemotes(site), null, 2);
}

function startApi() {
  if (process.env.API_EXTERNAL === '1') return null;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(site.root, 'server'),
    env: { ...process.env, API_PORT: String(site.apiPort) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (!shuttingDown) {
      console.error(`[serve] API server exited (${code ?? signal})`);
      process.exitCode = 1;
    }
  });
  return child;
}

function waitForApi(timeoutMs = 60000) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve) => {
    const attempt = () => {
      const req = http.get({ host: '127.0.0.1', port: site.apiPort, path: '/health', timeout: 2000 }, (res) => {
        res.resume();
        if (res.statusCode === 200) return resolve(true);
        retry();
      });
      req.on('error', retry);
      req.on('timeout', () => req.destroy());
    };
    const retry = () => (Date.now() > deadline ? resolve(false) : setTimeout(attempt, 300));
    attempt();
  });
}

let shuttingDown = false;
const servers = [];
const api = startApi();

for (const app of site.apps) {
  if (!fs.existsSync(app.root)) console.warn(`[serve] ${app.name}: ${app.root} does not exist (not built?)`);
  const isHost = app.name === 'host';
  const server = createStaticServer({
    name: app.name,
    root: app.root,
    port: app.port,
    spa: isHost,
    cors: !isHost,
    apiTarget: isHost ? { host: '127.0.0.1', port: site.apiPort } : undefined,
    headers: isHost ? securityHeaders : undefined,
    dynamic: isHost
      ? {
          '/remotes.json': remotesJson,
          '/site-config.json': () => JSON.stringify({ portalOrigins: site.portalOrigins, adScriptUrl: site.adScriptUrl }),
        }
      : undefined,
  });
  server.listen(app.port, '0.0.0.0');
  servers.push(server);
}

(async () => {
  const ok = api ? await waitForApi() : true;
  console.log('');
  console.log(`  Site:  http://${site.publicHost}:${site.host.port}/   (API ${ok ? 'ready' : 'NOT ready'} at http://127.0.0.1:${site.apiPort})`);
  for (const r of site.remotes) console.log(`  ${r.name.padEnd(20)} http://${site.publicHost}:${r.port}/mf-manifest.json`);
  console.log('');
})();

function shutdown() {
  if (shuttingDown) return;
  shuttingDown = true;
  servers.forEach((s) => s.close());
  if (api && api.exitCode === null) {
    api.kill('SIGTERM');
    const t = setTimeout(() => api.kill('SIGKILL'), 5000);
    api.on('exit', () => {
      clearTimeout(t);
      process.exit(0);
    });
  } else process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
