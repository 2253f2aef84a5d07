/**
 * The renderer's output folder, plain files any static host or CDN can serve:
 *   pages/<path>.html, pages/<path>/id-<id>.html   one file per rendered URL (with .br and .gz beside it)
 *   index.json                                      what was rendered from what, and the app's routes (the host
 *                                                   origin answers 404 for a path outside them)
 *   sitemap.xml, robots.txt
 * Every write goes to a temporary file first and is renamed: a reader never sees half a page.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { SITE_TIME_ZONE } from '@site/contract';

export interface RenderedEntry {
  file: string;
  remote: string;
  /** The remote versions the file was rendered with. */
  versions: Record<string, string>;
  renderedAt: string;
  lastModified?: string;
  /** What the page shows (a content change re-renders it). */
  channels?: readonly number[];
  articleId?: number;
  blocks?: readonly number[];
  /** The page's remote slot is rendered by the browser (no usable server build). */
  clientOnly?: boolean;
}

export interface RenderIndex {
  generatedAt: string;
  /** In-site URL -> its file. */
  pages: Record<string, RenderedEntry>;
  /** Route patterns the browser app answers (`/x/*` included); anything else is a 404. */
  clientRoutes: string[];
  /** Public paths that take `?id=`: an id not in `urls` there is an unknown article (404). */
  detailPaths: string[];
  /** Every URL the remotes render now, rendered or not (a page whose render failed is still a page). */
  urls: string[];
}

/** `/` -> pages/index.html, `/news` -> pages/news.html, `/newsDetail?id=3` -> pages/newsDetail/id-3.html */
export function fileFor(url: string): string {
  const u = new URL(url, 'http://x');
  const base = u.pathname === '/' ? 'index' : u.pathname.replace(/^\/+/, '').replace(/[^A-Za-z0-9/_-]/g, '_');
  const id = u.searchParams.get('id');
  return id !== null ? `pages/${base}/id-${id.replace(/[^0-9]/g, '')}.html` : `pages/${base}.html`;
}

export function writeAtomic(file: string, content: string | Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, content);
  renameSync(tmp, file);
}

/** The page and its precompressed siblings (the static server sends .br or .gz to a browser that takes them). */
export function writePage(outDir: string, rel: string, html: string): void {
  const file = path.join(outDir, rel);
  const body = Buffer.from(html);
  writeAtomic(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }));
  writeAtomic(`${file}.gz`, gzipSync(body, { level: 9 }));
  writeAtomic(file, body);
}

export function removePage(outDir: string, rel: string): void {
  for (const f of [rel, `${rel}.br`, `${rel}.gz`]) rmSync(path.join(outDir, f), { force: true });
}

export function readIndex(outDir: string): RenderIndex | null {
  const file = path.join(outDir, 'index.json');
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as RenderIndex;
  } catch {
    return null;
  }
}

export function writeIndex(outDir: string, index: RenderIndex): void {
  writeAtomic(path.join(outDir, 'index.json'), JSON.stringify(index, null, 1));
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const SITE_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The day of a publish date as the site shows it (SITE_TIME_ZONE): a wall time without a zone is that day already;
 * an unreadable date gives none (the page is listed without lastmod).
 */
export function siteDay(value: string | undefined): string | null {
  if (!value) return null;
  if (/^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/.test(value)) return value.slice(0, 10);
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : SITE_DAY.format(d);
}

/** Every rendered page, list pages first; detail pages with their last change. */
export function sitemap(siteOrigin: string, index: RenderIndex): string {
  const urls = Object.entries(index.pages)
    .sort(([a], [b]) => Number(a.includes('?')) - Number(b.includes('?')) || a.localeCompare(b))
    .map(([url, e]) => {
      const day = siteDay(e.lastModified);
      const lastmod = day ? `<lastmod>${day}</lastmod>` : '';
      return `  <url><loc>${xml(siteOrigin + url)}</loc>${lastmod}</url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Crawlers read the public pages; the account and admin pages are for people signed in. */
export function robots(siteOrigin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /index',
    'Disallow: /account/',
    'Disallow: /admin/',
    'Disallow: /user/',
    'Disallow: /toLogin',
    'Disallow: /wxauth',
    'Disallow: /clearAll',
    'Disallow: /test',
    '',
    `Sitemap: ${siteOrigin}/sitemap.xml`,
    '',
  ].join('\n');
}
