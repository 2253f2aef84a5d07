/**
 * The output folder's names and files (issue 17): fileFor() (URL -> file under pages/), sitemap.xml and robots.txt,
 * and the page writes (the page with its .br and .gz, the index round trip).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { fileFor, readIndex, removePage, robots, sitemap, writeIndex, writePage, type RenderIndex, type RenderedEntry } from '../src/output';

// As the worker does (worker.ts): dates are the site's, whatever the machine's zone.
process.env.TZ = 'Asia/Shanghai';

const ORIGIN = 'https://www.example.cn';

const entry = (url: string, over: Partial<RenderedEntry> = {}): RenderedEntry => ({
  file: fileFor(url),
  remote: 'remote_content',
  versions: { remote_content: '1.0.0' },
  renderedAt: '2025-03-01T00:00:00.000Z',
  ...over,
});

function indexOf(pages: Record<string, RenderedEntry>): RenderIndex {
  return {
    generatedAt: '2025-03-01T00:00:00.000Z',
    pages,
    clientRoutes: ['/', '/news', '/newsDetail'],
    detailPaths: ['/newsDetail'],
    urls: Object.keys(pages),
  };
}

test('[ISSUE-17][ISSUE-25] fileFor: /, a list page, a detail page, a product category, a nested path', () => {
  assert.equal(fileFor('/'), 'pages/index.html');
  assert.equal(fileFor('/news'), 'pages/news.html');
  assert.equal(fileFor('/newsDetail?id=3'), 'pages/newsDetail/id-3.html');
  assert.equal(fileFor('/product?categoryId=21'), 'pages/product/categoryId-21.html');
  // Only what the origin and nginx map back: one numeric parameter.
  assert.throws(() => fileFor('/news?page=2&x=1'), /not a URL the renderer writes/);
  assert.throws(() => fileFor('/newsDetail?id=3a'), /not a URL the renderer writes/);
  assert.equal(fileFor('/document?id=21'), 'pages/document/id-21.html');
  assert.equal(fileFor('/user/login'), 'pages/user/login.html');
  // Any one numeric parameter names its own file (the renderer writes only the URLs the remotes list).
  assert.equal(fileFor('/news?page=2'), 'pages/news/page-2.html');
});

test('[ISSUE-17] fileFor: hostile paths stay inside pages/ as plain names; a hostile parameter names no file', () => {
  const hostileParams = [
    '/newsDetail?id=../../etc/passwd',
    '/newsDetail?id=..%2F..%2Fx',
    '/newsDetail?id=%00',
    '/newsDetail?id=<script>',
    '/newsDetail?id=1/../../x',
    '/newsDetail?id=',
    '/newsDetail?id=3%0Aevil',
    '/newsDetail?..%2F=3',
  ];
  for (const url of hostileParams) assert.throws(() => fileFor(url), /not a URL the renderer writes/, url);
  const hostilePaths = ['/../../etc/passwd', '/%2e%2e/%2e%2e/secret', '/..%2f..%2fsecret', '//evil.example/x', '/a b/ü?id=7', '/news\\..\\..\\x'];
  const root = path.resolve('/out');
  for (const url of hostilePaths) {
    const rel = fileFor(url);
    assert.match(rel, /^pages\/[A-Za-z0-9/_-]+(\/id-[0-9]+)?\.html$/, `${url} -> ${rel}`);
    assert.ok(!rel.split('/').some((seg) => seg === '..' || seg === '.' || seg === ''), `${url} -> ${rel}`);
    assert.ok(path.resolve(root, rel).startsWith(path.join(root, 'pages') + path.sep), `${url} -> ${rel}`);
  }
});

test('[ISSUE-17] sitemap: list pages before detail pages, absolute URLs, XML-escaped, a date as lastmod', () => {
  const xml = sitemap(
    ORIGIN,
    indexOf({
      '/newsDetail?id=9': entry('/newsDetail?id=9', { lastModified: '2025-02-03 15:20:00' }),
      '/news': entry('/news'),
      '/document?id=2&x=<y>': entry('/document?id=2', { lastModified: '2025-01-15T10:00:00.000Z' }),
      '/': entry('/'),
      '/about': entry('/about'),
    }),
  );
  assert.ok(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'));
  assert.ok(xml.trimEnd().endsWith('</urlset>'));
  const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
  assert.deepEqual(locs, [`${ORIGIN}/`, `${ORIGIN}/about`, `${ORIGIN}/news`, `${ORIGIN}/document?id=2&amp;x=&lt;y&gt;`, `${ORIGIN}/newsDetail?id=9`]);
  for (const loc of locs) assert.ok(!/[>"]|&(?!amp;|lt;|gt;|quot;)/.test(loc), `nothing unescaped in ${loc}`);
  assert.match(xml, /<loc>https:\/\/www\.example\.cn\/newsDetail\?id=9<\/loc><lastmod>2025-02-03<\/lastmod>/);
  assert.match(xml, /id=2&amp;x=&lt;y&gt;<\/loc><lastmod>2025-01-15<\/lastmod>/);
  assert.match(xml, /<loc>https:\/\/www\.example\.cn\/news<\/loc><\/url>/, 'no lastmod without lastModified');
});

test('[issue 36.6] sitemap: a page rendered at a second address (canonical elsewhere) is not listed; its canonical page is', () => {
  const xml = sitemap(
    ORIGIN,
    indexOf({
      '/productDetail?id=101': entry('/productDetail?id=101'),
      '/product?id=101': entry('/product?id=101', { canonical: '/productDetail?id=101' }),
      '/product': entry('/product'),
    }),
  );
  const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
  assert.deepEqual(locs, [`${ORIGIN}/product`, `${ORIGIN}/productDetail?id=101`]);
});

test('[ISSUE-17] sitemap: an empty index is a valid empty urlset', () => {
  const xml = sitemap(ORIGIN, indexOf({}));
  assert.ok(xml.includes('<urlset'));
  assert.ok(!xml.includes('<url>'));
});

test("[ISSUE-17] sitemap lastmod is the publish date in the site's zone (an article published 2025-02-04 03:00 Asia/Shanghai)", () => {
  const xml = sitemap(ORIGIN, indexOf({ '/newsDetail?id=1': entry('/newsDetail?id=1', { lastModified: '2025-02-04 03:00:00' }) }));
  assert.match(xml, /<lastmod>2025-02-04<\/lastmod>/);
  // An ISO instant: 2025-02-03 19:00 UTC is 2025-02-04 03:00 on the site.
  const iso = sitemap(ORIGIN, indexOf({ '/newsDetail?id=1': entry('/newsDetail?id=1', { lastModified: '2025-02-03T19:00:00.000Z' }) }));
  assert.match(iso, /<lastmod>2025-02-04<\/lastmod>/);
});

test('[ISSUE-17] sitemap: an unreadable lastModified from a remote leaves out that lastmod, not the whole sitemap', () => {
  const xml = sitemap(ORIGIN, indexOf({ '/newsDetail?id=1': entry('/newsDetail?id=1', { lastModified: 'not a date' }), '/news': entry('/news') }));
  assert.match(xml, /<loc>https:\/\/www\.example\.cn\/news<\/loc>/);
});

test('[ISSUE-17] robots.txt: names the sitemap, allows the site, disallows the account and admin paths', () => {
  const txt = robots(ORIGIN);
  const lines = txt.split('\n');
  assert.equal(lines[0], 'User-agent: *');
  assert.ok(lines.includes(`Sitemap: ${ORIGIN}/sitemap.xml`));
  for (const p of ['/admin/', '/user/', '/index', '/account/']) assert.ok(lines.includes(`Disallow: ${p}`), p);
  assert.ok(lines.includes('Allow: /'));
  assert.ok(!lines.includes('Disallow: /'), 'the public pages are not disallowed');
  assert.ok(txt.endsWith('\n'));
});

test('[ISSUE-17] writePage writes the page with its .br and .gz; removePage removes all three; the index round-trips', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'renderer-output-'));
  try {
    const rel = fileFor('/newsDetail?id=3');
    const html = '<!doctype html><title>新闻</title>'.repeat(50);
    writePage(dir, rel, html);
    assert.equal(readFileSync(path.join(dir, rel), 'utf8'), html);
    assert.equal(brotliDecompressSync(readFileSync(path.join(dir, `${rel}.br`))).toString('utf8'), html);
    assert.equal(gunzipSync(readFileSync(path.join(dir, `${rel}.gz`))).toString('utf8'), html);
    const files = readdirSync(dir, { recursive: true }).map(String);
    assert.deepEqual(
      files.filter((f) => f.endsWith('.tmp')),
      [],
      'no temporary file is left',
    );

    assert.equal(readIndex(dir), null);
    const index = indexOf({ '/newsDetail?id=3': entry('/newsDetail?id=3') });
    writeIndex(dir, index);
    assert.deepEqual(readIndex(dir), index);

    removePage(dir, rel);
    for (const f of [rel, `${rel}.br`, `${rel}.gz`]) assert.ok(!existsSync(path.join(dir, f)), f);
    removePage(dir, rel); // gone already: no error
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('[issue 36.9] writePage leaves a page that already holds the same bytes as it is; a changed page, or one whose write was cut short, is written whole', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'renderer-output-'));
  try {
    const rel = fileFor('/newsDetail?id=4');
    const file = path.join(dir, rel);
    const html = '<!doctype html><title>新闻4</title>'.repeat(40);
    assert.equal(writePage(dir, rel, html), true);
    const past = new Date(Date.now() - 60_000);
    for (const f of [file, `${file}.br`, `${file}.gz`]) utimesSync(f, past, past);
    const times = () => [file, `${file}.br`, `${file}.gz`].map((f) => statSync(f).mtimeMs);
    const before = times();

    assert.equal(writePage(dir, rel, html), false, 'the same page: nothing written');
    assert.deepEqual(times(), before);

    assert.equal(writePage(dir, rel, `${html}<p>改</p>`), true, 'a changed page is written');
    assert.equal(gunzipSync(readFileSync(`${file}.gz`)).toString('utf8'), `${html}<p>改</p>`);

    // A write cut short after its .br and .gz of other bytes (they are written before the page): the page still
    // holds these bytes, but its siblings are newer, so all three are written again.
    writePage(dir, rel, html);
    for (const f of [file, `${file}.gz`]) utimesSync(f, past, past);
    writeFileSync(`${file}.br`, 'other bytes');
    assert.equal(writePage(dir, rel, html), true);
    assert.equal(brotliDecompressSync(readFileSync(`${file}.br`)).toString('utf8'), html);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
