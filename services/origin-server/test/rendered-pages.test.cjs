/**
 * The host origin's view of the page renderer's output (services/origin-server/src/rendered-pages.cjs, issue 17): which file answers
 * a URL and which URLs are a real 404, on a temporary folder shaped like the renderer's (index.json, pages/,
 * sitemap.xml, robots.txt); then the static server with that folder, over HTTP.
 */
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const http = require('http');
const os = require('os');
const path = require('path');
const zlib = require('zlib');
const S3rver = require('s3rver');
const { renderedPages, storedPages } = require('../src/rendered-pages.cjs');
const { siteStorage } = require('@site/releases');
const { createStaticServer } = require('../src/static-server.cjs');

const NEWS_HTML = '<!doctype html><html><head><title>新闻中心</title></head><body><div id="root"><main>已渲染的新闻中心</main></div></body></html>';
const DETAIL_HTML = '<!doctype html><html><head><title>新闻 3</title></head><body><div id="root"><main>已渲染的新闻 3</main></div></body></html>';
const APP_HTML = '<!doctype html><html lang="zh-CN"><title>应用</title><div id="root"></div></html>';
const SITEMAP = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>\n';
const ROBOTS = 'User-agent: *\nAllow: /\nDisallow: /admin/\n\nSitemap: https://www.example.cn/sitemap.xml\n';

const entry = (file) => ({ file, remote: 'remote_content', versions: { remote_content: '1.0.0' }, renderedAt: '2025-03-01T00:00:00.000Z' });

/** The index the renderer writes, for the host's real route table (host/src/federation/route-table.ts). */
function makeIndex(pages) {
  return {
    generatedAt: '2025-03-01T00:00:00.000Z',
    pages,
    clientRoutes: [
      '/',
      '/news',
      '/newsDetail',
      '/document',
      '/product',
      '/user/login',
      '/user/register',
      '/index/*',
      '/account/*',
      '/admin/*',
      '/404',
    ],
    detailPaths: ['/newsDetail', '/document'],
    // /newsDetail?id=4 is published but its render failed: no file.
    urls: ['/', '/news', '/newsDetail?id=3', '/newsDetail?id=4', '/document', '/product?categoryId=21'],
  };
}

function makeRendered() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rendered-pages-'));
  fs.mkdirSync(path.join(dir, 'pages/newsDetail'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'pages/news.html'), NEWS_HTML);
  fs.writeFileSync(path.join(dir, 'pages/newsDetail/id-3.html'), DETAIL_HTML);
  fs.mkdirSync(path.join(dir, 'pages/product'));
  fs.writeFileSync(path.join(dir, 'pages/product/categoryId-21.html'), NEWS_HTML);
  const index = makeIndex({
    '/news': entry('pages/news.html'),
    '/newsDetail?id=3': entry('pages/newsDetail/id-3.html'),
    '/product?categoryId=21': entry('pages/product/categoryId-21.html'),
  });
  fs.writeFileSync(path.join(dir, 'index.json'), JSON.stringify(index));
  return dir;
}

