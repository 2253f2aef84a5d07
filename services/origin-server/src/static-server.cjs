/**
 * The production server of one app origin (the host, or one remote), like a separate deployment: Fastify with
 * @fastify/static (files, ETag/304, HEAD, precompressed .br/.gz siblings written by precompress.cjs) and, for the
 * host, @fastify/reply-from forwarding the API paths to the API server (same-origin calls).
 *
 * Whatever a request holds (NUL bytes, bad escapes, `..` in any spelling, `//[`), it gets a status: parsing,
 * routing and file lookup are the libraries' own, and every error ends in the error handler below.
 */
const crypto = require('crypto');
const { AsyncLocalStorage } = require('async_hooks');
const Fastify = require('fastify');
const fastifyStatic = require('@fastify/static');
const replyFrom = require('@fastify/reply-from');
const { request: undiciRequest } = require('undici');
const { createUpstreams, isConnectFailure } = require('./api-upstreams.cjs');
const { API_PATHS } = require('@site/build-config/site');
const { bucketOf, bucketCookie, newBucket } = require('@site/releases');

/** Content-hashed file names (`main.3f9a1c2e.js`): never change, cached for a year. */
const HASHED = /\.[0-9a-f]{8,}\.(js|css|png|svg|jpe?g|webp|woff2?)$/;

/**
 * Headers of every answer of these servers (remote files, host assets, error answers): no sniffing, no full
 * referrer to other sites, and a policy that loads nothing and may be framed only by the site's own origin and
 * the configured parent portals. HTML pages of the host get their full policy from `htmlHeaders`.
 */
function baselineHeaders(portalOrigins = []) {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'content-security-policy': `default-src 'none'; frame-ancestors ${["'self'", ...portalOrigins].join(' ')}`,
  };
}

