/**
 * The host's server build entry (dist/server/server.js): renders one public URL of the composed site to HTML, for
 * the page renderer (@site/page-renderer). The tree is the browser's (App.tsx's SiteRoutes) inside a StaticRouter, and
 * each remote page comes from that remote's server build, so the browser can hydrate the result as it is.
 */
import type { ComponentType } from 'react';
import { articleQuery, companyQuery } from '@site/ui';
import { Readable } from 'node:stream';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'nprogress/nprogress.css';
import './styles/site.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import type { ArticleDetail, CompanyResponse } from '@site/contract';
import { createQueryClient, dehydrateRouteData, type DehydratedState, type RenderError, type RouteLoader } from '@site/ui/render';
import { SiteRoutes } from './App';
import { renderPagesFrom } from './federation/RemotePage';
import { REMOTE_ROUTES, routeFor } from './federation/route-table';
import { HOST_PAGES } from './app/route-meta';
import { loadShellData, toCompany } from './site-data/site-data';
import { buildHead, headTags } from './render/head';
import { searchPageLoader } from './components/search/search-query';

dayjs.locale('zh-cn');

/** An exposed public page: its component and the loader of the data it reads. */
type PageModule = { default: ComponentType<Record<string, unknown>>; loader?: RouteLoader };

/** Thrown by `loadPage` for a remote that has no server build: its slot is left to the browser. */
export class ClientOnlySlot extends Error {
  readonly digest = 'site-client-only';
}

let pageSource: PageLoader | null = null;

/** The start of a render run: the remote pages are loaded afresh, from `loadPage`, which serves the whole run. */
export function beginRenderRun(loadPage: PageLoader, apiOrigin: string): void {
  (globalThis as unknown as Record<symbol, unknown>)[API_ORIGIN] = apiOrigin;
  pageSource = loadPage;
  renderPagesFrom((r) => loadPage(r.remote, r.module));
}

/** A remote's exposed page, from its server build; rejects with ClientOnlySlot when it has none. */
export type PageLoader = (remote: string, module: string) => Promise<PageModule>;

/** One page of a run begun with beginRenderRun (where the API is, and where the remotes' pages come from). */
export interface RenderRequest {
  /** In-site URL: a public path, with `?id=` on detail pages. */
  url: string;
  /** The site's public origin, for canonical and Open Graph URLs. */
  siteOrigin: string;
}

export interface RenderResult {
  /** The content of #root. */
  html: string;
  /** The page's query cache as its loaders filled it (dehydrated), for the browser's hydration (@site/ui/render). */
  data: DehydratedState;
  /** Loads that failed: such a page is not kept (the last good file stays). */
  errors: RenderError[];
  /** The page's remote slot is left to the browser (its server build is missing or unusable). */
  clientOnly: boolean;
  /** <title>, description, canonical, Open Graph and JSON-LD. */
  head: string;
  /** Every stylesheet the host's and the remotes' server builds registered. */
  css: string[];
}

/** Public routes a rendered file can exist for, with the remote that renders each (the others are the browser's). */
export const PUBLIC_ROUTES = REMOTE_ROUTES.filter((r) => r.layout === 'public').map((r) => ({ path: r.path, remote: r.remote, module: r.module }));
/** Every path the browser app answers; anything else is a 404. */
export const CLIENT_ROUTES = [...REMOTE_ROUTES.map((r) => r.path), ...HOST_PAGES.map((p) => p.path)];

/** The host's own pages rendered on demand (not ahead: their address holds the visitor's query), with their loaders. */
const HOST_RENDERED: Record<string, RouteLoader> = { '/search': searchPageLoader };

const API_ORIGIN = Symbol.for('site.api-origin');
const CSS = Symbol.for('site.render-css');

async function streamText(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

export async function renderPage(req: RenderRequest): Promise<RenderResult> {
  const g = globalThis as unknown as Record<symbol, unknown>;
  const url = new URL(req.url, 'http://render.invalid');
  const route = routeFor(url.pathname);
  const hostLoader = HOST_RENDERED[url.pathname];
  if (!hostLoader && (!route || route.layout !== 'public')) throw new Error(`${req.url} is not a public page`);
  const failures: RenderError[] = [];
  let clientOnly = false;

  // The route's data first, by its loaders (the shell's and the page's): the render then reads it from the cache.
  const queryClient = createQueryClient();
  const page =
    route && !hostLoader
      ? await pageSource?.(route.remote, route.module).catch((e: unknown) => {
          if (e instanceof ClientOnlySlot) return null;
          throw e;
        })
      : null;
  await Promise.all([loadShellData(queryClient), (hostLoader ?? page?.loader)?.({ queryClient, url })]);

  // The styles of the antd parts the page renders (the /search page's form and paging), collected here and inlined
  // with the others: the HTML paints styled before the app runs, and without JavaScript.
  const antdStyles = createCache();
  const { prelude } = await prerenderToNodeStream(
    <StyleProvider cache={antdStyles}>
      <QueryClientProvider client={queryClient}>
        <StaticRouter location={url.pathname + url.search}>
          <SiteRoutes />
        </StaticRouter>
      </QueryClientProvider>
    </StyleProvider>,
    {
      // Every boundary inline, in document order: the file is complete when served, so nothing needs React's reveal
      // scripts (which the page's script policy would refuse anyway) and it reads right without JavaScript.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onError(error: unknown) {
        // The boundary around the failed part is rendered by the browser; the digest tells it that this was expected.
        if (error instanceof ClientOnlySlot || (error as { digest?: string })?.digest === 'site-client-only') {
          clientOnly = true;
          return 'site-client-only';
        }
        failures.push({ message: String((error as Error)?.stack ?? error) });
        return 'site-render-error';
      },
    },
  );
  const html = await streamText(prelude as unknown as Readable);
  const { state, errors } = dehydrateRouteData(queryClient);

  const id = url.searchParams.has('id') ? Number(url.searchParams.get('id')) : null;
  const company = toCompany(queryClient.getQueryData<CompanyResponse>(companyQuery().queryKey));
  let article: ArticleDetail | null = null;
  if (id !== null && Number.isInteger(id)) article = await queryClient.fetchQuery(articleQuery(id));
  const head = buildHead({ origin: req.siteOrigin, pathname: url.pathname, id, company, article });

  return {
    html,
    data: state,
    errors: [...errors, ...failures],
    clientOnly,
    head: headTags(head, company.title),
    css: [...((g[CSS] as Map<string, true> | undefined)?.keys() ?? []), extractStyle(antdStyles, { plain: true })].filter(Boolean),
  };
}
