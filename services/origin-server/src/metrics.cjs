/**
 * The origins' Prometheus metrics (issue 35, item 7), with prom-client: every answer of an origin counted by route
 * kind and status, its latency in a histogram, and the process's default series. Served on a port of the origin's own
 * (`METRICS_PORT`, on `METRICS_HOST`, 127.0.0.1 by default), never by the origin's public port: the front door cannot
 * answer /metrics. serve.cjs gives each origin its own port from `ORIGIN_METRICS_PORT` (host first, then the remotes).
 *
 * Route kinds: `page` (an HTML answer: a rendered page or the app), `static` (any other file), `api` (the API paths
 * proxied by the host), `remotes` (`/remotes.json`, the remotes file a canary varies).
 */
const http = require('http');
const { Counter, Histogram, Registry, collectDefaultMetrics } = require('prom-client');

/** Upper bounds (s): a file from memory or disk is milliseconds; a proxied API call or a stored page may take seconds. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route kind of an answered request (see above). */
function routeKind(request, reply) {
  if (request.routeOptions?.config?.proxied) return 'api';
  const pathname = (request.url.split('?')[0] || '').split('#')[0];
  if (pathname === '/remotes.json') return 'remotes';
  return String(reply.getHeader('content-type') || '').startsWith('text/html') ? 'page' : 'static';
}

/**
 * @param {{ origin: string, defaults?: boolean }} o `origin`: the app's name (host, remote-content, ...), a label of
 * every series; `defaults`: prom-client's process series (CPU, memory, event loop lag, handles), on by default.
 */
function originMetrics({ origin, defaults = true }) {
  const registry = new Registry();
  registry.setDefaultLabels({ origin });
  if (defaults) collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'origin_requests_total',
    help: 'Requests answered by this origin, by route kind (page, static, api, remotes) and status.',
    labelNames: ['kind', 'method', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'origin_request_duration_seconds',
    help: 'Time from a request to its answer sent, by route kind.',
    labelNames: ['kind'],
    buckets: BUCKETS,
    registers: [registry],
  });
  return {
    registry,
    /** Fastify's onResponse hook: counts the answer. */
    onResponse(request, reply) {
      const kind = routeKind(request, reply);
      requests.inc({ kind, method: request.method, status: String(reply.statusCode) });
      duration.observe({ kind }, reply.elapsedTime / 1000);
    },
  };
}

/**
 * GET /metrics (and HEAD) answers the registry in Prometheus' text format; anything else a 404. Resolves with the
 * listening server once it listens.
 * @param {Registry} registry
 * @param {number} port
 * @param {string} [host]
 * @returns {Promise<http.Server>}
 */
function listenMetrics(registry, port, host = '127.0.0.1') {
  const server = http.createServer((req, res) => {
    const pathname = (req.url || '').split('?')[0];
    if ((req.method === 'GET' || req.method === 'HEAD') && pathname === '/metrics') {
      registry.metrics().then(
        (text) => {
          res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
          res.end(req.method === 'HEAD' ? undefined : text);
        },
        () => {
          res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
          res.end('metrics failed\n');
        },
      );
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('not found: the metrics are at /metrics\n');
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

module.exports = { originMetrics, listenMetrics, routeKind };
