/**
 * The output in a shared storage (issue 26): publishOutput() puts a run's working folder into the storage and deletes
 * the pages the index no longer names (each page with its .br and .gz, issue 45.5); pullIndex() brings the last published index before a run; readConfig()
 * chooses the storage from the same variables as the API. Against s3rver (a real S3-compatible server on loopback,
 * started here) through @site/object-storage's S3 driver.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import S3rver from 's3rver';
import { RENDERED_PREFIX, REMOTES_KEY, storageFromEnv, type ObjectStorage, type S3Storage } from '@site/object-storage';
import { readConfig } from '../src/config';
import {
  fileFor,
  pullIndex,
  publishOutput,
  removePage,
  writeAtomic,
  writeIndex,
  writePage,
  writeSitemaps,
  type OutputStore,
  type RenderIndex,
} from '../src/output';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'renderer-publish-'));
let server: S3rver;
let s3Env: NodeJS.ProcessEnv;
let storage: S3Storage;

before(async () => {
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(tmp, 's3'),
    configureBuckets: [{ name: 'site', configs: [] }],
  });
  const { port } = await server.run();
  s3Env = {
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: 'site',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  storage = storageFromEnv(s3Env, path.join(tmp, 'unused')) as S3Storage;
});

after(async () => {
  storage?.client.destroy();
  await server?.close();
  rmSync(tmp, { recursive: true, force: true });
});

async function text(s: ObjectStorage, key: string): Promise<string | null> {
  const o = await s.get(key);
  if (!o) return null;
  const chunks: Buffer[] = [];
  for await (const c of o.body as Readable) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks).toString('utf8');
}

/** A page's stored keys in the order they are put: its .br, its .gz, then the page. */
const withCopies = (...pages: string[]) => pages.flatMap((p) => [`${p}.br`, `${p}.gz`, p]);

/** The page's .br and .gz in the storage: its type, their coding, bytes that decode to the page. */
async function assertCopies(key: string, html: string): Promise<void> {
  for (const [suffix, coding, decode] of [
    ['.br', 'br', brotliDecompressSync],
    ['.gz', 'gzip', gunzipSync],
  ] as const) {
    const o = await storage.get(`${key}${suffix}`);
    assert.ok(o, `${key}${suffix} is stored`);
    assert.deepStrictEqual([o.info.contentType, o.info.contentEncoding], ['text/html; charset=utf-8', coding]);
    const chunks: Buffer[] = [];
    for await (const c of o.body as Readable) chunks.push(Buffer.from(c));
    assert.strictEqual(decode(Buffer.concat(chunks)).toString('utf8'), html, `${key}${suffix} is the page`);
  }
}

const entry = (url: string) => ({ file: fileFor(url), remote: 'remote_content', versions: {}, renderedAt: '2026-11-24T00:00:00.000Z' });
const indexOf = (urls: string[]): RenderIndex => ({
  generatedAt: '2026-11-24T00:00:00.000Z',
  pages: Object.fromEntries(urls.map((u) => [u, entry(u)])),
  clientRoutes: ['/', '/news', '/newsDetail'],
  detailPaths: ['/newsDetail'],
  urls,
});

/** A run's output in a working folder, as worker.ts writes it. */
function run(dir: string, pages: Record<string, string>, urls = Object.keys(pages)): void {
  for (const [url, html] of Object.entries(pages)) writePage(dir, fileFor(url), html);
  writeIndex(dir, indexOf(urls));
}

test('[ISSUE-26][issue 45.5] publishOutput puts the pages (each after its .br and .gz), sitemap, robots and the index last, as HTML, JSON, XML and text', async () => {
  const dir = mkdtempSync(path.join(tmp, 'work-'));
  const store: OutputStore = { storage, prefix: 'a/rendered/' };
  run(dir, { '/': '<p>首页</p>', '/news': '<p>新闻</p>', '/newsDetail?id=3': '<p>新闻3</p>' });
  writeAtomic(path.join(dir, 'sitemap.xml'), '<urlset/>');
  const published = new Map<string, string>();
  const report = await publishOutput(dir, store, published);
  assert.deepStrictEqual(report, {
    put: [...withCopies('pages/index.html', 'pages/news.html', 'pages/newsDetail/id-3.html'), 'sitemap.xml', 'index.json'],
    deleted: [],
  });
  assert.deepStrictEqual(
    (await storage.list('a/')).map((o) => o.key),
    [
      'a/rendered/index.json',
      'a/rendered/pages/index.html',
      'a/rendered/pages/index.html.br',
      'a/rendered/pages/index.html.gz',
      'a/rendered/pages/news.html',
      'a/rendered/pages/news.html.br',
      'a/rendered/pages/news.html.gz',
      'a/rendered/pages/newsDetail/id-3.html',
      'a/rendered/pages/newsDetail/id-3.html.br',
      'a/rendered/pages/newsDetail/id-3.html.gz',
      'a/rendered/sitemap.xml',
    ],
  );
  await assertCopies('a/rendered/pages/newsDetail/id-3.html', '<p>新闻3</p>');
  assert.strictEqual(await text(storage, 'a/rendered/pages/newsDetail/id-3.html'), '<p>新闻3</p>');
  assert.strictEqual((await storage.head('a/rendered/pages/news.html'))?.contentType, 'text/html; charset=utf-8');
  assert.strictEqual((await storage.head('a/rendered/index.json'))?.contentType, 'application/json; charset=utf-8');
  assert.strictEqual((await storage.head('a/rendered/sitemap.xml'))?.contentType, 'application/xml; charset=utf-8');
  assert.deepStrictEqual(JSON.parse((await text(storage, 'a/rendered/index.json'))!).urls, ['/', '/news', '/newsDetail?id=3']);

  // Nothing changed: nothing is put again.
  assert.deepStrictEqual(await publishOutput(dir, store, published), { put: [], deleted: [] });
});