const dirs = [];
function tempRendered() {
  const dir = makeRendered();
  dirs.push(dir);
  return dir;
}
test.after(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

test('[ISSUE-17] lookup: a rendered path and a rendered detail answer with their file', () => {
  const { lookup } = renderedPages(tempRendered());
  assert.deepStrictEqual(lookup('/news'), { file: 'pages/news.html', status: 200 });
  assert.deepStrictEqual(lookup('/newsDetail?id=3'), { file: 'pages/newsDetail/id-3.html', status: 200 });
});

test('[ISSUE-25][ROUTE-6] lookup: a rendered product category answers with its file; another category or a page of it is the app', () => {
  const { lookup } = renderedPages(tempRendered());
  assert.deepStrictEqual(lookup('/product?categoryId=21'), { file: 'pages/product/categoryId-21.html', status: 200 });
  assert.deepStrictEqual(lookup('/product?categoryId=22'), { file: null, status: 200 });
  assert.deepStrictEqual(lookup('/product?categoryId=21&page=2'), { file: null, status: 200 });
  assert.deepStrictEqual(lookup('/product'), { file: null, status: 200 });
});

test('[ISSUE-17] lookup: a detail id the remotes do not render is a 404; one they render without a file is the app (200)', () => {
  const { lookup } = renderedPages(tempRendered());
  assert.deepStrictEqual(lookup('/newsDetail?id=999'), { file: null, status: 404 });
  assert.deepStrictEqual(lookup('/newsDetail?id=abc'), { file: null, status: 404 });
  assert.deepStrictEqual(lookup('/newsDetail?id='), { file: null, status: 404 });
  assert.deepStrictEqual(lookup('/newsDetail?id=4'), { file: null, status: 200 });
  // A path that is both a list and a detail path: the list itself is the app's.
  assert.deepStrictEqual(lookup('/document'), { file: null, status: 200 });
  assert.deepStrictEqual(lookup('/document?id=77'), { file: null, status: 404 });
});

test('[ISSUE-17] lookup: an unknown path is a 404; account and admin paths are the app (200)', () => {
  const { lookup } = renderedPages(tempRendered());
  assert.deepStrictEqual(lookup('/no-such-page'), { file: null, status: 404 });
  assert.deepStrictEqual(lookup('/news/extra'), { file: null, status: 404 });
  assert.deepStrictEqual(lookup('/user/login'), { file: null, status: 200 });
  assert.deepStrictEqual(lookup('/index/foo'), { file: null, status: 200 });
  assert.deepStrictEqual(lookup('/index'), { file: null, status: 200 });
  assert.deepStrictEqual(lookup('/admin/people/list'), { file: null, status: 200 });
  // Matched as the router does: case-insensitive, a trailing slash allowed.
  assert.deepStrictEqual(lookup('/USER/Login'), { file: null, status: 200 });
  assert.deepStrictEqual(lookup('/news/'), { file: null, status: 200 });
});

test('[ISSUE-17] lookup: other query parameters are the app rendering the page (200, no file)', () => {
  const { lookup } = renderedPages(tempRendered());
  assert.deepStrictEqual(lookup('/news?page=2'), { file: null, status: 200 });
  assert.deepStrictEqual(lookup('/newsDetail?id=3&from=home'), { file: null, status: 200 });
  assert.deepStrictEqual(lookup('/?utm_source=x'), { file: null, status: 200 });
});

test('[ISSUE-17] lookup: no index.json at all (nothing rendered yet) is the app for every path', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rendered-pages-empty-'));
  dirs.push(dir);
  const { lookup } = renderedPages(dir);
  for (const url of ['/', '/news', '/newsDetail?id=999', '/no-such-page']) assert.deepStrictEqual(lookup(url), { file: null, status: 200 }, url);
});

test('[ISSUE-17] lookup: an index rewritten by the renderer (a new mtime) is read again', () => {
  const dir = tempRendered();
  const { lookup } = renderedPages(dir);
  assert.deepStrictEqual(lookup('/newsDetail?id=5'), { file: null, status: 404 });
  // Article 5 published and rendered: a new file, a new index.
  fs.writeFileSync(path.join(dir, 'pages/newsDetail/id-5.html'), DETAIL_HTML);
  const index = makeIndex({ '/news': entry('pages/news.html'), '/newsDetail?id=5': entry('pages/newsDetail/id-5.html') });
  index.urls = ['/', '/news', '/newsDetail?id=5'];
  const file = path.join(dir, 'index.json');
  const before = fs.statSync(file).mtime;
  fs.writeFileSync(file, JSON.stringify(index));
  fs.utimesSync(file, new Date(), new Date(before.getTime() + 5000)); // a different mtime, whatever the clock's resolution
  assert.deepStrictEqual(lookup('/newsDetail?id=5'), { file: 'pages/newsDetail/id-5.html', status: 200 });
  // Article 3 withdrawn: gone from the index, a 404 now (its old file is not served).
  assert.deepStrictEqual(lookup('/newsDetail?id=3'), { file: null, status: 404 });
});

test('[ISSUE-17] lookup: an index being replaced (unreadable) keeps the previous one', () => {
  const dir = tempRendered();
  const { lookup } = renderedPages(dir);
  assert.deepStrictEqual(lookup('/news'), { file: 'pages/news.html', status: 200 });
  const file = path.join(dir, 'index.json');
  const before = fs.statSync(file).mtime;
  fs.writeFileSync(file, '{"generatedAt":');
  fs.utimesSync(file, new Date(), new Date(before.getTime() + 5000));
  assert.deepStrictEqual(lookup('/news'), { file: 'pages/news.html', status: 200 });
});

