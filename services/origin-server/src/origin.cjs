#!/usr/bin/env node
/**
 * One app origin as its own process (`node services/origin-server/src/origin.cjs <federation-name>`), started and restarted by
 * serve.cjs, so one origin going down cannot take the other four with it. Tells its parent when it listens
 * ({ready: true}) and stops when the parent goes away, so a killed supervisor leaves no server on its ports.
 */
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');
const { createStaticServer, trustedProxies } = require('./static-server.cjs');
const { siteEnv, defaultRemotes } = require('./site-env.cjs');
const { renderedPages, storedPages } = require('./rendered-pages.cjs');
const { originMetrics, listenMetrics } = require('./metrics.cjs');
const {
  CANARY_FILE,
  CANARY_KEY,
  CANARY_OUTPUT_DIR,
  CANARY_RENDERED_PREFIX,
  inCanary,
  parseCanary,
  precompressTree,
  siteStorage,
  storedFile,
  variantRemotes,
} = require('@site/releases');

const site = siteEnv();
/** The shared storage (STORAGE_DRIVER=s3): the rendered pages and the remotes file are read from it. */
const shared = siteStorage();
/**
 * The stored remotes file, checked again at most once a second: a release or rollback (scripts/remote.cjs publish
 * with the same storage settings) reaches every host instance without a build or a restart.
 */
const storedRemotes = shared ? storedFile(shared.storage, shared.remotesKey) : null;

/**
 * The open canary (canary.cjs), or null: the stored `site/remotes.canary.json`, checked again at most once a second
 * as the remotes file; without a shared storage the file beside the remotes file, read again when it changes.
 */
const storedCanary = shared ? storedFile(shared.storage, CANARY_KEY, { parse: parseCanary }) : null;
const canaryFile = site.remotesFile ? path.join(path.dirname(site.remotesFile), CANARY_FILE) : null;
let localCanary = { key: '', value: null };
function canaryNow() {
  if (storedCanary) return storedCanary.last();
  if (!canaryFile) return null;
  let stat;
  try {
    stat = fs.statSync(canaryFile);
  } catch {
    return null;
  }
  const key = `${stat.mtimeMs}:${stat.size}:${stat.ino}`;
  if (localCanary.key !== key) {
    try {
      localCanary = { key, value: parseCanary(fs.readFileSync(canaryFile, 'utf8')) };
    } catch {
      return null; // removed meanwhile: no canary
    }
  }
  return localCanary.value;
}

/** The remotes file this visitor gets: the live one, or with the canary's remote at its new version (bucket < percent). */
function remotesJsonFor(bucket) {
  const live = remotesJson();
  const canary = canaryNow();
  if (!inCanary(bucket, canary)) return live;
  try {
    return JSON.stringify(variantRemotes(JSON.parse(String(live)), canary), null, 2);
  } catch {
    return live;
  }
}

function remotesJson() {
  // Until a release has written the stored file, the default locations (as a site without a remotes file).
  if (storedRemotes) return storedRemotes.last() ?? JSON.stringify(defaultRemotes(site), null, 2);
  if (site.remotesFile) return fs.readFileSync(site.remotesFile);
  return JSON.stringify(defaultRemotes(site), null, 2);
}

/**
 * The one inline script a page may run: the host's catcher of early messages and clicks, which the renderer inlines
 * byte for byte from the host's build (services/page-renderer/src/document.ts). Allowed by its hash, read again when the host is
 * deployed again.
 */
let catcher = { key: '', source: '' };
function pageCatchSource() {
  const file = path.join(site.apps.find((a) => a.name === 'host').root, 'page-catch.js');
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return '';
  }
  const key = `${stat.mtimeMs}:${stat.size}`;
  if (catcher.key !== key) {
    const hash = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('base64');
    catcher = { key, source: `'sha256-${hash}'` };
  }
  return catcher.source;
}

