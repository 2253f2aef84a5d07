/**
 * The metrics listener of the API server and of the origins. Each keeps its own registry and series; what they share
 * is how the registry is served: on a port of its own, never the public one, so the front door cannot answer /metrics.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the listener needs of a prom-client `Registry` (so this package does not depend on prom-client). */
export interface MetricsSource {
  metrics(): Promise<string>;
  contentType: string;
}

export interface MetricsListener {
  server: http.Server;
  /** The port listened on: the one asked for, or the one the system chose for port 0. */
  port: number;
  /** Stops listening and ends the connections still open (a scraper's keep-alive would hold the close). */
  close(): Promise<void>;
}

/**
 * GET /metrics (and HEAD) answers the registry in Prometheus' text format; anything else is a 404. Resolves once it
 * listens; rejects when the port cannot be had.
 */
export async function listenMetrics(registry: MetricsSource, port: number, host = '127.0.0.1'): Promise<MetricsListener> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if ((req.method === 'GET' || req.method === 'HEAD') && path === '/metrics') {
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
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