function request(port, pathname, method = 'GET') {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathname, method, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The host origin (the app's index.html in a folder of its own) serving the rendered folder `dir`, on a free port. */
async function hostOrigin(dir) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rendered-pages-root-'));
  dirs.push(root);
  fs.writeFileSync(path.join(root, 'index.html'), APP_HTML);
  const app = createStaticServer({ root, spa: true, rendered: renderedPages(dir), trustedProxies: ['loopback'] });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: app.server.address().port };
}

test('[ISSUE-17] the host origin serves the rendered files over HTTP: pages, 404s, sitemap.xml, robots.txt', async () => {
  const dir = tempRendered();
  fs.writeFileSync(path.join(dir, 'sitemap.xml'), SITEMAP);
  fs.writeFileSync(path.join(dir, 'sitemap-2.xml'), SITEMAP);
  fs.writeFileSync(path.join(dir, 'robots.txt'), ROBOTS);
  const { app, port } = await hostOrigin(dir);
  try {
    const news = await request(port, '/news');
    assert.strictEqual(news.status, 200);
    assert.strictEqual(news.body, NEWS_HTML);
    assert.match(news.headers['content-type'], /^text\/html/);
    assert.strictEqual(news.headers['cache-control'], 'no-cache');

    const detail = await request(port, '/newsDetail?id=3');
    assert.strictEqual(detail.status, 200);
    assert.strictEqual(detail.body, DETAIL_HTML);

    const head = await request(port, '/news', 'HEAD');
    assert.strictEqual(head.status, 200);
    assert.match(head.headers['content-type'], /^text\/html/);

    for (const url of ['/no-such-page', '/newsDetail?id=999']) {
      const missing = await request(port, url);
      assert.strictEqual(missing.status, 404, url);
      assert.strictEqual(missing.body, APP_HTML, `${url}: the app's page, which shows 页面不存在 / 内容不存在`);
      assert.match(missing.headers['content-type'], /^text\/html/);
    }

    // The app renders these: its index.html with 200.
    for (const url of ['/user/login', '/index/foo', '/news?page=2', '/newsDetail?id=4']) {
      const app200 = await request(port, url);
      assert.strictEqual(app200.status, 200, url);
      assert.strictEqual(app200.body, APP_HTML, url);
    }

    const sitemap = await request(port, '/sitemap.xml');
    assert.strictEqual(sitemap.status, 200);
    assert.strictEqual(sitemap.body, SITEMAP);
    assert.match(sitemap.headers['content-type'], /xml/);

    // Issue 36.9: past 50,000 URLs sitemap.xml is an index of sitemap-1.xml, ...: those are the renderer's too.
    const part = await request(port, '/sitemap-2.xml');
    assert.deepStrictEqual([part.status, part.body], [200, SITEMAP]);
    assert.match(part.headers['content-type'], /xml/);
    assert.strictEqual((await request(port, '/sitemap-3.xml')).status, 404, 'a part the renderer has not written');

    const robots = await request(port, '/robots.txt');
    assert.strictEqual(robots.status, 200);
    assert.strictEqual(robots.body, ROBOTS);
    assert.match(robots.headers['content-type'], /^text\/plain/);

    for (const method of ['POST', 'PUT', 'DELETE']) {
      const post = await request(port, '/news', method);
      assert.notStrictEqual(post.status, 200, method);
      assert.ok(!post.body.includes('已渲染的新闻中心'), `${method} /news is not served the rendered page`);
    }
  } finally {
    await app.close();
  }
});

