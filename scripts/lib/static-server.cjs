/**
 * A small production static server: one per app origin, like separate deployments.
 * Compression (brotli/gzip, cached in memory), immutable caching for content-hashed files,
 * no-cache for index.html, remotes file and manifests, CORS for remotes, security headers on HTML,
 * and, for the host, the API paths proxied to the API server (same-origin calls).
 */
const http = require('http');
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const crypto = require('crypto');
const { isApiPath } = require('../../build-config/site.cjs');
const { siteEnv } = require('./site-env.cjs');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.map']);
const HASHED = /\.[0-9a-f]{8}\.(js|css|png|svg|jpe?g|webp|woff2?)$/;

/**
 * Headers of every answer of these servers (remote files, host assets, error answers): no sniffing, no full
 * referrer to other sites, and a policy that loads nothing and may be framed only by the site's own origin and
 * the configured parent portals (PORTAL_ORIGINS). HTML pages get their full policy from `o.headers`.
 */
function baselineHeaders() {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'content-security-policy': `default-src 'none'; frame-ancestors ${["'self'", ...siteEnv().portalOrigins].join(' ')}`,
  };
}

function cacheControl(file) {
  return HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** @param {{root: string|(() => string), port: number, name: string, spa?: boolean, apiTarget?: {host:string,port:number}, dynamic?: Record<string, () => (string|Buffer|null)>, headers?: (file:string)=>Record<string,string>, cors?: boolean}} o */
function createStaticServer(o) {
  const compressed = new Map();
  const baseline = baselineHeaders();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

  function proxy(req, res) {
    const headers = { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress || '', 'x-forwarded-proto': 'http', 'x-forwarded-host': req.headers.host || '' };
    const up = http.request({ host: o.apiTarget.host, port: o.apiTarget.port, method: req.method, path: req.url, headers, agent }, (upRes) => {
      res.writeHead(upRes.statusCode || 502, upRes.headers);
      upRes.on('error', () => res.destroy()); // the API died mid-answer: do not leave a truncated answer open
      upRes.pipe(res);
    });
    // The API cannot be reached (refused, reset, gone before answering): the visitor's browser sees what it would
    // see calling the API itself, a failed connection, which the client shows as 后端接口连接异常 (axios
    // 'Network Error', ERR-5). A 502 of our own would read as 系统接口502异常, an answer the API never gave.
    // An HTTP status the API (or a gateway behind us) really sends, 502 included, passes through unchanged.
    up.on('error', () => res.destroy());
    // The visitor gave up (e.g. the client's 60 s timeout): stop waiting on the API.
    res.on('close', () => {
      if (!res.writableFinished) up.destroy();
    });
    req.pipe(up);
  }

  function send(req, res, file, body, status = 200) {
    const ext = path.extname(file).toLowerCase();
    const headers = {
      'content-type': TYPES[ext] || 'application/octet-stream',
      'cache-control': cacheControl(file),
      ...baseline,
      vary: 'Accept-Encoding',
      // timing-allow-origin: the host page (and the benchmark) can read the remotes' real sizes and timings.
      ...(o.cors ? { 'access-control-allow-origin': '*', 'timing-allow-origin': '*' } : {}),
      ...(o.headers ? o.headers(file) : {}),
    };
    // Files that are not content-hashed are revalidated (no-cache): an ETag lets the answer be a 304.
    const etag = HASHED.test(file) ? null : `"${crypto.createHash('sha1').update(body).digest('base64url').slice(0, 16)}"`;
    if (etag) {
      headers.etag = etag;
      if (status === 200 && String(req.headers['if-none-match'] || '').split(/\s*,\s*/).includes(etag)) {
        res.writeHead(304, headers);
        return res.end();
      }
    }
    const accept = String(req.headers['accept-encoding'] || '');
    let payload = body;
    if (COMPRESSIBLE.has(ext) && body.length > 512) {
      const enc = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
      if (enc) {
        // Keyed by content (the hash in the name, or the ETag), so a changed remoteEntry.js is never served stale.
        const key = `${enc}:${file}:${etag || body.length}`;
        let c = compressed.get(key);
        if (!c) {
          c = enc === 'br' ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }) : zlib.gzipSync(body, { level: 9 });
          if (compressed.size > 2000) compressed.clear();
          compressed.set(key, c);
        }
        payload = c;
        headers['content-encoding'] = enc;
      }
    }
    headers['content-length'] = payload.length;
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : payload);
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    if (o.apiTarget && isApiPath(url.pathname)) return proxy(req, res);
    if (req.method === 'OPTIONS' && o.cors) {
      res.writeHead(204, { ...baseline, 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' });
      return res.end();
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, baseline);
      return res.end();
    }
    if (o.dynamic && o.dynamic[url.pathname]) {
      const body = o.dynamic[url.pathname]();
      if (body !== null) return send(req, res, url.pathname, Buffer.from(body));
    }
    const root = typeof o.root === 'function' ? o.root() : o.root;
    let rel;
    try {
      rel = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400, baseline);
      return res.end();
    }
    const file = path.join(root, path.normalize(rel).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(root)) {
      res.writeHead(403, baseline);
      return res.end();
    }
    fs.stat(file, (err, st) => {
      if (!err && st.isFile()) return fs.readFile(file, (e, body) => (e ? (res.writeHead(500), res.end()) : send(req, res, file, body)));
      if (!err && st.isDirectory() && fs.existsSync(path.join(file, 'index.html')) && !o.spa) {
        return fs.readFile(path.join(file, 'index.html'), (e, body) => send(req, res, 'index.html', body));
      }
      // History-mode routing: any other path of the host is the app.
      if (o.spa && !path.extname(url.pathname)) {
        return fs.readFile(path.join(root, 'index.html'), (e, body) => (e ? (res.writeHead(404), res.end('Not found')) : send(req, res, 'index.html', body)));
      }
      res.writeHead(404, { ...baseline, 'content-type': 'text/plain; charset=utf-8', ...(o.cors ? { 'access-control-allow-origin': '*' } : {}) });
      res.end('Not found');
    });
  });
  server.keepAliveTimeout = 5000;
  return server;
}

module.exports = { createStaticServer };
