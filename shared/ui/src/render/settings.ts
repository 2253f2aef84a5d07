/**
 * What a render in the page renderer (Node) needs that a browser page has by itself: where the API is, and a window
 * for DOMPurify. The renderer hands them to each render call (host `renderPage`), which puts them on that render's
 * query client; loaders, queries and components read them from the client they already use. The client is the one
 * object the host's and every remote's server build share (react-query is a renderer singleton, while each build
 * carries its own copy of this package), so nothing travels through a process global.
 */
import { QueryClient, type DehydratedState, type QueryClientConfig } from '@tanstack/react-query';
import type { CallOptions } from '@site/api-client';

export interface RenderSettings {
  /** The API's origin, e.g. `http://127.0.0.1:8080`. */
  apiOrigin: string;
  /** A DOM window (jsdom) for DOMPurify, as the page's own in the browser. */
  sanitizeWindow: object;
  /**
   * What every page of one render run shows alike (the shell's company, navigation and footer), kept by the run's
   * first page that read it whole and given to the others: a run renders a snapshot of the site, and at 10,000 pages
   * these were three of a page's five API calls. Absent (the /search page, rendered per visitor): each render reads
   * its own.
   */
  run?: RenderRun;
}

/** A render run's data shared by its pages (see RenderSettings.run); created empty by the run, filled by its pages. */
export interface RenderRun {
  shell?: DehydratedState;
}

/** A query client of one render: its settings are a field of its own, never serialised with the cache. */
export class RenderQueryClient extends QueryClient {
  constructor(
    readonly renderSettings: RenderSettings,
    config?: QueryClientConfig,
  ) {
    super(config);
  }
}

/** The render's settings of a client (null in the browser). Read by shape: each build has its own copy of the class. */
export function renderSettingsOf(client: QueryClient | null | undefined): RenderSettings | null {
  return (client as Partial<RenderQueryClient> | null | undefined)?.renderSettings ?? null;
}

/**
 * How a query's call reaches the API from this client, as the call's last arguments: the render's API origin in the
 * page renderer, none in the browser (a call relative to the page): `getArticle(id, ...callOptions(client))`.
 */
export function callOptions(client: QueryClient | null | undefined): [] | [CallOptions] {
  const settings = renderSettingsOf(client);
  return settings ? [{ apiOrigin: settings.apiOrigin }] : [];
}