test('[ISSUE-26][issue 45.5] the next run: a changed page is put again, a withdrawn one deleted (its copies first), a page kept from before stays', async () => {
  const dir = mkdtempSync(path.join(tmp, 'work-'));
  const store: OutputStore = { storage, prefix: 'b/rendered/' };
  run(dir, { '/news': '<p>新闻</p>', '/newsDetail?id=3': '<p>新闻3</p>', '/newsDetail?id=4': '<p>新闻4</p>' });
  const published = new Map<string, string>();
  await publishOutput(dir, store, published);

  // Article 3 is withdrawn (the worker removes its file and drops it from the index); article 4 changed.
  removePage(dir, fileFor('/newsDetail?id=3'));
  writePage(dir, fileFor('/newsDetail?id=4'), '<p>新闻4（改）</p>');
  const later = new Date(Date.now() + 5000);
  utimesSync(path.join(dir, fileFor('/newsDetail?id=4')), later, later);
  writeIndex(dir, indexOf(['/news', '/newsDetail?id=4']));
  assert.deepStrictEqual(await publishOutput(dir, store, published), {
    put: [...withCopies('pages/newsDetail/id-4.html'), 'index.json'],
    // The withdrawn page's copies before the page: a brotli visitor never gets a page that is gone.
    deleted: withCopies('pages/newsDetail/id-3.html'),
  });
  assert.deepStrictEqual(
    (await storage.list('b/rendered/pages/newsDetail/')).map((o) => o.key),
    withCopies('b/rendered/pages/newsDetail/id-4.html').sort(),
  );
  assert.strictEqual(await text(storage, 'b/rendered/pages/newsDetail/id-4.html'), '<p>新闻4（改）</p>');
  await assertCopies('b/rendered/pages/newsDetail/id-4.html', '<p>新闻4（改）</p>');

  // Another renderer (a standby that took over, with an empty working folder) fails to render /news: the index
  // still names it, so the stored file stays.
  const other = mkdtempSync(path.join(tmp, 'work-'));
  assert.strictEqual(await pullIndex(other, store), true);
  run(other, { '/newsDetail?id=4': '<p>新闻4（再改）</p>' }, ['/news', '/newsDetail?id=4']);
  assert.deepStrictEqual(await publishOutput(other, store, new Map()), {
    put: [...withCopies('pages/newsDetail/id-4.html'), 'index.json'],
    deleted: [],
  });
  assert.strictEqual(await text(storage, 'b/rendered/pages/news.html'), '<p>新闻</p>');
  await assertCopies('b/rendered/pages/news.html', '<p>新闻</p>');
});

test('[issue 45.5] a page cut short: copies newer than the page are made again from it; a publish stopped between the copies and the page puts all three next time', async () => {
  const dir = mkdtempSync(path.join(tmp, 'work-'));
  const store: OutputStore = { storage, prefix: 'f/rendered/' };
  run(dir, { '/news': '<p>新闻</p>' });
  // A write cut short after its .br (writePage writes .br, .gz, then the page): the .br is another page's, newer.
  const file = path.join(dir, fileFor('/news'));
  writeAtomic(`${file}.br`, brotliCompressSync(Buffer.from('<p>没写完的新闻</p>')));
  const later = new Date(Date.now() + 5000);
  utimesSync(`${file}.br`, later, later);
  const published = new Map<string, string>();
  // The lease runs out once the copies are put: the page is not.
  let writes = 0;
  const lease = () => {
    if (++writes > 1) throw new Error('the render lease ran out');
  };
  await assert.rejects(publishOutput(dir, store, published, undefined, lease), /the render lease ran out/);
  assert.deepStrictEqual(
    (await storage.list('f/')).map((o) => o.key),
    ['f/rendered/pages/news.html.br', 'f/rendered/pages/news.html.gz'],
  );
  const first = await storage.get('f/rendered/pages/news.html.br');
  const chunks: Buffer[] = [];
  for await (const c of first!.body as Readable) chunks.push(Buffer.from(c));
  assert.strictEqual(brotliDecompressSync(Buffer.concat(chunks)).toString('utf8'), '<p>新闻</p>', 'made from the page, not the cut-short .br');
  assert.strictEqual(published.size, 0, 'the page is not recorded as published');
  const report = await publishOutput(dir, store, published);
  assert.deepStrictEqual(report.put, [...withCopies('pages/news.html'), 'index.json']);
  await assertCopies('f/rendered/pages/news.html', '<p>新闻</p>');
  // Unchanged: nothing put again.
  assert.deepStrictEqual(await publishOutput(dir, store, published), { put: [], deleted: [] });
});