/** SITE_TRUSTED_PROXIES: addresses/CIDRs (or `loopback`, `linklocal`, `uniquelocal`) whose X-Forwarded-* we believe; default loopback. */
function trustedProxies(env = process.env) {
  const raw = env.SITE_TRUSTED_PROXIES === undefined ? 'loopback' : env.SITE_TRUSTED_PROXIES;
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function cacheControl(file) {
  // `file` may be the precompressed sibling (main.3f9a1c2e.js.br): the name that counts is the file's own.
  return HASHED.test(file.replace(/\.(br|gz)$/, '')) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

const etagOf = (body) => `"${crypto.createHash('sha1').update(body).digest('base64url').slice(0, 16)}"`;

/** `/dev` or below it, also when percent-encoded (`/%64ev/...`). */
function isDevPath(pathname) {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    /* a bad escape is no /dev path */
  }
  return /^\/+dev(\/|$)/.test(decoded);
}

/**
 * @param {{
 *   root: string, spa?: boolean, cors?: boolean,
 *   apiTarget?: {host: string, port: number}, apiUpstreams?: string[], healthIntervalMs?: number,
 *   dynamic?: Record<string, (request: import('fastify').FastifyRequest) => (string|Buffer|null|Promise<string|Buffer|null>)>,
 *   htmlHeaders?: () => Record<string, string>,
 *   portalOrigins?: string[], trustedProxies?: string[],
 *   rendered?: ReturnType<typeof import('./rendered-pages.cjs').renderedPages> | ReturnType<typeof import('./rendered-pages.cjs').storedPages>,
 *   canaryRendered?: ReturnType<typeof import('./rendered-pages.cjs').renderedPages> | ReturnType<typeof import('./rendered-pages.cjs').storedPages>,
 *   bucket?: { inCanary: (bucket: number|null) => boolean },
 *   metrics?: { onResponse: (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => void },
 *   searchRenderer?: string,
 * }} o
 * `searchRenderer` (the host): the page renderer's origin (`http://127.0.0.1:<RENDER_PORT>`), which renders
 * `/search?text=…` on demand; its answer is passed on, the app when it cannot be reached.
 * `metrics` (metrics.cjs `originMetrics`): every answer counted by route kind and status, with its latency.
 * `bucket` (the host): every page and `/remotes.json` answer reads the visitor's `site_bucket` cookie (canary.cjs) into
 * `request.siteBucket`, giving one a new bucket (Set-Cookie) when it has none; a visitor in the open canary gets the
 * canary's rendered page (`canaryRendered`) where there is one.
 * @returns {import('fastify').FastifyInstance} not yet listening
 */
function createStaticServer(o) {
  const baseline = baselineHeaders(o.portalOrigins);
  const cors = o.cors ? { 'access-control-allow-origin': '*', 'timing-allow-origin': '*' } : {};
  /** Every error answer: a plain status line, with the same baseline headers (the framework-error path skips onSend). */
  const sendError = (reply, err) => {
    const status = Number(err.statusCode) >= 400 && Number(err.statusCode) < 600 ? Number(err.statusCode) : 500;
    const text = status === 404 ? 'Not found' : status === 403 ? 'Forbidden' : status < 500 ? 'Bad request' : 'Server error';
    reply
      .code(status)
      .headers({ ...baseline, ...cors })
      .type('text/plain; charset=utf-8')
      .send(text);
  };
  const app = Fastify({
    logger: false,
    trustProxy: o.trustedProxies ?? trustedProxies(),
    // Chunk paths under a version folder are long; a path the router cannot take is still answered (404 / SPA).
    routerOptions: { maxParamLength: 2048 },
    // Longer than a client keeps an idle connection before using it again (nginx's upstream keepalive_timeout 60 s,
    // browsers about as long): closed after 5 s, a connection could be closed just as a client sent its next request
    // on it, which then failed with ECONNRESET (an e2e API call after six seconds of page work met it).
    keepAliveTimeout: 65_000,
    // Stopping must not wait for idle keep-alive sockets (a browser's unused preconnects).
    forceCloseConnections: true,
    return503OnClosing: true,
    // An undecodable URL (`/%zz`) or a bad Content-Type is refused before any route: same plain answer as others.
    frameworkErrors: (err, _request, reply) => sendError(reply, err),
  });

  // Bodies are never read here: the API's are streamed through untouched, and other methods answer 405.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.config?.proxied) return payload;
    const type = String(reply.getHeader('content-type') || '');
    const headers = { ...baseline, ...cors, ...(o.htmlHeaders && type.startsWith('text/html') ? o.htmlHeaders() : {}) };
    for (const [k, v] of Object.entries(headers)) reply.header(k, v);
    return payload;
  });

  app.setErrorHandler((err, _request, reply) => sendError(reply, err));

  if (o.metrics) {
    const { onResponse } = o.metrics;
    app.addHook('onResponse', async (request, reply) => onResponse(request, reply));
  }

  // Node gives CONNECT (a forward-proxy tunnel request) to a 'connect' listener or drops the socket: we are no
  // forward proxy, and the visitor gets a status rather than a cut connection.
  app.server.on('connect', (_req, socket) => {
    socket.on('error', () => undefined);
    socket.end('HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
  });

  if (o.bucket) {
    app.decorateRequest('siteBucket', null);
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const pathname = (request.url.split('?')[0] || '').split('#')[0];
      // A page (no extension) or the remotes file: what a canary changes. Scripts and API calls never need it.
      if (pathname !== '/remotes.json' && /\.[^/]*$/.test(pathname)) return;
      if (request.routeOptions.config?.proxied) return;
      const bucket = bucketOf(request.headers.cookie);
      if (bucket !== null) request.siteBucket = bucket;
      else {
        request.siteBucket = newBucket();
        reply.header('set-cookie', bucketCookie(request.siteBucket));
      }
    });
  }

  const upstreams = o.apiUpstreams?.length ? o.apiUpstreams : o.apiTarget ? [`http://${o.apiTarget.host}:${o.apiTarget.port}`] : [];
  if (upstreams.length) registerProxy(app, upstreams, o.healthIntervalMs);

  if (o.cors) {
    app.options('*', (_request, reply) => {
      reply.code(204).header('access-control-allow-headers', '*').send();
    });
  }

  for (const [pathname, body] of Object.entries(o.dynamic || {})) {
    app.get(pathname, async (request, reply) => {
      const content = await body(request);
      if (content === null) return reply.callNotFound();
      const buf = Buffer.from(content);
      const etag = etagOf(buf);
      reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-cache').header('etag', etag);
      // The answer depends on the visitor's bucket cookie while a canary is open: no shared cache may mix them.
      if (o.bucket) reply.header('vary', 'cookie');
      if (
        String(request.headers['if-none-match'] || '')
          .split(/\s*,\s*/)
          .includes(etag)
      )
        return reply.code(304).send();
      return reply.send(buf);
    });
  }

  if (o.rendered) serveRenderedPages(app, o);
  if (o.searchRenderer) serveSearch(app, o.searchRenderer, o.root);

  app.register(fastifyStatic, {
    root: o.root,
    // .br/.gz siblings written once (precompress.cjs) instead of compressing on every request.
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    redirect: false,
    index: ['index.html'],
    serveDotFiles: false,
    setHeaders(reply, file) {
      reply.header('cache-control', cacheControl(file));
    },
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = (request.url.split('?')[0] || '').split('#')[0];
    // The API's test helpers live under /dev on the API port when a harness switches them on; no origin of the
    // site has anything there, whatever the method or spelling: a plain 404 (the host's is its own 404 page).
    if (isDevPath(pathname)) {
      if (o.spa && (request.method === 'GET' || request.method === 'HEAD'))
        return reply.code(404).header('cache-control', 'no-cache').sendFile('index.html', o.root);
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    // History-mode routing: any other extension-less path of the host is the app.
    if (o.spa && (request.method === 'GET' || request.method === 'HEAD') && !/\.[^/]*$/.test(pathname)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', o.root);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD' && !(o.cors && request.method === 'OPTIONS')) {
      return reply.code(405).header('allow', 'GET, HEAD').type('text/plain; charset=utf-8').send('Method not allowed');
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });

  return app;
}

/**
 * The host's pages as the page renderer wrote them, in its folder (rendered-pages.cjs `renderedPages`) or published to
 * a shared storage (`storedPages`): a public URL gets its rendered file, an unknown path or article id the app with a
 * 404 status (it shows 页面不存在 or 内容不存在), anything else (account, admin, a page not rendered yet) the app as
 * before. sitemap.xml (and its parts, sitemap-N.xml) and robots.txt are the renderer's when it has written them. A storage that cannot be reached
 * leaves the page to the app, as before the first render.
 */
function serveRenderedPages(app, o) {
  const stored = Boolean(o.rendered.storage);
  const { open } = o.rendered;
  // Both answer `{ file, status, stored }`: a page's object opened (info and body), never a name read twice.
  const lookup = stored
    ? (url, acceptEncoding) => o.rendered.lookup(url, acceptEncoding)
    : (url, acceptEncoding) => o.rendered.lookupOpen(url, acceptEncoding);
  const variants = o.bucket ? o.canaryRendered : undefined;
  const canaryLookup = variants
    ? variants.storage
      ? (url, acceptEncoding) => variants.lookup(url, acceptEncoding)
      : (url, acceptEncoding) => variants.lookupOpen(url, acceptEncoding)
    : null;
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (request.routeOptions.config?.proxied) return;
    const pathname = (request.url.split('?')[0] || '').split('#')[0];
    const acceptEncoding = request.headers['accept-encoding'];
    try {
      // sitemap.xml: past 50,000 URLs the renderer's is an index of sitemap-1.xml, sitemap-2.xml, ...
      if (/^\/(sitemap(-[1-9][0-9]*)?\.xml|robots\.txt)$/.test(pathname)) {
        const file = await open(pathname.slice(1), acceptEncoding);
        return file ? sendStored(request, reply, file) : undefined;
      }
      if (/\.[^/]*$/.test(pathname) || isDevPath(pathname)) return;
      if (o.bucket) reply.header('vary', 'cookie');
      // A visitor in the open canary: the canary's rendering of the page when its remote owns it (else the live one).
      if (canaryLookup && o.bucket.inCanary(request.siteBucket)) {
        const variant = await canaryLookup(request.url, acceptEncoding).catch(() => null);
        if (variant?.stored) return sendStored(request, reply, variant.stored, variant.status);
      }
      const found = await lookup(request.url, acceptEncoding);
      if (found.stored) return sendStored(request, reply, found.stored, found.status);
      if (found.status === 404) return reply.code(404).header('cache-control', 'no-cache').sendFile('index.html', o.root);
    } catch {
      return; // an URL the lookup cannot read, or a storage away: the static server's answer (the app)
    }
  });
}

