/**
 * The renderer's output folder, plain files any static host or CDN can serve:
 *   pages/<path>.html, pages/<path>/<param>-<n>.html   one file per rendered URL (with .br and .gz beside it)
 *   index.json                                      what was rendered from what, and the app's routes (the host
 *                                                   origin answers 404 for a path outside them)
 *   sitemap.xml, robots.txt                         past 50,000 URLs sitemap.xml is an index of sitemap-1.xml, ...
 * Every write goes to a temporary file first and is renamed: a reader never sees half a page.
 *
 * With the local storage driver (the default) this folder is what the host origin and nginx serve. With a shared
 * storage (`STORAGE_DRIVER=s3`) it is the renderer's working copy: `publishOutput()` puts what a run wrote into the
 * storage under RENDERED_PREFIX and deletes the pages the index no longer names, `pullIndex()` brings the index the
 * last holder published before a run (the run keeps, re-renders and removes pages from it).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isMainThread, workerData } from 'node:worker_threads';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { SITE_TIME_ZONE } from '@site/contract';
import type { ObjectStorage } from '@site/object-storage';

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
  /** The URL this page is the same page as (RenderRoute.canonical): not in the sitemap. */
  canonical?: string;
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
  /**
   * Path -> the file of its not-found page, served with status 404: `/404` for any unknown path, a
   * detail path's for an unknown article there (the origin and nginx fall back to `/404`'s, then to the app).
   */
  notFound?: Record<string, string>;
}

/**
 * Which file a URL's page is written to, and its not-found page's: the one rule the Node origin looks pages up by
 * and the nginx maps are generated from (@site/page-files; services/origin-server/deploy/page-files.conf).
 */
export { fileFor, notFoundFileFor } from '@site/page-files';

/**
 * The write fence of a render run under the render lease: until when (ms since the epoch, this machine's clock) the
 * lease this run renders under is surely still held, kept current by the service as it renews (worker.ts), and shared
 * with the run's render threads (pool.ts passes the same memory), which write pages themselves. Every file write and
 * removal checks it first: a run whose lease ran out (its service starved, hung or cut off from the API) writes
 * nothing more, even before the service has stopped it. Null: no lease (a run started by hand, a renderer without a
 * feed, the service's own copies).
 */
let fence: BigInt64Array | null = null;

/** The thrown error of a write the fence refused: the run stops, another renderer may hold the lease now. */
export class LeaseLost extends Error {}

/** Fences this thread's writes with `buffer` (one 64-bit deadline; a new one: every write refused until it is set). */
export function fenceWrites(buffer: SharedArrayBuffer): BigInt64Array {
  fence = new BigInt64Array(buffer);
  return fence;
}

/** The fence memory of this thread, for the render threads it starts (null: its writes are not fenced). */
export function writeFenceBuffer(): SharedArrayBuffer | null {
  return fence ? (fence.buffer as SharedArrayBuffer) : null;
}

/** Moves the fence's deadline (the service renewed the lease, or lost it: 0). */
export function setFenceDeadline(memory: BigInt64Array, untilMs: number): void {
  Atomics.store(memory, 0, BigInt(Math.max(0, Math.floor(untilMs))));
}

/** Throws LeaseLost once the fence's deadline has passed. */
export function assertMayWrite(): void {
  if (fence && Date.now() >= Number(Atomics.load(fence, 0))) {
    throw new LeaseLost('the render lease ran out: this run writes no more files (another renderer may hold it now)');
  }
}

// A render thread of a fenced run (pool.ts): the run's fence.
if (!isMainThread && (workerData as { fence?: unknown } | null)?.fence instanceof SharedArrayBuffer) {
  fenceWrites((workerData as { fence: SharedArrayBuffer }).fence);
}

export function writeAtomic(file: string, content: string | Buffer): void {
  assertMayWrite();
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, content);
  // Again just before the file appears: compressing and writing a large page takes a while on a starved machine.
  try {
    assertMayWrite();
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
  renameSync(tmp, file);
}

/**
 * Brotli's quality for the pages' .br: 6, not 9. Measured on 97 pages of the 10,000-article site (74 KB each on
 * average): quality 9 took 3 to 14 times as long as 6 and was most of a page's render time, for files 3 %
 * smaller (14.5 KB against 14.9 KB); quality 11 would be 13.3 KB at 4 times quality 9's time.
 */
export const PAGE_BROTLI_QUALITY = 6;

/**
 * A page's precompressed copies, beside it in the folder and in the storage: the name's suffix and its coding
 * (`Content-Encoding`), in the order they are written, before the page itself.
 */