test("[issue 34.9] the rendered not-found pages answer with status 404: the 404 page for an unknown path, a detail page's own for an unknown article there", async () => {
  const dir = tempRendered();
  const NOT_FOUND_HTML =
    '<!doctype html><html><head><title>页面不存在 - 某公司</title></head><body><div id="root"><main>抱歉</main><footer></footer></div></body></html>';
  const NO_ARTICLE_HTML = '<!doctype html><html><head><title>新闻详情</title></head><body><div id="root"><main>内容不存在</main></div></body></html>';
  fs.writeFileSync(path.join(dir, 'pages/404.html'), NOT_FOUND_HTML);
  fs.writeFileSync(path.join(dir, 'pages/newsDetail/not-found.html'), NO_ARTICLE_HTML);
  const index = JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8'));
  index.notFound = { '/404': 'pages/404.html', '/newsDetail': 'pages/newsDetail/not-found.html' };
  fs.writeFileSync(path.join(dir, 'index.json'), JSON.stringify(index));

  const { lookup } = renderedPages(dir);
  assert.deepStrictEqual(lookup('/no-such-page'), { file: 'pages/404.html', status: 404 });
  assert.deepStrictEqual(lookup('/newsDetail?id=999'), { file: 'pages/newsDetail/not-found.html', status: 404 });
  // An unknown id of a page without a not-found page of its own: the app with the status, as before.
  assert.deepStrictEqual(lookup('/document?id=999'), { file: null, status: 404 });
  assert.deepStrictEqual(lookup('/newsDetail?id=3'), { file: 'pages/newsDetail/id-3.html', status: 200 });

  const { app, port } = await hostOrigin(dir);
  try {
    for (const [url, body] of [
      ['/no-such-page', NOT_FOUND_HTML],
      ['/newsDetail?id=999', NO_ARTICLE_HTML],
      ['/document?id=999', APP_HTML],
    ]) {
      const res = await request(port, url);
      assert.deepStrictEqual([res.status, res.body, res.headers['cache-control']], [404, body, 'no-cache'], url);
      // A rendered not-found page answers for the URL, not as the file: no entity tag a browser could send back.
      if (body !== APP_HTML) assert.strictEqual(res.headers.etag, undefined, url);
    }
    const head = await request(port, '/no-such-page', 'HEAD');
    assert.strictEqual(head.status, 404);
  } finally {
    await app.close();
  }
});

test('[ISSUE-17] the host origin sends the precompressed page a browser takes, with its own entity tag and a 304', async () => {
  const dir = tempRendered();
  fs.writeFileSync(path.join(dir, 'pages/news.html.br'), zlib.brotliCompressSync(NEWS_HTML));
  fs.writeFileSync(path.join(dir, 'pages/news.html.gz'), zlib.gzipSync(NEWS_HTML));
  const { app, port } = await hostOrigin(dir);
  const get = (headers) =>
    new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/news', headers }, (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
  try {
    const br = await get({ 'accept-encoding': 'gzip, deflate, br' });
    assert.deepStrictEqual([br.status, br.headers['content-encoding'], br.headers.vary], [200, 'br', 'accept-encoding']);
    assert.strictEqual(zlib.brotliDecompressSync(br.body).toString('utf8'), NEWS_HTML);
    assert.strictEqual(Number(br.headers['content-length']), br.body.length);
    const gz = await get({ 'accept-encoding': 'gzip' });
    assert.deepStrictEqual([gz.headers['content-encoding'], zlib.gunzipSync(gz.body).toString('utf8')], ['gzip', NEWS_HTML]);
    const plain = await get({});
    assert.deepStrictEqual([plain.headers['content-encoding'], plain.body.toString('utf8')], [undefined, NEWS_HTML]);
    assert.strictEqual(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size, 3, 'one entity tag per encoding');
    const again = await get({ 'accept-encoding': 'br', 'if-none-match': br.headers.etag });
    assert.deepStrictEqual([again.status, again.body.length], [304, 0]);
  } finally {
    await app.close();
  }
});

test('[ISSUE-17] a page replaced or withdrawn while it is being answered: the bytes of the file opened, or the rule for a missing page', async () => {
  const dir = tempRendered();
  const pages = renderedPages(dir);
  const read = async (stream) => {
    const chunks = [];
    for await (const c of stream) chunks.push(c);
    return Buffer.concat(chunks).toString('utf8');
  };
  // Opened, then the renderer renames a new, longer page over it: the answer is the page opened, at its own length.
  const opened = await pages.lookupOpen('/newsDetail?id=3');
  const file = path.join(dir, 'pages/newsDetail/id-3.html');
  fs.writeFileSync(`${file}.tmp`, DETAIL_HTML.replace('已渲染的新闻 3', '已渲染的新闻 3，更新后的正文更长'));
  fs.renameSync(`${file}.tmp`, file);
  assert.strictEqual(opened.stored.info.size, Buffer.byteLength(DETAIL_HTML));
  assert.strictEqual(await read(opened.stored.body), DETAIL_HTML);
  // Opened, then withdrawn (its files removed): still the bytes opened.
  const before = await pages.lookupOpen('/news');
  fs.rmSync(path.join(dir, 'pages/news.html'));
  assert.strictEqual(await read(before.stored.body), NEWS_HTML);
  // Withdrawn after the index named it, before it was opened: the answer for a page that is not there.
  fs.rmSync(file);
  assert.deepStrictEqual(await pages.lookupOpen('/newsDetail?id=3'), { file: null, status: 200 });
});