/**
 * A rendered page or output file, opened: its entity tag (a 304 when the visitor has it), its encoding if any. With
 * status 404 (a not-found page answering another URL), neither: the answer is about the URL, not about the file.
 */
function sendStored(request, reply, file, status = 200) {
  const { info, body, encoding, negotiated } = file;
  reply.header('cache-control', 'no-cache');
  if (status === 200) reply.header('etag', info.etag).header('last-modified', info.lastModified.toUTCString());
  reply.type(info.contentType);
  if (negotiated) {
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
  }
  if (encoding) reply.header('content-encoding', encoding);
  const tags = String(request.headers['if-none-match'] || '').split(/\s*,\s*/);
  if (request.method === 'HEAD' || (status === 200 && tags.includes(info.etag))) {
    body.destroy();
    if (request.method === 'HEAD') reply.header('content-length', String(info.size));
    return reply.code(request.method === 'HEAD' ? status : 304).send();
  }
  return reply.code(status).header('content-length', String(info.size)).send(body);
}

/**
 * The host's API paths go to the API server, or spread over several instances (api-upstreams.cjs: undici's
 * BalancedPool, health-checked). X-Forwarded-For gets the visitor's address appended (the chain it brought is
 * kept only when it came from a trusted proxy), X-Forwarded-Proto is the scheme the visitor used (a trusted TLS
 * terminator's word, else our own), so the API can mark its cookie `Secure` behind TLS.
 */
