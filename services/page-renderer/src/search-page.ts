/**
 * `/search?text=…&channel=…&page=…` rendered on demand: the host's server build renders the search
 * page (its loader asks the API for the one search the address names) inside the site's shell, into the host's own
 * page template, with the query data the app starts from, so it reads the same without JavaScript and the app adopts
 * it without asking again. The service (service.ts) answers it on its port; the host origin and nginx pass /search
 * there.
 *
 * Bounded: an address longer than MAX_URL_LENGTH is refused (414), a malformed one (an escape that is no UTF-8, a
 * control character, a page the API refuses) is a 400; at most `concurrency` renders run at once and one visitor's
 * address holds at most `perVisitor` of them, so a script looping from one address cannot keep the others out; the
 * same address asked again while its render runs shares that render. A visitor turned away (503 with Retry-After,
 * never a queue that grows) gets the app's own page, which searches through the API. An answer waits at most
 * `timeoutMs` (504; the render keeps its slot until it ends, so a hanging API cannot pile renders up), a failed API
 * call is 502. Each failure is a short Chinese page, never cached.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadHostBuild, type HostServerBuild, type PageModule } from './bundles';
import { envNumber, readRemotes, type RendererConfig } from './config';
import { PAGE_CATCH, documentTemplate, pageDocument, type DocumentTemplate } from './document';
import { SanitizeWindows } from './sanitize-windows';

/** Longer than any address the page makes (a text of 100 characters is 900 when percent-encoded). */
export const MAX_URL_LENGTH = 2048;

/**
 * A search page may be kept a minute by a CDN and half a minute by the browser: the same search asked again
 * within that is answered at once, and a new article appears in searches at most a minute late.
 */
export const SEARCH_CACHE_CONTROL = 'public, max-age=30, s-maxage=60';

export interface SearchSettings {
  /** How long a visitor waits for the page at most (SEARCH_RENDER_TIMEOUT_MS, 8 s). */
  timeoutMs: number;
  /** Renders at once (SEARCH_RENDER_CONCURRENCY, 4): each holds a page's React tree and its API answers. */
  concurrency: number;
  /** Renders at once for one visitor's address (SEARCH_RENDER_PER_VISITOR, default half the renders, at least 1). */
  perVisitor: number;
}

export function searchSettings(env: NodeJS.ProcessEnv = process.env): SearchSettings {
  const positive = (name: string, fallback: number) => envNumber(env, name, fallback, (n) => n > 0);
  const concurrency = Math.floor(positive('SEARCH_RENDER_CONCURRENCY', 4));
  const perVisitor = Math.min(concurrency, Math.floor(positive('SEARCH_RENDER_PER_VISITOR', Math.max(1, Math.floor(concurrency / 2)))));
  return { timeoutMs: positive('SEARCH_RENDER_TIMEOUT_MS', 8000), concurrency, perVisitor };
}

export interface SearchAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

interface LoadedHost {
  stamp: string;
  build: HostServerBuild;
  template: DocumentTemplate;
}

export const failure = (status: number, message: string, headers: Record<string, string> = {}): SearchAnswer => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers },
  // Fixed texts only: nothing of the request is written into the page.
  body: `<!doctype html>
<html lang="zh-CN">
<head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><meta name="robots" content="noindex" /><title>站内搜索</title></head>
<body>
<main style="max-width:640px;margin:64px auto;padding:0 16px;font-family:sans-serif;line-height:1.6">
<h1>站内搜索</h1>
<p role="alert">${message}</p>
<p><a href="/">返回首页</a></p>
</main>
</body>
</html>
`,
});

export const SEARCH_FAILED = '搜索服务暂时不可用，请稍后重试。';
export const SEARCH_TIMED_OUT = '搜索超时，请稍后重试。';
export const SEARCH_BUSY = '搜索的人太多，请稍后重试。';
export const SEARCH_TOO_LONG = '搜索地址过长，请缩短搜索内容后重试。';
export const SEARCH_BAD_REQUEST = '搜索条件无效，请修改搜索内容后重试。';

/** C0 controls and DEL: no search text carries them (a NUL is refused by PostgreSQL itself). */
const hasControl = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * An address no search can come from: a query value whose escapes are no UTF-8 (`%ff`), or one with a control
 * character. Such text would reach the API as replacement characters or a NUL; it is the visitor's error (400).
 */
export function malformedSearch(url: string): boolean {
  const q = url.indexOf('?');
  if (q < 0) return false;
  for (const pair of url.slice(q + 1).split('&')) {
    try {
      if (hasControl(decodeURIComponent(pair.replace(/\+/g, ' ')))) return true;
    } catch {
      return true;
    }
  }
  return false;
}

/**
 * The app's own page for a visitor turned away: the host's index.html as the origin serves it for any app route, so
 * the app starts and searches through the API; without JavaScript the notice says to come back.
 */
export function turnedAway(indexHtml: string | null): SearchAnswer {
  const busy = failure(503, SEARCH_BUSY, { 'retry-after': '2' });
  if (!indexHtml || !indexHtml.includes('</body>')) return busy;
  const notice = `<noscript><p role="alert">${SEARCH_BUSY}</p></noscript>`;
  const withoutOwn = indexHtml.replace(/<noscript>[^]*?<\/noscript>/, '');
  return { ...busy, body: withoutOwn.replace('</body>', `${notice}\n</body>`) };
}