/** The same folder published to a bucket (as the renderer's publishOutput does), on s3rver started here. */
async function withBucket(fn) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rendered-pages-s3-'));
  dirs.push(dir);
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: 'site', configs: [] }] });
  const { port } = await server.run();
  const shared = siteStorage({
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: 'site',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  });
  try {
    const source = makeRendered();
    dirs.push(source);
    fs.writeFileSync(path.join(source, 'sitemap.xml'), SITEMAP);
    const types = { '.html': 'text/html; charset=utf-8', '.json': 'application/json; charset=utf-8', '.xml': 'application/xml; charset=utf-8' };
    for (const rel of fs.readdirSync(source, { recursive: true })) {
      const file = path.join(source, rel);
      if (fs.statSync(file).isFile())
        await shared.storage.put(`${shared.renderedPrefix}${rel}`, fs.readFileSync(file), { contentType: types[path.extname(rel)] });
    }
    await fn(shared);
  } finally {
    shared.storage.client.destroy();
    await server.close();
  }
}

test('[ISSUE-26] from a shared storage: the same rule (rendered pages, ?id= pages, 404s, the app), read under site/rendered/', async () => {
  await withBucket(async (shared) => {
    assert.strictEqual(shared.renderedPrefix, 'site/rendered/');
    const { lookup } = storedPages(shared.storage, shared.renderedPrefix, { refreshMs: 0 });
    const folder = renderedPages(tempRendered());
    const urls = ['/news', '/newsDetail?id=3', '/newsDetail?id=999', '/newsDetail?id=4', '/document', '/document?id=77', '/no-such-page'];
    for (const url of [...urls, '/news/extra', '/user/login', '/USER/Login', '/news/', '/news?page=2', '/newsDetail?id=3&from=home']) {
      const { file, status } = await lookup(url);
      assert.deepStrictEqual([url, { file, status }], [url, folder.lookup(url)]);
    }
    assert.strictEqual((await lookup('/newsDetail?id=3')).stored.info.contentType, 'text/html; charset=utf-8');

    // Article 5 published: its page, then the index naming it (the renderer's order), is read on the next request.
    await shared.storage.put('site/rendered/pages/newsDetail/id-5.html', DETAIL_HTML, { contentType: 'text/html; charset=utf-8' });
    assert.deepStrictEqual((await lookup('/newsDetail?id=5')).status, 404);
    const index = makeIndex({ '/news': entry('pages/news.html'), '/newsDetail?id=5': entry('pages/newsDetail/id-5.html') });
    index.urls = ['/', '/news', '/newsDetail?id=3', '/newsDetail?id=5'];
    await shared.storage.put('site/rendered/index.json', JSON.stringify(index));
    assert.strictEqual((await lookup('/newsDetail?id=5')).file, 'pages/newsDetail/id-5.html');
    // Named by no index now, though still stored: not served. A page the index names but the storage lost: the app.
    assert.deepStrictEqual(await lookup('/newsDetail?id=3'), { file: null, status: 200 });
    await shared.storage.delete('site/rendered/pages/news.html');
    assert.deepStrictEqual(await lookup('/news'), { file: null, status: 200 });
  });
});

