/**
 * The origins' Prometheus metrics (item 7), with prom-client: every answer of an origin counted by route
 * kind and status, its latency in a histogram, and the process's default series. Served on a port of the origin's own
 * (`METRICS_PORT`, on `METRICS_HOST`, 127.0.0.1 by default), never by the origin's public port: the front door cannot
 * answer /metrics. serve.cjs gives each origin its own port from `ORIGIN_METRICS_PORT` (host first, then the remotes).
 *
 * Route kinds: `page` (an HTML answer: a rendered page or the app), `static` (any other file), `api` (the API paths
 * proxied by the host), `remotes` (`/remotes.json`, the remotes file a canary varies).
 */
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
 * The shared metrics listener (@site/metrics-http), resolving with its `http.Server` as the origins use it. Loaded on
 * the first call: an origin without a metrics port never compiles it.
 * @param {Registry} registry
 * @param {number} port
 * @param {string} [host]
 * @returns {Promise<import('http').Server>}
 */
async function listenMetrics(registry, port, host = '127.0.0.1') {
  const shared = require('@site/metrics-http/load.cjs');
  return (await shared.listenMetrics(registry, port, host)).server;
}

module.exports = { originMetrics, listenMetrics, routeKind };
