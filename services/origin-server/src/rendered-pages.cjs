/**
 * The host origin's view of the page renderer's output (services/page-renderer/src/output.ts): which file answers a URL, and
 * which URLs are unknown (a real 404). The index is re-read when the renderer rewrites it.
 *
 *   lookup('/newsDetail?id=3') -> { file: 'pages/newsDetail/id-3.html', status: 200 }  a rendered page
 *   lookup('/product?categoryId=21') -> { file: 'pages/product/categoryId-21.html', status: 200 }
 *   lookup('/no/such') -> { file: 'pages/404.html', status: 404 }                     unknown path: the 404 page
 *   lookup('/newsDetail?id=999') -> { file: 'pages/newsDetail/not-found.html', status: 404 }  unknown article
 *                                 { file: null, status: 404 }                         the same, not rendered (yet)
 *                                 { file: null, status: 200 }                         the app renders it
 *
 * `renderedPages(dir)` reads the renderer's folder (the local storage driver, the default); `storedPages(storage,
 * prefix)` the output the renderer published to a shared storage (`STORAGE_DRIVER=s3`, under `site/rendered/`). Both
 * answer by the same rule (`decide`).
 */
const fs = require('fs');
const path = require('path');
const { Negotiator } = require('@fastify/accept-negotiator');
const { pageKey } = require('@site/page-files');
const { storedFile } = require('@site/releases');

const TYPES = { '.html': 'text/html; charset=utf-8', '.xml': 'application/xml; charset=utf-8', '.txt': 'text/plain; charset=utf-8' };
const SUFFIX = { br: '.br', gzip: '.gz' };
const encodings = new Negotiator({ supportedValues: ['br', 'gzip'] });

/**
 * One of the renderer's files, opened before anything about it is read: its size, dates and bytes all come through
 * that one handle. The renderer replaces a page by renaming a new file over it and removes a withdrawn one while
 * requests are being answered; a stat of the name and a later open of it could meet two different files (a length
 * that does not match the bytes) or none. The precompressed sibling the visitor takes (.br, .gz) when there is one.
 * Null when the file is not there (any more).
 */
async function openOutputFile(dir, rel, acceptEncoding) {
  const preferred = acceptEncoding ? encodings.negotiate(String(acceptEncoding)) : null;
  for (const encoding of preferred ? [preferred, null] : [null]) {
    let handle;
    try {
      handle = await fs.promises.open(path.join(dir, encoding ? `${rel}${SUFFIX[encoding]}` : rel), 'r');
    } catch (err) {
      if (err.code === 'ENOENT' || err.code === 'ENOTDIR' || err.code === 'EISDIR') continue;
      throw err;
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        continue;
      }
      const tag = `${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}`;
      const info = { etag: `W/"${tag}"`, lastModified: stat.mtime, size: stat.size, contentType: TYPES[path.extname(rel)] };
      return { info, body: handle.createReadStream(), encoding, negotiated: true };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }
  return null;
}

/** The route patterns of the app, matched as the router does (case-insensitive, `/x/*` also matching `/x`). */
function known(idx, pathname) {
  const p = (pathname.replace(/\/+$/, '') || '/').toLowerCase();
  return idx.clientRoutes.some((r) => {
    const pattern = r.toLowerCase();
    if (!pattern.endsWith('/*')) return p === pattern;
    const base = pattern.slice(0, -2);
    return p === base || p.startsWith(`${base}/`);
  });
}

