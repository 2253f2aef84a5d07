/**
 * The API instances behind the host origin's proxy: undici's BalancedPool spreads the calls over the instances
 * that answer their health check, and gives a failing instance less weight between checks (its own error
 * penalty). The checks are ours (a GET /health per instance every `intervalMs`): BalancedPool has no health
 * checks, only addUpstream/removeUpstream, which is what a check result drives.
 */
const { BalancedPool, Agent, request } = require('undici');

/** API_UPSTREAMS (comma-separated origins) when set, else the one API on API_PORT. */
function parseUpstreams(raw, apiPort) {
  const list = String(raw || '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => new URL(s).origin);
  return list.length ? [...new Set(list)] : [`http://127.0.0.1:${apiPort}`];
}

/** The errors of a request that never reached an instance: nothing was sent, so an idempotent call may go elsewhere. */
const CONNECT_FAILURES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_SOCKET']);
function isConnectFailure(err) {
  for (let e = err; e; e = e.cause) if (CONNECT_FAILURES.has(e.code)) return true;
  return false;
}

/**
 * @param {string[]} origins
 * @param {{ intervalMs?: number, timeoutMs?: number, poolOptions?: object, onChange?: (origin: string, healthy: boolean) => void }} [o]
 */
function createUpstreams(origins, o = {}) {
  const intervalMs = o.intervalMs ?? 2000;
  const timeoutMs = o.timeoutMs ?? 2000;
  const pool = new BalancedPool(origins, o.poolOptions);
  // A separate agent for the checks: a check must not queue behind the visitors' calls on a busy connection.
  const checker = new Agent({ connections: 1, headersTimeout: timeoutMs, bodyTimeout: timeoutMs, connect: { timeout: timeoutMs } });
  const healthy = new Map(origins.map((u) => [u, true]));
  let timer = null;
  let running = null;
  let closed = false;

  async function healthOf(origin) {
    try {
      const res = await request(`${origin}/health`, { dispatcher: checker, signal: AbortSignal.timeout(timeoutMs) });
      await res.body.dump();
      return res.statusCode === 200;
    } catch {
      return false;
    }
  }

  function apply(results) {
    // With every instance failing its check, all stay in: a call then fails as it would without the front door,
    // and whichever instance comes back first is used at once.
    const anyUp = results.some(([, up]) => up);
    for (const [origin, up] of results) {
      const want = up || !anyUp;
      const inPool = pool.upstreams.includes(origin);
      if (want && !inPool) pool.addUpstream(origin);
      if (!want && inPool) pool.removeUpstream(origin);
      if (healthy.get(origin) !== up) {
        healthy.set(origin, up);
        o.onChange?.(origin, up);
      }
    }
  }

  /** One round of checks (a round already running is shared). */
  function check() {
    if (closed) return Promise.resolve();
    if (!running)
      running = Promise.all(origins.map(async (u) => [u, await healthOf(u)]))
        .then((results) => closed || apply(results))
        .finally(() => (running = null));
    return running;
  }

  function schedule() {
    if (closed) return;
    timer = setTimeout(() => check().finally(schedule), intervalMs);
    timer.unref();
  }
  // One instance has nothing to fail over to: no checks, the proxy behaves as with a single target.
  if (origins.length > 1) schedule();

  return {
    origins,
    pool,
    check,
    /** The instances calls go to now. */
    active: () => [...pool.upstreams],
    isHealthy: (origin) => healthy.get(origin) === true,
    /** A call could not connect: check now rather than at the next interval. */
    reportFailure: () => {
      if (origins.length > 1) void check();
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await Promise.allSettled([pool.close(), checker.close()]);
    },
  };
}

module.exports = { parseUpstreams, createUpstreams, isConnectFailure };