export const PAGE_CODINGS: readonly (readonly ['.br' | '.gz', 'br' | 'gzip'])[] = [
  ['.br', 'br'],
  ['.gz', 'gzip'],
];

/** A page's bytes as brotli (quality PAGE_BROTLI_QUALITY) and gzip (level 9). */
export function compressPage(body: Buffer): Record<'.br' | '.gz', Buffer> {
  return {
    '.br': brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    '.gz': gzipSync(body, { level: 9 }),
  };
}

/**
 * The page and its precompressed siblings (the static server sends .br or .gz to a browser that takes them). A page
 * whose file already holds these bytes is left as it is (an article edit re-renders every news page, and most come
 * out the same): its modified time, and so what publishOutput uploads and what a cache revalidates, stays. Written
 * in the order .br, .gz, page: siblings newer than the page are a write that was cut short, and all three are
 * written again. Returns whether it wrote.
 */
export function writePage(outDir: string, rel: string, html: string): boolean {
  const file = path.join(outDir, rel);
  const body = Buffer.from(html);
  if (samePage(file, body)) return false;
  const copies = compressPage(body);
  for (const [suffix] of PAGE_CODINGS) writeAtomic(`${file}${suffix}`, copies[suffix]);
  writeAtomic(file, body);
  return true;
}

function samePage(file: string, body: Buffer): boolean {
  try {
    const page = statSync(file);
    if (page.size !== body.length) return false;
    if (![`${file}.br`, `${file}.gz`].every((sibling) => statSync(sibling).mtimeMs <= page.mtimeMs)) return false;
    return readFileSync(file).equals(body);
  } catch {
    return false;
  }
}