/** The deployed host's index.html, or null (not deployed yet). */
export function hostIndex(hostRoot: string): string | null {
  return readIfExists(path.join(hostRoot, 'index.html'));
}

/** The search page's renders for one service: the host build is loaded on first use and again after a deploy. */
export function searchPages(config: RendererConfig, settings: SearchSettings = searchSettings(), log = console) {
  let host: LoadedHost | null = null;
  let running = 0;
  /** Renders running per visitor's address. */
  const byVisitor = new Map<string, number>();
  /** Renders running per address asked: the same search asked again meanwhile waits for the same answer. */
  const inFlight = new Map<string, Promise<SearchAnswer>>();
  const windows = new SanitizeWindows();

  const hostFiles = [path.join(config.hostRoot, 'index.html'), path.join(config.hostRoot, 'server', 'server.js')];
  /** The deployed host (its page template and server build), loaded again when either file changed. */
  function currentHost(): LoadedHost {
    const stamp = hostFiles.map((f) => statSync(f).mtimeMs).join(':');
    if (host?.stamp === stamp) return host;
    const build = loadHostBuild(config.hostRoot, config.cacheDir);
    const template = documentTemplate(readFileSync(hostFiles[0], 'utf8'), readIfExists(path.join(config.hostRoot, PAGE_CATCH)));
    // The search page reads no remote page: a remote slot, were there one, is left to the browser.
    const noRemotes = (remote: string, module: string): Promise<PageModule> =>
      Promise.reject(new build.ClientOnlySlot(`${remote}/${module}: not rendered with a search`));
    build.beginRenderRun(noRemotes);
    host = { stamp, build, template };
    return host;
  }

  async function render(url: string): Promise<SearchAnswer> {
    const { build, template } = currentHost();
    const result = await build.renderPage({
      url,
      siteOrigin: config.siteOrigin,
      settings: { apiOrigin: config.apiOrigin, sanitizeWindow: windows.current() },
    });
    // The API refused what the address asks (a page past the last the API serves, a text it will not take): the
    // visitor's error, not the service's.
    if (result.errors.length && result.errors.every((e) => e.code !== undefined && e.code >= 400 && e.code < 500))
      return failure(400, SEARCH_BAD_REQUEST);
    if (result.errors.length) {
      log.error(
        `[renderer] ${JSON.stringify(url.slice(0, 200))}: ${result.errors
          .map((e) => e.message)
          .join('; ')
          .slice(0, 500)}`,
      );
      return failure(502, SEARCH_FAILED);
    }
    const body = pageDocument(template, {
      location: url,
      html: result.html,
      // A search's results are no page of their own for a search engine.
      head: `${result.head}\n    <meta name="robots" content="noindex" />`,
      css: result.css,
      data: result.data,
      remotes: readRemotes(config),
      versions: {},
      preload: { manifests: [], scripts: [] },
    });
    return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': SEARCH_CACHE_CONTROL }, body };
  }

  /**
   * The answer to `GET <url>` (`url`: path and query as the visitor's browser sent them, starting with /search) for
   * the visitor at `visitor` (their address, as the front door saw it).
   */
  async function answer(url: string, visitor = ''): Promise<SearchAnswer> {
    if (url.length > MAX_URL_LENGTH) return failure(414, SEARCH_TOO_LONG);
    if (malformedSearch(url)) return failure(400, SEARCH_BAD_REQUEST);
    const shared = inFlight.get(url);
    if (shared) return shared;
    const mine = byVisitor.get(visitor) ?? 0;
    if (running >= settings.concurrency || mine >= settings.perVisitor) return turnedAway(hostIndex(config.hostRoot));
    running++;
    byVisitor.set(visitor, mine + 1);
    const rendering = render(url)
      .catch((e: unknown) => {
        log.error(`[renderer] ${JSON.stringify(url.slice(0, 200))} not rendered: ${String((e as Error)?.stack ?? e).slice(0, 500)}`);
        return failure(502, SEARCH_FAILED);
      })
      .then((done) => {
        running--;
        const left = (byVisitor.get(visitor) ?? 1) - 1;
        if (left > 0) byVisitor.set(visitor, left);
        else byVisitor.delete(visitor);
        return done;
      });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<SearchAnswer>((resolve) => {
      timer = setTimeout(() => resolve(failure(504, SEARCH_TIMED_OUT)), settings.timeoutMs);
    });
    const answered = Promise.race([rendering, late]).finally(() => clearTimeout(timer));
    inFlight.set(url, answered);
    // Whoever shares it gets the same answer, the 504 included; the render itself keeps its slot until it ends.
    void answered.then(() => {
      if (inFlight.get(url) === answered) inFlight.delete(url);
    });
    return answered;
  }

  /**
   * Loads the host build and renders the empty search page once, so the first visitor's search does not pay for
   * loading the build and the first render's compilation (seconds on a busy machine, past the timeout).
   */
  async function warm(): Promise<void> {
    const done = await answer('/search');
    if (done.status !== 200) log.error(`[renderer] the search page could not be prepared (${done.status}); the first search will try again`);
  }

  return { answer, warm, running: () => running };
}

function readIfExists(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}