/** The rule, for an index and whether a file it names is there. */
function decide(idx, url, hasFile) {
  if (!idx) return { file: null, status: 200 };
  const u = new URL(url, 'http://x');
  const params = [...u.searchParams.keys()];
  // The key the renderer's index names the page by (the renderer writes by the same rule, @site/page-files).
  const key = pageKey(url);
  const entry = key ? idx.pages[key] : undefined;
  if (entry && hasFile(entry.file)) return { file: entry.file, status: 200 };
  // The rendered not-found page: it carries its not-found state, so the app shows it without asking
  // the API again. Without one (not rendered yet), the app with the status, as before.
  const notFound = (file) => ({ file: file && hasFile(file) ? file : null, status: 404 });
  if (!known(idx, u.pathname)) return notFound(idx.notFound?.['/404']);
  // A detail page of an id that is not published: its page's not-found state (内容不存在), with the status to match.
  if (idx.detailPaths.includes(u.pathname) && params.length === 1 && params[0] === 'id' && !idx.urls.includes(key))
    return notFound(idx.notFound?.[u.pathname]);
  return { file: null, status: 200 };
}

function renderedPages(dir) {
  const indexFile = path.join(dir, 'index.json');
  let cached = { mtimeMs: -1, index: null };
  function index() {
    let stat;
    try {
      stat = fs.statSync(indexFile);
    } catch {
      return null;
    }
    if (stat.mtimeMs !== cached.mtimeMs) {
      try {
        cached = { mtimeMs: stat.mtimeMs, index: JSON.parse(fs.readFileSync(indexFile, 'utf8')) };
      } catch {
        return cached.index; // being replaced: the previous one stands
      }
    }
    return cached.index;
  }

  function lookup(url) {
    return decide(index(), url, (file) => fs.existsSync(path.join(dir, file)));
  }

  /** `lookup`, with the page's file opened (`stored`, as storedPages answers); one withdrawn meanwhile is missing. */
  async function lookupOpen(url, acceptEncoding) {
    const idx = index();
    const found = decide(idx, url, (file) => fs.existsSync(path.join(dir, file)));
    if (!found.file) return found;
    const stored = await openOutputFile(dir, found.file, acceptEncoding);
    return stored ? { ...found, stored } : decide(idx, url, () => false);
  }

  /** One of the output's own files (`sitemap.xml`, `robots.txt`), opened, or null. */
  const open = (file, acceptEncoding) => openOutputFile(dir, file, acceptEncoding);

  return { lookup, lookupOpen, open, dir };
}

/**
 * The published output in a shared storage. The index is checked again at most every `refreshMs` (1 s): a page the
 * renderer has just published shows once the index naming it is read. `lookup` answers the page's stored object with
 * the file (`stored`: info and body; its `.br`/`.gz` copy when the visitor takes one, with `encoding`), so a file the index names but the storage has not (being replaced, deleted)
 * answers as a missing file does in a folder.
 */
function storedPages(storage, prefix, { refreshMs = 1000 } = {}) {
  const index = storedFile(storage, `${prefix}index.json`, { parse: (b) => JSON.parse(b.toString('utf8')), refreshMs });

  async function lookup(url, acceptEncoding) {
    const idx = await index.current();
    const found = decide(idx, url, () => true);
    if (!found.file) return found;
    const stored = await openStoredPage(found.file, acceptEncoding);
    if (stored) return { ...found, stored };
    return decide(idx, url, () => false);
  }

  /**
   * A page's object: the `.br` or `.gz` the renderer put beside it when the visitor takes one (page-renderer output.ts
   * publishOutput), else the page's own (a page published before the copies were). Either way the answer varies by
   * Accept-Encoding.
   */
  async function openStoredPage(file, acceptEncoding) {
    const preferred = acceptEncoding && path.extname(file) === '.html' ? encodings.negotiate(String(acceptEncoding)) : null;
    if (preferred) {
      const copy = await storage.get(`${prefix}${file}${SUFFIX[preferred]}`);
      if (copy) return { ...copy, encoding: preferred, negotiated: true };
    }
    const page = await storage.get(`${prefix}${file}`);
    return page && { ...page, negotiated: true };
  }

  /** One of the output's own files (`sitemap.xml`, `robots.txt`), or null. */
  const open = (file) => storage.get(`${prefix}${file}`);

  return { lookup, open, storage, prefix };
}

module.exports = { renderedPages, storedPages, decide };
