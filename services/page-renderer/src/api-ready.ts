import waitOn from 'wait-on';

/**
 * Resolves once `GET <apiOrigin>/health` answers 2xx, however long that takes: the renderer starts beside the API
 * and every page it renders reads the API. A try starts every 500 ms and gives up after 2 s.
 */
export function apiReady(apiOrigin: string): Promise<void> {
  return waitOn({
    resources: [`${apiOrigin.replace(/^(https?):/, '$1-get:')}/health`],
    interval: 500,
    httpTimeout: 2000,
    // The API is reached directly, never through a proxy the environment names (HTTP_PROXY), as fetch() did.
    proxy: false,
  });
}