export function removePage(outDir: string, rel: string): void {
  assertMayWrite();
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

/** The sitemap protocol's limits for one file: 50,000 URLs and 50 MB (uncompressed). */
export interface SitemapLimits {
  urls: number;
  bytes: number;
}
export const SITEMAP_LIMITS: Readonly<SitemapLimits> = { urls: 50_000, bytes: 50 * 1024 * 1024 };

const URLSET_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const URLSET_TAIL = '\n</urlset>\n';

/** The sitemap's `<url>` lines: every rendered page, list pages first; detail pages with their last change. */
function sitemapLines(siteOrigin: string, index: RenderIndex): string[] {
  return Object.entries(index.pages)
    .filter(([, e]) => !e.canonical)
    .sort(([a], [b]) => Number(a.includes('?')) - Number(b.includes('?')) || a.localeCompare(b))
    .map(([url, e]) => {
      const day = siteDay(e.lastModified);
      const lastmod = day ? `<lastmod>${day}</lastmod>` : '';
      return `  <url><loc>${xml(siteOrigin + url)}</loc>${lastmod}</url>`;
    });
}

/** Every rendered page, list pages first; detail pages with their last change; not a page another one stands for. */
export function sitemap(siteOrigin: string, index: RenderIndex): string {
  return `${URLSET_HEAD}${sitemapLines(siteOrigin, index).join('\n')}${URLSET_TAIL}`;
}

/** A sitemap file beyond the index: `sitemap-1.xml`, `sitemap-2.xml`, ... */
export const SITEMAP_PART = /^sitemap-[1-9][0-9]*\.xml$/;

/**
 * The sitemap's files (name -> content): `sitemap.xml` alone while it keeps within the protocol's limits; past them
 * `sitemap.xml` is a sitemap index naming `sitemap-1.xml`, `sitemap-2.xml`, ..., each within both limits, in the
 * order of the single file (list pages first). robots.txt names `sitemap.xml` either way.
 */
export function sitemapFiles(siteOrigin: string, index: RenderIndex, limits: SitemapLimits = SITEMAP_LIMITS): Record<string, string> {
  const lines = sitemapLines(siteOrigin, index);
  const room = limits.bytes - Buffer.byteLength(URLSET_HEAD + URLSET_TAIL);
  const parts: string[][] = [[]];
  let bytes = 0;
  for (const line of lines) {
    const size = Buffer.byteLength(line) + 1;
    let part = parts[parts.length - 1];
    if (part.length && (part.length >= limits.urls || bytes + size > room)) parts.push((part = []));
    if (part.length === 0) bytes = 0;
    part.push(line);
    bytes += size;
  }
  if (parts.length === 1) return { 'sitemap.xml': `${URLSET_HEAD}${lines.join('\n')}${URLSET_TAIL}` };
  const files: Record<string, string> = {};
  const named = parts.map((part, i) => {
    const name = `sitemap-${i + 1}.xml`;
    files[name] = `${URLSET_HEAD}${part.join('\n')}${URLSET_TAIL}`;
    return `  <sitemap><loc>${xml(`${siteOrigin}/${name}`)}</loc></sitemap>`;
  });
  files['sitemap.xml'] =
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${named.join('\n')}\n</sitemapindex>\n`;
  return files;
}

/**
 * Writes the sitemap's files (the parts before the index that names them) and removes the parts a bigger sitemap
 * left that this one no longer has. Answers how many files the sitemap is.
 */
export function writeSitemaps(outDir: string, siteOrigin: string, index: RenderIndex, limits: SitemapLimits = SITEMAP_LIMITS): number {
  const files = sitemapFiles(siteOrigin, index, limits);
  const names = Object.keys(files);
  for (const name of names.filter((n) => n !== 'sitemap.xml')) writeAtomic(path.join(outDir, name), files[name]);
  writeAtomic(path.join(outDir, 'sitemap.xml'), files['sitemap.xml']);
  for (const name of sitemapParts(outDir)) if (!(name in files)) rmSync(path.join(outDir, name), { force: true });
  return names.length;
}

/** The sitemap parts in the output folder. */
export function sitemapParts(outDir: string): string[] {
  if (!existsSync(outDir)) return [];
  return readdirSync(outDir)
    .filter((f) => SITEMAP_PART.test(f))
    .sort((a, b) => Number(a.slice(8, -4)) - Number(b.slice(8, -4)));
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

/** A shared storage for the output, and the key prefix its files go under (`site/rendered/`). */
export interface OutputStore {
  storage: ObjectStorage;
  prefix: string;
}

/** What the output's files are served as: the storage keeps the type given to put (a folder answers by extension). */
const OUTPUT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The last published index into the working folder, before a run: the renderer that held the lease before (on
 * another machine, or this one before a standby's turn) may have published pages this folder has never seen, and the
 * run decides from the index which pages it keeps and which it removes. Answers whether there was one.
 */
export async function pullIndex(outDir: string, store: OutputStore): Promise<boolean> {
  const stored = await store.storage.get(`${store.prefix}index.json`);
  if (!stored) return false;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(chunk as Buffer);
  writeAtomic(path.join(outDir, 'index.json'), Buffer.concat(chunks));
  return true;
}

export interface PublishReport {
  put: string[];
  deleted: string[];
}

/**
 * Puts the run's files into the storage: the pages the working folder holds that changed since this process last
 * put them (`published`: file -> size and mtime, kept by the caller between runs), each as its `.br` and `.gz`
 * (stored with the page's type and their `Content-Encoding`, which nginx passes on as they are) and then the page
 * itself; then the sitemap (its parts, then sitemap.xml) and robots.txt, then index.json (and the sitemap parts no
 * longer named are deleted), so the index never names a page the storage has not got yet; last, the stored pages the
 * index no longer names are deleted, each page's copies before the page (an article withdrawn: its URL answers 404
 * again). A page the index names but this folder has not (its render failed here, the last good file is in the
 * storage) stays as it is, its copies too.
 *
 * Why the copies go first: nginx answers a visitor who takes brotli from the `.br` key and one who takes nothing from
 * the page's key. Put before the page, a copy is never older than the page beside it: while a changed page is being
 * put, a brotli visitor may get the new page a moment before a plain one does, never the old one after it. A publish
 * cut short between them (the lease lost) leaves copies newer than the page, and the page is not recorded as
 * published: this process's next publish puts all three, and the next holder renders the change (not acknowledged)
 * again and puts its page the same way. Deleting the copies first keeps the same order the other way: a withdrawn
 * page's `.br` is never served once its page is gone.
 *
 * `signal` (the render lease lost) stops it before the next write: another renderer may be publishing by then; so
 * does `mayWrite` throwing (the service's own look at the lease's deadline, which needs no timer of its to have run).
 */
export async function publishOutput(
  outDir: string,
  store: OutputStore,
  published: Map<string, string>,
  signal?: AbortSignal,
  mayWrite: () => void = () => undefined,
): Promise<PublishReport> {
  const index = readIndex(outDir);
  if (!index) throw new Error(`[renderer] nothing to publish: no index.json in ${outDir}`);
  const report: PublishReport = { put: [], deleted: [] };
  /** The file of `rel` when it is there and not as last published (by size and time), else null. */
  const unpublished = (rel: string) => {
    const file = path.join(outDir, rel);
    let stat;
    try {
      stat = statSync(file);
    } catch {
      return null;
    }
    const seen = `${stat.size}:${stat.mtimeMs}`;
    return published.get(rel) === seen ? null : { file, stat, seen };
  };
  const put = async (rel: string) => {
    const changed = unpublished(rel);
    if (!changed) return;
    const { file, seen } = changed;
    signal?.throwIfAborted();
    mayWrite();
    await store.storage.put(`${store.prefix}${rel}`, readFileSync(file), { contentType: OUTPUT_TYPES[path.extname(rel)] });
    published.set(rel, seen);
    report.put.push(rel);
  };
  const putPage = async (rel: string) => {
    const changed = unpublished(rel);
    if (!changed) return;
    const { file, stat, seen } = changed;
    const body = readFileSync(file);
    const copies = pageCopies(file, body, stat.mtimeMs);
    signal?.throwIfAborted();
    mayWrite();
    // The two copies at once (the page waits for both): a changed page costs one put's time more, not two.
    await Promise.all(
      PAGE_CODINGS.map(([suffix, coding]) =>
        store.storage.put(`${store.prefix}${rel}${suffix}`, copies[suffix], { contentType: OUTPUT_TYPES['.html'], contentEncoding: coding }),
      ),
    );
    report.put.push(...PAGE_CODINGS.map(([suffix]) => `${rel}${suffix}`));
    signal?.throwIfAborted();
    mayWrite();
    await store.storage.put(`${store.prefix}${rel}`, body, { contentType: OUTPUT_TYPES['.html'] });
    published.set(rel, seen);
    report.put.push(rel);
  };
  for (const rel of pageFiles(outDir)) await putPage(rel);
  // The sitemap's parts before the index (sitemap.xml) that names them.
  const parts = sitemapParts(outDir);
  for (const rel of [...parts, 'sitemap.xml', 'robots.txt', 'index.json']) await put(rel);
  // Parts of a bigger sitemap before: sitemap.xml no longer names them.
  for (const { key } of await store.storage.list(`${store.prefix}sitemap-`)) {
    const rel = key.slice(store.prefix.length);
    if (!SITEMAP_PART.test(rel) || parts.includes(rel)) continue;
    signal?.throwIfAborted();
    mayWrite();
    await store.storage.delete(key);
    published.delete(rel);
    report.deleted.push(rel);
  }

  const named = new Set([...Object.values(index.pages).map((e) => e.file), ...Object.values(index.notFound ?? {})]);
  const stored = (await store.storage.list(`${store.prefix}pages/`)).map(({ key }) => key.slice(store.prefix.length));
  for (const rel of copiesFirst(stored.filter((r) => !named.has(pageOfKey(r))))) {
    signal?.throwIfAborted();
    mayWrite();
    await store.storage.delete(`${store.prefix}${rel}`);
    published.delete(rel);
    report.deleted.push(rel);
  }
  return report;
}

/** The page a stored key belongs to: `pages/a.html.br` -> `pages/a.html`; a page's own key is itself. */
export function pageOfKey(rel: string): string {
  const copy = PAGE_CODINGS.find(([suffix]) => rel.endsWith(`.html${suffix}`));
  return copy ? rel.slice(0, -copy[0].length) : rel;
}

/** Keys to delete, each page's `.br`/`.gz` before the page (publishOutput says why), else in key order. */
export function copiesFirst(rels: readonly string[]): string[] {
  return [...rels].sort((a, b) => {
    const [pa, pb] = [pageOfKey(a), pageOfKey(b)];
    if (pa !== pb) return pa < pb ? -1 : 1;
    return Number(a === pa) - Number(b === pb) || (a < b ? -1 : a > b ? 1 : 0);
  });
}

/**
 * The page's .br and .gz as the folder has them (writePage wrote them just before the page, so they are not newer
 * than it), else made from the page now: a sibling missing, or newer than the page (a write cut short), is never put
 * beside bytes it was not made from.
 */
function pageCopies(file: string, body: Buffer, pageMtimeMs: number): Record<'.br' | '.gz', Buffer> {
  try {
    const copies = {} as Record<'.br' | '.gz', Buffer>;
    for (const [suffix] of PAGE_CODINGS) {
      if (statSync(`${file}${suffix}`).mtimeMs > pageMtimeMs) throw new Error('newer than its page');
      copies[suffix] = readFileSync(`${file}${suffix}`);
    }
    return copies;
  } catch {
    return compressPage(body);
  }
}

/** The working folder's pages (`pages/…/x.html`), without their compressed siblings and temporary files. */
function pageFiles(outDir: string): string[] {
  const root = path.join(outDir, 'pages');
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true }) as string[])
    .map((f) => `pages/${f.split(path.sep).join('/')}`)
    .filter((rel) => rel.endsWith('.html'))
    .sort();
}