/** The host page's policy: scripts only from the site, its remotes (wherever the remotes file says) and the ad script. */
function hostHtmlHeaders() {
  const frameAncestors = ["'self'", ...site.portalOrigins].join(' ');
  const origins = new Set(site.remotes.map((r) => `http://${site.publicHost}:${r.port}`));
  try {
    for (const url of Object.values(JSON.parse(String(remotesJson())))) origins.add(new URL(url).origin);
    const canary = canaryNow();
    if (canary) origins.add(new URL(canary.url).origin);
  } catch {
    /* an unreadable remotes file only narrows the policy */
  }
  const remoteOrigins = [...origins].join(' ');
  return {
    'content-security-policy': [
      "default-src 'self'",
      `script-src 'self' ${pageCatchSource()} ${remoteOrigins} ${site.adScriptUrl ? new URL(site.adScriptUrl).origin : ''}`
        .replace(/\s+/g, ' ')
        .trim(),
      `connect-src 'self' ${remoteOrigins}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "media-src 'self' blob:",
      "font-src 'self' data:",
      "object-src 'none'",
      "base-uri 'self'",
      `frame-ancestors ${frameAncestors}`,
    ].join('; '),
  };
}

/** @param {ReturnType<typeof originMetrics>} [metrics] the origin's metrics (METRICS_PORT), if any */
function serverFor(app, metrics) {
  const isHost = app.name === 'host';
  return createStaticServer({
    metrics,
    root: app.root,
    spa: isHost,
    cors: !isHost,
    portalOrigins: site.portalOrigins,
    trustedProxies: trustedProxies(),
    apiUpstreams: isHost ? site.apiUpstreams : undefined,
    healthIntervalMs: site.apiHealthIntervalMs,
    htmlHeaders: isHost ? hostHtmlHeaders : undefined,
    rendered:
      isHost && process.env.SITE_RENDER !== '0'
        ? shared
          ? storedPages(shared.storage, shared.renderedPrefix)
          : renderedPages(site.renderDir)
        : undefined,
    // The canary's variant of its remote's pages (the renderer's canary output), for the visitors in the canary.
    canaryRendered:
      isHost && process.env.SITE_RENDER !== '0'
        ? shared
          ? storedPages(shared.storage, CANARY_RENDERED_PREFIX)
          : renderedPages(path.join(site.renderDir, CANARY_OUTPUT_DIR))
        : undefined,
    // The renderer renders /search on demand; without it (SITE_RENDER=0) the app searches.
    searchRenderer: isHost && process.env.SITE_RENDER !== '0' ? `http://127.0.0.1:${site.renderPort}` : undefined,
    bucket: isHost ? { inCanary: (bucket) => inCanary(bucket, canaryNow()) } : undefined,
    dynamic: isHost
      ? {
          '/remotes.json': storedRemotes
            ? (request) => Promise.all([storedRemotes.current(), storedCanary.current()]).then(() => remotesJsonFor(request.siteBucket))
            : (request) => remotesJsonFor(request.siteBucket),
          '/site-config.json': () => JSON.stringify({ portalOrigins: site.portalOrigins, adScriptUrl: site.adScriptUrl }),
        }
      : undefined,
  });
}

async function main(name) {
  const app = site.apps.find((a) => a.name === name);
  if (!app) {
    console.error(`[serve] unknown app "${name}" (one of ${site.apps.map((a) => a.name).join(', ')})`);
    process.exit(2);
  }
  if (!fs.existsSync(app.root)) console.warn(`[serve] ${app.name}: ${app.root} does not exist (not built?)`);
  // The stored remotes file is read before the first answer, then kept fresh by the requests that need it.
  if (storedRemotes && app.name === 'host') {
    await Promise.all([storedRemotes.current(), storedCanary.current()]);
    // The page policy names the remotes' origins: kept as fresh as the file without a request waiting on it; the
    // canary's state too (the pages' rule reads it without waiting).
    setInterval(() => void Promise.all([storedRemotes.current(), storedCanary.current()]), 1000).unref();
  }
  // Prometheus text on a port of this origin's own (metrics.cjs), never on the public one.
  const metricsPort = process.env.METRICS_PORT ? Number(process.env.METRICS_PORT) : null;
  const metrics = metricsPort !== null ? originMetrics({ origin: app.name }) : undefined;
  let metricsServer = null;
  if (metrics) {
    try {
      metricsServer = await listenMetrics(metrics.registry, metricsPort, process.env.METRICS_HOST || '127.0.0.1');
    } catch (err) {
      console.error(`[serve] ${app.name}: cannot serve metrics on ${metricsPort}: ${err.code || err.message}`);
      process.exit(1);
    }
  }
  const server = serverFor(app, metrics);
  const stop = () => {
    metricsServer?.close();
    return server.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  if (process.send) {
    process.once('disconnect', stop);
    process.channel?.unref();
  }
  try {
    await server.listen({ port: app.port, host: '0.0.0.0' });
  } catch (err) {
    console.error(`[serve] ${app.name}: cannot listen on ${app.port}: ${err.code || err.message}`);
    process.exit(1);
  }
  process.send?.({ ready: app.name });
  // After listening: until the siblings exist the files go out uncompressed, never late.
  await precompressTree(app.root);
}

if (require.main === module) main(process.argv[2]);

/** Reads the stored remotes file now (render-nginx.cjs computes the page policy from it); the storage in use, or null. */
async function loadStoredRemotes() {
  if (storedRemotes) await storedRemotes.current();
  return shared;
}

module.exports = { serverFor, hostHtmlHeaders, remotesJson, remotesJsonFor, canaryNow, loadStoredRemotes };