/** Longer than the renderer waits for its API (search-page.ts SEARCH_RENDER_TIMEOUT_MS, 8 s): its 504 page arrives. */
const SEARCH_WAIT_MS = 10_000;

/**
 * /search with its results, rendered by the page renderer (services/page-renderer/src/search-page.ts): its status,
 * type, Cache-Control and Retry-After are passed on (the page policy is added here, as to any HTML answer). The
 * visitor's cookies are not sent: the page is the same for everyone (a CDN may keep it). The visitor's address goes
 * in X-Real-IP (Fastify's, past trusted proxies only): the renderer gives each address a share of its renders. A
 * renderer that cannot be reached or does not answer in time leaves the search to the app, as before.
 */
function serveSearch(app, renderer, root) {
  app.get('/search', async (request, reply) => {
    let res;
    try {
      res = await undiciRequest(`${renderer}${request.url}`, {
        method: 'GET',
        headers: { 'x-real-ip': request.ip },
        headersTimeout: SEARCH_WAIT_MS,
        bodyTimeout: SEARCH_WAIT_MS,
      });
    } catch {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', root);
    }
    reply.code(res.statusCode);
    for (const name of ['content-type', 'cache-control', 'retry-after']) {
      const value = res.headers[name];
      if (typeof value === 'string') reply.header(name, value);
    }
    return reply.send(res.body);
  });
}

function registerProxy(app, origins, healthIntervalMs) {
  const signals = new AsyncLocalStorage();
  // No timeouts of our own: the browser's client gives up after 60 s (ERR-6) and that abort reaches the API.
  const upstreams = createUpstreams(origins, {
    intervalMs: healthIntervalMs,
    poolOptions: { connections: 256, headersTimeout: 0, bodyTimeout: 0, keepAliveTimeout: 4000 },
    onChange: (origin, up) => console.error(`[origin] API instance ${origin} ${up ? 'passes its health check again' : 'fails its health check'}`),
  });
  app.decorate('apiUpstreams', upstreams);
  const dispatcher = {
    // The pool picks the instance; the origin reply-from puts on the call is only the first of the list.
    request: ({ origin: _origin, ...opts }, cb) => upstreams.pool.request({ ...opts, signal: signals.getStore() }, cb),
  };
  app.register(replyFrom, { base: origins[0], undici: dispatcher, disableRequestLogging: true });
  app.addHook('onClose', async () => upstreams.close());
  const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);
  /**
   * A call that found no instance listening (refused, reset before an answer) is tried on the next one when
   * repeating it cannot do a thing twice: an idempotent method without a body, each other instance once.
   */
  const retryDelay = ({ err, req, attempt }) => {
    if (!err || !isConnectFailure(err)) return null;
    upstreams.reportFailure();
    if (!IDEMPOTENT.has(req.method) || req.headers['content-length'] || attempt >= origins.length - 1) return null;
    return 1;
  };

  function rewriteRequestHeaders(request, headers) {
    const peer = request.raw.socket.remoteAddress || '';
    // proxy-addr (Fastify's trustProxy) walks into X-Forwarded-For only past a trusted peer: more than one
    // address means the peer is a trusted proxy and the chain it sent is kept.
    const chain = request.ips.length > 1 ? `${request.headers['x-forwarded-for']}, ${peer}` : peer;
    return {
      ...headers,
      host: request.headers.host || headers.host,
      'x-forwarded-for': chain,
      'x-forwarded-proto': request.protocol === 'https' ? 'https' : 'http',
      'x-forwarded-host': request.host || '',
    };
  }

  function handler(request, reply) {
    const controller = new AbortController();
    // The visitor gave up (e.g. the client's 60 s timeout): stop waiting on the API.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    try {
      return signals.run(controller.signal, () =>
        reply.from(undefined, {
          rewriteRequestHeaders,
          // The API cannot be reached (refused, reset, gone before answering): the browser sees what it would see
          // calling the API itself, a failed connection, which the client shows as 后端接口连接异常 (axios
          // 'Network Error', ERR-5). A 502 of our own would read as 系统接口502异常, an answer the API never gave.
          // An HTTP status the API (or a gateway behind us) really sends, 502 and 503 included, passes unchanged.
          onError: (r) => r.raw.destroy(),
          retryDelay,
        }),
      );
    } catch {
      // A path the proxy refuses to forward (`..` segments, undecodable escapes).
      return reply.code(400).type('text/plain; charset=utf-8').send('Bad request');
    }
  }

  const route = { config: { proxied: true } };
  for (const p of API_PATHS) {
    app.all(p, route, handler);
    app.all(`${p}/*`, route, handler);
  }
}

module.exports = { createStaticServer, baselineHeaders, trustedProxies, HASHED };
