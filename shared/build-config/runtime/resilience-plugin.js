/**
 * Federation runtime plugin of the host: remote manifests and entries that hang or fail must not keep
 * a page waiting. Fetches and scripts time out, fetches are retried once, and a remote that still
 * cannot load resolves to a marker module that the host renders as its Chinese fallback.
 * Runs before sharing is initialised, so it must not import React or anything shared.
 */
const FETCH_TIMEOUT_MS = 2500;
const SCRIPT_TIMEOUT_MS = 4000;
const RETRY_DELAY_MS = 300;

export const REMOTE_UNAVAILABLE = '__siteRemoteUnavailable';

function fetchWithTimeout(url, init) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), FETCH_TIMEOUT_MS);
  return fetch(url, { ...init, signal: controller.signal }).finally(() => clearTimeout(timer));
}

export default function resiliencePlugin() {
  return {
    name: 'site-resilience-plugin',
    async fetch(url, init) {
      try {
        const res = await fetchWithTimeout(url, init);
        if (res.ok) return res;
        throw new Error(`HTTP ${res.status}`);
      } catch (first) {
        await new Promise((r) => setTimeout(r, RETRY_DELAY_MS));
        return fetchWithTimeout(url, init);
      }
    },
    createScript({ url }) {
      const script = document.createElement('script');
      script.src = url;
      script.crossOrigin = 'anonymous';
      return { script, timeout: SCRIPT_TIMEOUT_MS };
    },
    errorLoadRemote(args) {
      const { id, error, lifecycle } = args;
      console.error(`[federation] remote "${id}" failed to load (${lifecycle}):`, error);
      // Only the final stage gets a fallback module; earlier stages rethrow and end up here.
      if (lifecycle !== 'onLoad') return undefined;
      return { __esModule: true, default: null, [REMOTE_UNAVAILABLE]: true, id, message: String((error && error.message) || error) };
    },
  };
}