test('[ISSUE-26] pullIndex brings the last published index into the working folder; none: nothing written', async () => {
  const store: OutputStore = { storage, prefix: 'c/rendered/' };
  const dir = mkdtempSync(path.join(tmp, 'work-'));
  assert.strictEqual(await pullIndex(dir, store), false);
  assert.strictEqual(existsSync(path.join(dir, 'index.json')), false);
  await storage.put('c/rendered/index.json', JSON.stringify(indexOf(['/news'])));
  assert.strictEqual(await pullIndex(dir, store), true);
  assert.deepStrictEqual(JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8')).urls, ['/news']);
  await assert.rejects(publishOutput(mkdtempSync(path.join(tmp, 'work-')), store, new Map()), /nothing to publish: no index\.json/);
});

test('[ISSUE-26] a lost lease (the run’s signal) stops publishing before its next write', async () => {
  const dir = mkdtempSync(path.join(tmp, 'work-'));
  const store: OutputStore = { storage, prefix: 'd/rendered/' };
  run(dir, { '/news': '<p>新闻</p>' });
  const lease = new AbortController();
  lease.abort(new Error('the render lease is lost'));
  await assert.rejects(publishOutput(dir, store, new Map(), lease.signal), /the render lease is lost/);
  assert.deepStrictEqual(await storage.list('d/'), []);
});

test('[ISSUE-26] readConfig: the local driver keeps the folder as the output; s3 publishes under site/rendered/ and reads site/remotes.json', () => {
  const base = {
    RENDER_OUT_DIR: path.join(tmp, 'out'),
    RENDER_API_ORIGIN: 'http://127.0.0.1:1',
    RENDER_SITE_ORIGIN: 'https://x.cn',
    RENDER_HOST_ROOT: tmp,
  };
  const local = readConfig({ ...base, RENDER_REMOTES_FILE: path.join(tmp, 'deploy/remotes.json') });
  assert.strictEqual(local.store, null);
  assert.strictEqual(local.remotesFile, path.join(tmp, 'deploy/remotes.json'));
  const shared = readConfig({
    ...base,
    ...s3Env,
    RENDER_REMOTES_FILE: path.join(tmp, 'deploy/remotes.json'),
    RENDER_REMOTES: '{"remote_content":"http://r/m.json"}',
  });
  assert.strictEqual(shared.store?.storage.driver, 's3');
  assert.deepStrictEqual([shared.store?.prefix, shared.store?.remotesKey], [RENDERED_PREFIX, REMOTES_KEY]);
  assert.deepStrictEqual([RENDERED_PREFIX, REMOTES_KEY], ['site/rendered/', 'site/remotes.json']);
  // The copy of the stored remotes file, never the release folder's own file.
  assert.strictEqual(shared.remotesFile, path.join(tmp, 'out', 'remotes.json'));
  assert.deepStrictEqual(shared.remotes, { remote_content: 'http://r/m.json' });
  (shared.store?.storage as S3Storage).client.destroy();
});

test('[issue 36.9] a sitemap index: its parts are put before sitemap.xml; parts a smaller sitemap no longer has are deleted', async () => {
  const dir = mkdtempSync(path.join(tmp, 'work-'));
  const store: OutputStore = { storage, prefix: 'e/rendered/' };
  const urls = ['/news', ...Array.from({ length: 9 }, (_, i) => `/newsDetail?id=${i + 1}`)];
  run(dir, Object.fromEntries(urls.map((u) => [u, `<p>${u}</p>`])));
  const limits = { urls: 4, bytes: 50 * 1024 * 1024 };
  assert.equal(writeSitemaps(dir, 'https://www.example.cn', indexOf(urls), limits), 4);
  const published = new Map<string, string>();
  const first = await publishOutput(dir, store, published);
  assert.deepStrictEqual(
    first.put.filter((f) => !f.startsWith('pages/')),
    ['sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml', 'sitemap.xml', 'index.json'],
  );
  assert.strictEqual((await storage.head('e/rendered/sitemap-2.xml'))?.contentType, 'application/xml; charset=utf-8');
  assert.match(
    (await text(storage, 'e/rendered/sitemap.xml'))!,
    /<sitemapindex [^>]+>\n {2}<sitemap><loc>https:\/\/www\.example\.cn\/sitemap-1\.xml<\/loc>/,
  );

  // Fewer pages: two parts; sitemap-3.xml goes from the folder and then from the storage.
  assert.equal(writeSitemaps(dir, 'https://www.example.cn', indexOf(urls.slice(0, 6)), limits), 3);
  const second = await publishOutput(dir, store, published);
  assert.deepStrictEqual(second.deleted, ['sitemap-3.xml']);
  assert.deepStrictEqual(
    (await storage.list('e/rendered/sitemap')).map((o) => o.key),
    ['e/rendered/sitemap-1.xml', 'e/rendered/sitemap-2.xml', 'e/rendered/sitemap.xml'],
  );
});
