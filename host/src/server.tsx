/**
 * The host's server build entry (dist/server/server.js): renders one public URL of the composed site to HTML, for
 * the page renderer (@site/page-renderer). The tree is the browser's (App.tsx's SiteRoutes) inside a StaticRouter, and
 * each remote page comes from that remote's server build, so the browser can hydrate the result as it is.
 */
import { Readable } from 'node:stream';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'nprogress/nprogress.css';
import './styles/site.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import type { CompanyResponse } from '@site/contract';
import { companyQuery } from '@site/ui';
import { createQueryClient, dehydrateRouteData, type DehydratedState, type RenderError, type RenderSettings, type RouteHead } from '@site/ui/render';
import { stylesheets } from '@site/build-config/server-css-registry';
import { SiteRoutes } from './App';
import { renderPagesFrom } from './app/RemotePage';
import { REMOTE_ROUTES, routeFor } from './federation/route-table';
import { HOST_PAGES, RENDERED_HOST_PAGES } from './pages/host-pages';
import { loadShellData, toCompany } from './site-data/site-data';
import { composeHead, headTags } from './render/head';
import { NotFoundLocation, routeHead, type PageModule } from './render/page-module';

dayjs.locale('zh-cn');

export type { PageModule };

/** Thrown by `loadPage` for a remote that has no server build: its slot is left to the browser. */
export class ClientOnlySlot extends Error {
  readonly digest = 'site-client-only';
}

let pageSource: PageLoader | null = null;

/** The start of a render run: the remote pages are loaded afresh, from `loadPage`, which serves the whole run. */
export function beginRenderRun(loadPage: PageLoader): void {
  pageSource = loadPage;
  renderPagesFrom((r) => loadPage(r.remote, r.module));
}

/** A remote's exposed page, from its server build; rejects with ClientOnlySlot when it has none. */
export type PageLoader = (remote: string, module: string) => Promise<PageModule>;

/** One page of a run begun with beginRenderRun (where the remotes' pages come from). */
export interface RenderRequest {
  /** In-site URL: a public path, with `?id=` on detail pages, or a host page that is rendered ahead (`/404`). */
  url: string;
  /** The site's public origin, for canonical and Open Graph URLs. */
  siteOrigin: string;
  /** Where the API is and DOMPurify's window: they reach the page's loaders and components through its query client. */
  settings: RenderSettings;
  /**
   * The page's not-found state instead of the page (`notFoundPages()`): the file the origin answers with status 404
   * for an unknown article at this path (or, at `/404`, for an unknown path).
   */
  notFound?: boolean;
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
  /** Every stylesheet the host's server build registered (the remotes' builds answer for theirs). */
  css: string[];
}

/** Public routes a rendered file can exist for, with the remote that renders each (the others are the browser's). */
export const PUBLIC_ROUTES = REMOTE_ROUTES.filter((r) => r.layout === 'public').map((r) => ({
  path: r.path,
  remote: r.remote,
  module: r.module,
  search: r.search,
}));
/** Every path the browser app answers; anything else is a 404. */
export const CLIENT_ROUTES = [...REMOTE_ROUTES.map((r) => r.path), ...HOST_PAGES];

async function streamText(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** The page module that renders a URL: a host page rendered ahead, or a public route's remote page (null: the browser's). */
async function pageModuleFor(pathname: string): Promise<{ module: PageModule | null; fallback: RouteHead }> {
  const host = RENDERED_HOST_PAGES[pathname];
  if (host) return { module: await host(), fallback: routeHead('') };
  const route = routeFor(pathname);
  if (!route || route.layout !== 'public') throw new Error(`${pathname} is not a public page`);
  const module = await pageSource?.(route.remote, route.module).catch((e: unknown) => {
    if (e instanceof ClientOnlySlot) return null;
    throw e;
  });
  return { module: module ?? null, fallback: routeHead(route.title) };
}

/**
 * The paths whose not-found state is rendered ahead: `/404` (any unknown path) and each public page whose module
 * has a not-found state (a detail page: an unknown article).
 */
export async function notFoundPages(): Promise<string[]> {
  const pages = await Promise.all(PUBLIC_ROUTES.map(async (r) => ((await pageModuleFor(r.path)).module?.NotFound ? r.path : null)));
  return ['/404', ...pages.filter((p): p is string => p !== null)];
}

export async function renderPage(req: RenderRequest): Promise<RenderResult> {
  const url = new URL(req.url, 'http://render.invalid');
  const location = url.pathname + url.search;
  const failures: RenderError[] = [];
  let clientOnly = false;

  // The route's data first, by its loaders (the shell's and the page's): the render then reads it from the cache.
  const queryClient = createQueryClient(req.settings);
  const { module, fallback } = await pageModuleFor(url.pathname);
  // A not-found state shows no data of the page: its loader is not run.
  await Promise.all([loadShellData(queryClient), req.notFound ? undefined : module?.loader?.({ queryClient, url })]);

  // The styles of the antd parts the page renders (the /search page's form and paging), collected here and inlined
  // with the others: the HTML paints styled before the app runs, and without JavaScript.
  const antdStyles = createCache();
  const { prelude } = await prerenderToNodeStream(
    <StyleProvider cache={antdStyles}>
      <QueryClientProvider client={queryClient}>
        <NotFoundLocation.Provider value={req.notFound ? location : null}>
          <StaticRouter location={location}>
            <SiteRoutes />
          </StaticRouter>
        </NotFoundLocation.Provider>
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

  // The head is the page module's, from what its loader loaded; the host adds the company and the site's origin.
  const company = toCompany(queryClient.getQueryData<CompanyResponse>(companyQuery().queryKey));
  const pageHead = (module?.head ?? fallback)({ queryClient, url, notFound: req.notFound });
  const head = composeHead(pageHead, { origin: req.siteOrigin, url, company });

  return {
    html,
    data: state,
    errors: [...errors, ...failures],
    clientOnly,
    head: headTags(head, company.title),
    css: [...stylesheets(), extractStyle(antdStyles, { plain: true })].filter(Boolean),
  };
}
