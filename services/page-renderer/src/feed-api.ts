/**
 * The API's render feed over HTTP (`/internal/render/*` of services/api-server, routes/render.ts), with the shared
 * secret as `x-render-token`. The renderer has no database connection: with the default embedded PGlite only the API
 * process may open the database, so the lease, the changes and their acknowledgement all go through the API.
 */
import { RENDER_READS_PATH, type RenderChanges, type RenderLease, type RenderPoll } from '@site/contract';
import { FeedUnavailable, type FeedApi } from './feed';

/** A request that gets no answer in this time fails (a poll: this beyond its wait). */
const REQUEST_TIMEOUT_MS = 10_000;

export function httpFeedApi(apiOrigin: string, token: string): FeedApi {
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown, signal?: AbortSignal, timeoutMs = REQUEST_TIMEOUT_MS) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const res = await fetch(`${apiOrigin}${path}`, {
      method,
      headers: { 'x-render-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    const text = await res.text();
    const json = text ? (JSON.parse(text) as unknown) : null;
    return { status: res.status, json };
  };
  const unexpected = (what: string, r: { status: number; json: unknown }) =>
    new Error(
      `${what}: HTTP ${r.status}${r.status === 403 ? ' (SITE_RENDER_HOOK_TOKEN differs from the API server’s)' : ''} ${JSON.stringify(r.json)}`,
    );

  /** A grant's token as the API takes it: none for 0, or for -1 (an API from before the token names none). */
  const grant = (token: number) => (token > 0 ? { token } : {});
  const lease = async (holder: string, token: number) => {
    const r = await call('POST', '/internal/render/lease', { holder, ...grant(token) });
    if (r.status === 200 || r.status === 409) return { held: r.status === 200, lease: r.json as RenderLease };
    if (r.status === 403 || r.status === 404) throw new FeedUnavailable(unexpected('render lease', r).message);
    throw unexpected('render lease', r);
  };

  return {
    lease,
    async poll(holder, token, waitS, signal) {
      const r = await call('POST', '/internal/render/poll', { holder, ...grant(token), wait: waitS }, signal, REQUEST_TIMEOUT_MS + waitS * 1000);
      if (r.status === 200 || r.status === 409) return r.json as RenderPoll;
      if (r.status !== 404) {
        if (r.status === 403) throw new FeedUnavailable(unexpected('render poll', r).message);
        throw unexpected('render poll', r);
      }
      // An API instance from before the poll (a rolling upgrade: the next request may reach a newer one): its two
      // routes, the lease first. An older API ignores the token and hands out a new grant to a lapsed holder: told
      // apart by the token it names.
      const taken = await lease(holder, token);
      if (!taken.held || (token > 0 && taken.lease.token !== token)) return { ...taken, held: false, changes: [], more: false };
      const c = await call('GET', `/internal/render/changes?after=0&wait=${waitS}`, undefined, signal, REQUEST_TIMEOUT_MS + waitS * 1000);
      if (c.status !== 200) throw unexpected('render changes', c);
      return { ...taken, ...(c.json as RenderChanges) };
    },
    async release(holder) {
      const r = await call('POST', '/internal/render/release', { holder });
      if (r.status !== 200) throw unexpected('render lease release', r);
    },
    async ack(holder, token, ids) {
      const r = await call('POST', '/internal/render/ack', { holder, token, ids });
      if (r.status === 200 || r.status === 409) return r.status === 200;
      throw unexpected('render ack', r);
    },
  };
}

/**
 * Tells the API which remote versions the site serves now (a run's remotes, a canary's included): a field report
 * counts only for a page view of such a version. Versions that cannot be names (a remote whose manifest failed) are left out.
 */
export async function reportServedVersions(apiOrigin: string, token: string, versions: Record<string, string>): Promise<void> {
  const named = Object.fromEntries(Object.entries(versions).filter(([, v]) => /^[\w.@+-]{1,64}$/.test(v ?? '')));
  if (!Object.keys(named).length) return;
  const res = await fetch(`${apiOrigin}/internal/render/versions`, {
    method: 'POST',
    headers: { 'x-render-token': token, 'content-type': 'application/json' },
    body: JSON.stringify({ versions: named }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`served versions: HTTP ${res.status} ${await res.text()}`);
}

/**
 * Where a run's page reads go: the API's origin with RENDER_READS_PATH, which the API serves one at a time so that
 * this renderer's lease renewals never wait behind its own reads there; the origin itself when the API answers that
 * path with 404 (an API from before it, during an upgrade). Asked once a run, with the cheapest public read; an API
 * that does not answer is taken to have it (its reads fail either way, and only a 404 tells of an older API).
 */
export async function renderReadsOrigin(apiOrigin: string): Promise<string> {
  const base = apiOrigin.replace(/\/+$/, '');
  const reads = `${base}${RENDER_READS_PATH}`;
  try {
    const res = await fetch(`${reads}/api/company`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    await res.arrayBuffer();
    return res.status === 404 ? base : reads;
  } catch {
    return reads;
  }
}