test('[ISSUE-26] the host origin serves the pages a shared storage holds over HTTP: pages, 404s, sitemap.xml, 304', async () => {
  await withBucket(async (shared) => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rendered-pages-root-'));
    dirs.push(root);
    fs.writeFileSync(path.join(root, 'index.html'), APP_HTML);
    const app = createStaticServer({ root, spa: true, rendered: storedPages(shared.storage, shared.renderedPrefix), trustedProxies: ['loopback'] });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = app.server.address().port;
    try {
      const detail = await request(port, '/newsDetail?id=3');
      assert.deepStrictEqual(
        [detail.status, detail.body, detail.headers['content-type'], detail.headers['cache-control']],
        [200, DETAIL_HTML, 'text/html; charset=utf-8', 'no-cache'],
      );
      const again = await new Promise((resolve, reject) => {
        const req = http.get(
          { host: '127.0.0.1', port, path: '/newsDetail?id=3', headers: { 'if-none-match': detail.headers.etag }, agent: false },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode));
          },
        );
        req.on('error', reject);
      });
      assert.strictEqual(again, 304);
      const head = await request(port, '/news', 'HEAD');
      assert.deepStrictEqual([head.status, head.body, head.headers['content-length']], [200, '', String(Buffer.byteLength(NEWS_HTML))]);
      for (const url of ['/no-such-page', '/newsDetail?id=999']) {
        const missing = await request(port, url);
        assert.deepStrictEqual([url, missing.status, missing.body], [url, 404, APP_HTML]);
      }
      for (const url of ['/user/login', '/news?page=2', '/newsDetail?id=4']) {
        const app200 = await request(port, url);
        assert.deepStrictEqual([url, app200.status, app200.body], [url, 200, APP_HTML]);
      }
      const sitemap = await request(port, '/sitemap.xml');
      assert.deepStrictEqual([sitemap.status, sitemap.body, sitemap.headers['content-type']], [200, SITEMAP, 'application/xml; charset=utf-8']);
      // No robots.txt published: the host build's (none here), a plain 404.
      assert.strictEqual((await request(port, '/robots.txt')).status, 404);
    } finally {
      await app.close();
    }
  });
});

test('[issue 45.5] the host origin sends a stored page as the .br or .gz the renderer put beside it, by Accept-Encoding', async () => {
  await withBucket(async (shared) => {
    const html = { contentType: 'text/html; charset=utf-8' };
    // As the renderer publishes a page (page-renderer output.ts publishOutput): its copies, then the page.
    const copies = { br: zlib.brotliCompressSync(NEWS_HTML), gzip: zlib.gzipSync(NEWS_HTML, { level: 9 }) };
    await shared.storage.put('site/rendered/pages/news.html.br', copies.br, { ...html, contentEncoding: 'br' });
    await shared.storage.put('site/rendered/pages/news.html.gz', copies.gzip, { ...html, contentEncoding: 'gzip' });
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rendered-pages-root-'));
    dirs.push(root);
    fs.writeFileSync(path.join(root, 'index.html'), APP_HTML);
    const app = createStaticServer({ root, spa: true, rendered: storedPages(shared.storage, shared.renderedPrefix), trustedProxies: ['loopback'] });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = app.server.address().port;
    const get = (url, headers) =>
      new Promise((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: url, headers, agent: false }, (res) => {
            const chunks = [];
            res.on('data', (c) => chunks.push(c));
            res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    try {
      const answers = [];
      for (const [accept, encoding, bytes] of [
        ['gzip, deflate, br', 'br', copies.br],
        ['gzip', 'gzip', copies.gzip],
        [undefined, undefined, Buffer.from(NEWS_HTML)],
      ]) {
        const r = await get('/news', accept ? { 'accept-encoding': accept } : {});
        assert.deepStrictEqual(
          [accept, r.status, r.headers['content-encoding'], r.headers['content-type'], r.headers['cache-control'], r.headers.vary],
          [accept, 200, encoding, 'text/html; charset=utf-8', 'no-cache', 'accept-encoding'],
        );
        assert.ok(r.body.equals(bytes), `${accept}: the stored object's bytes`);
        assert.strictEqual(Number(r.headers['content-length']), bytes.length);
        answers.push(r);
      }
      assert.strictEqual(new Set(answers.map((r) => r.headers.etag)).size, 3, 'one entity tag per object');
      const again = await get('/news', { 'accept-encoding': 'br', 'if-none-match': answers[0].headers.etag });
      assert.strictEqual(again.status, 304);
      // A page stored without copies: the page itself.
      const old = await get('/newsDetail?id=3', { 'accept-encoding': 'br' });
      assert.deepStrictEqual([old.status, old.headers['content-encoding'], old.body.toString('utf8')], [200, undefined, DETAIL_HTML]);
    } finally {
      await app.close();
    }
  });
});
