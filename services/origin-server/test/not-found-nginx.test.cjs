/**
 * Issue 34.9 through the nginx front door (site.conf.template, local rendered folder): an unknown path is answered
 * with the page renderer's 404 page, an unknown article with its detail page's not-found page, both status 404;
 * an unknown id of a page with no not-found page of its own is the app, status 404, as before. The same front door
 * serves the renderer's sitemap index and its parts (sitemap-N.xml, issue 36.9) from the folder and from the bucket.
 */
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const http = require('http');
const os = require('os');
const path = require('path');
const zlib = require('zlib');
const S3rver = require('s3rver');
const { freePortIn, startNginx, stopAll } = require('../tools/cluster.cjs');
const { siteStorage } = require('@site/releases');

const NOT_FOUND_HTML = '<!doctype html><title>页面不存在 - 某公司</title><main>抱歉，您访问的页面不存在</main><footer>页脚</footer>';
const NO_ARTICLE_HTML = '<!doctype html><title>新闻详情 - 某公司</title><main>内容不存在</main>';
const NEWS_HTML = '<!doctype html><title>新闻 3</title><main>已渲染的新闻 3</main>';
const APP_HTML = '<!doctype html><div id="root"></div>';
/** Pages of the bucket, long enough to be worth compressing (and gzipped by nginx when sent plain, as before). */
const HOME_HTML = `<!doctype html><title>首页 - 某公司</title><main>${'欢迎访问某公司官网。'.repeat(40)}</main>`;
const OLD_HTML = `<!doctype html><title>新闻 4</title><main>${'旧的渲染页面。'.repeat(40)}</main>`;
/** A page the index names that was published without copies (before the renderer put them). */
const OLD_PAGE = { '/newsDetail?id=4': { file: 'pages/newsDetail/id-4.html', remote: 'remote_content', versions: {}, renderedAt: '' } };
/** Past 50,000 URLs the renderer's sitemap.xml is an index of sitemap-1.xml, ... (issue 36.9): nginx serves the parts. */
const SITEMAP_INDEX = '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></sitemapindex>\n';
const SITEMAP_PART = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>\n';

/** The sitemap index and its part 2 served as written, with an XML type; a part never written is a 404. */
async function assertSitemapParts(origin) {
  const got = async (p) => {
    const res = await fetch(`${origin}${p}`);
    return [res.status, res.status === 200 ? await res.text() : '', res.headers.get('content-type')];
  };
  const [indexStatus, indexBody] = await got('/sitemap.xml');
  assert.deepStrictEqual([indexStatus, indexBody], [200, SITEMAP_INDEX]);
  const [partStatus, partBody, partType] = await got('/sitemap-2.xml');
  assert.deepStrictEqual([partStatus, partBody], [200, SITEMAP_PART]);
  assert.match(partType, /xml/);
  assert.strictEqual((await got('/sitemap-3.xml'))[0], 404, 'a part the renderer has not written');
}

/** An answer's raw bytes (fetch would decode them), with the encoding asked for. */
function rawGet(url, acceptEncoding) {
  return new Promise((resolve, reject) =>
    http
      .get(url, { headers: acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            encoding: res.headers['content-encoding'] ?? null,
            type: res.headers['content-type'],
            vary: res.headers.vary ?? '',
            cacheControl: res.headers['cache-control'],
            csp: res.headers['content-security-policy'],
            bytes: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject),
  );
}

/** The renderer's index for these pages (RenderIndex of page-renderer output.ts). */
const INDEX = {
  generatedAt: '2026-11-27T00:00:00.000Z',
  pages: { '/newsDetail?id=3': { file: 'pages/newsDetail/id-3.html', remote: 'remote_content', versions: {}, renderedAt: '' } },
  clientRoutes: ['/', '/news', '/newsDetail', '/document', '/404', '/admin/*'],
  detailPaths: ['/newsDetail', '/document'],
  urls: ['/newsDetail?id=3', '/document'],
  notFound: { '/404': 'pages/404.html', '/newsDetail': 'pages/newsDetail/not-found.html' },
};

/** A free port of this test's range, far from the full run's and the other nginx tests' (canary 41000-41999). */
function ports() {
  const used = new Set();
  return async () => {
    for (;;) {
      const p = await freePortIn(42000, 42999);
      if (!used.has(p)) return used.add(p) && p;
    }
  };
}
const remotePortsEnv = (remotePorts) =>
  Object.fromEntries(
    ['REMOTE_CONTENT', 'REMOTE_SUPPORT', 'REMOTE_ACCOUNT', 'REMOTE_SHELL_ADMIN'].map((n, i) => [`${n}_PORT`, String(remotePorts[i])]),
  );

test('[issue 34.9][issue 36.9] nginx answers an unknown path and an unknown article with the rendered not-found pages, status 404', async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'not-found-nginx-'));
  // nginx's workers run as an unprivileged user when started as root: they must read the folders.
  fs.chmodSync(tmp, 0o755);
  const hostRoot = path.join(tmp, 'host');
  const rendered = path.join(tmp, 'rendered');
  fs.mkdirSync(hostRoot);
  fs.mkdirSync(path.join(rendered, 'pages/newsDetail'), { recursive: true });
  fs.writeFileSync(path.join(hostRoot, 'index.html'), APP_HTML);
  fs.writeFileSync(path.join(rendered, 'pages/404.html'), NOT_FOUND_HTML);
  fs.writeFileSync(path.join(rendered, 'pages/newsDetail/not-found.html'), NO_ARTICLE_HTML);
  fs.writeFileSync(path.join(rendered, 'pages/newsDetail/id-3.html'), NEWS_HTML);
  // The renderer's precompressed siblings (page-renderer output.ts writePage): the bytes nginx must send as they are.
  const newsBr = zlib.brotliCompressSync(Buffer.from(NEWS_HTML));
  const newsGz = zlib.gzipSync(Buffer.from(NEWS_HTML));
  fs.writeFileSync(path.join(rendered, 'pages/newsDetail/id-3.html.br'), newsBr);
  fs.writeFileSync(path.join(rendered, 'pages/newsDetail/id-3.html.gz'), newsGz);
  fs.writeFileSync(path.join(rendered, 'index.json'), JSON.stringify(INDEX));
  fs.writeFileSync(path.join(rendered, 'sitemap.xml'), SITEMAP_INDEX);
  fs.writeFileSync(path.join(rendered, 'sitemap-2.xml'), SITEMAP_PART);
  const port = ports();
  const [hostPort, apiPort, ...remotePorts] = [await port(), await port(), await port(), await port(), await port(), await port()];
  const api = http.createServer((_req, res) => res.end('ok')).listen(apiPort, '127.0.0.1');
  let nginx;
  try {
    nginx = await startNginx(path.join(tmp, 'nginx'), {
      ...Object.fromEntries(
        ['REMOTE_CONTENT', 'REMOTE_SUPPORT', 'REMOTE_ACCOUNT', 'REMOTE_SHELL_ADMIN'].map((n, i) => [`${n}_PORT`, String(remotePorts[i])]),
      ),
      HOST_PORT: String(hostPort),
      HOST_ROOT: hostRoot,
      RENDER_OUT_DIR: rendered,
      API_UPSTREAMS: `http://127.0.0.1:${apiPort}`,
      PUBLIC_HOST: '127.0.0.1',
    });
    const get = async (p) => {
      const res = await fetch(`${nginx.origin}${p}`);
      return [res.status, await res.text()];
    };
    assert.deepStrictEqual(await get('/no/such/page?x=1'), [404, NOT_FOUND_HTML]);
    assert.deepStrictEqual(await get('/newsDetail?id=999'), [404, NO_ARTICLE_HTML]);
    assert.deepStrictEqual(await get('/document?id=999'), [404, APP_HTML], 'no not-found page of its own: the app, as before');
    assert.deepStrictEqual(await get('/newsDetail?id=3'), [200, NEWS_HTML]);
    // A rendered page from the folder: its .br (or .gz) file as it is, never compressed again per request.
    for (const [accept, encoding, bytes] of [
      ['gzip, deflate, br', 'br', newsBr],
      ['gzip', 'gzip', newsGz],
      ['identity', null, Buffer.from(NEWS_HTML)],
    ]) {
      const page = await rawGet(`${nginx.origin}/newsDetail?id=3`, accept);
      assert.deepStrictEqual([accept, page.status, page.encoding, page.type], [accept, 200, encoding, 'text/html; charset=utf-8']);
      assert.ok(page.bytes.equals(bytes), `${accept}: the precompressed file’s bytes`);
      if (encoding) assert.match(page.vary, /Accept-Encoding/);
    }
    assert.deepStrictEqual(await get('/dev/reset'), [404, NOT_FOUND_HTML], 'the API test helpers are no page of the site');
    await assertSitemapParts(nginx.origin);

    // Before the renderer has written them: the app, status 404.
    fs.rmSync(path.join(rendered, 'pages/404.html'));
    assert.deepStrictEqual(await get('/no/such/page'), [404, APP_HTML]);
  } finally {
    await stopAll([nginx?.child]);
    api.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});

test('[issue 34.9][issue 36.9][issue 45.5] with a shared storage: nginx reads the not-found pages from the bucket, and the status stays 404; a page goes as its stored .br or .gz by Accept-Encoding', async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'not-found-nginx-s3-'));
  fs.chmodSync(tmp, 0o755);
  const hostRoot = path.join(tmp, 'host');
  fs.mkdirSync(hostRoot);
  fs.writeFileSync(path.join(hostRoot, 'index.html'), APP_HTML);
  const port = ports();
  const [s3Port, hostPort, apiPort, ...remotePorts] = [
    await port(),
    await port(),
    await port(),
    await port(),
    await port(),
    await port(),
    await port(),
  ];
  const BUCKET = 'site-not-found-nginx';
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: s3Port,
    silent: true,
    directory: path.join(tmp, 's3'),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  await s3.run();
  const s3Env = {
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_BUCKET: BUCKET,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  const { storage } = siteStorage(s3Env);
  const html = { contentType: 'text/html; charset=utf-8' };
  /** A page as the renderer publishes it (page-renderer output.ts publishOutput): its .br and .gz, then the page. */
  const publishPage = async (key, page) => {
    const copies = { br: zlib.brotliCompressSync(Buffer.from(page)), gzip: zlib.gzipSync(Buffer.from(page), { level: 9 }) };
    await storage.put(`${key}.br`, copies.br, { ...html, contentEncoding: 'br' });
    await storage.put(`${key}.gz`, copies.gzip, { ...html, contentEncoding: 'gzip' });
    await storage.put(key, page, html);
    return copies;
  };
  await storage.put('site/rendered/index.json', JSON.stringify({ ...INDEX, pages: { ...INDEX.pages, ...OLD_PAGE } }), {
    contentType: 'application/json',
  });
  await storage.put('site/rendered/pages/404.html', NOT_FOUND_HTML, html);
  const noArticle = await publishPage('site/rendered/pages/newsDetail/not-found.html', NO_ARTICLE_HTML);
  const news = await publishPage('site/rendered/pages/newsDetail/id-3.html', NEWS_HTML);
  const home = await publishPage('site/rendered/pages/index.html', HOME_HTML);
  // A page published before the renderer put copies beside its pages: only its own key.
  await storage.put('site/rendered/pages/newsDetail/id-4.html', OLD_HTML, html);
  const xml = { contentType: 'application/xml; charset=utf-8' };
  await storage.put('site/rendered/sitemap.xml', SITEMAP_INDEX, xml);
  await storage.put('site/rendered/sitemap-2.xml', SITEMAP_PART, xml);
  const api = http.createServer((_req, res) => res.end('ok')).listen(apiPort, '127.0.0.1');
  let nginx;
  try {
    nginx = await startNginx(path.join(tmp, 'nginx'), {
      ...s3Env,
      ...remotePortsEnv(remotePorts),
      HOST_PORT: String(hostPort),
      HOST_ROOT: hostRoot,
      API_UPSTREAMS: `http://127.0.0.1:${apiPort}`,
      PUBLIC_HOST: '127.0.0.1',
      NGINX_CACHE_DIR: path.join(tmp, 'nginx/cache'),
    });
    const get = async (p) => {
      const res = await fetch(`${nginx.origin}${p}`);
      return [res.status, await res.text()];
    };
    assert.deepStrictEqual(await get('/no/such/page'), [404, NOT_FOUND_HTML]);
    assert.deepStrictEqual(await get('/newsDetail?id=999'), [404, NO_ARTICLE_HTML]);
    assert.deepStrictEqual(await get('/document?id=999'), [404, APP_HTML], 'no not-found page of its own: the app, still a 404');
    assert.deepStrictEqual(await get('/newsDetail?id=3'), [200, NEWS_HTML]);
    await assertSitemapParts(nginx.origin);

    // Issue 45.5: a page from the bucket precompressed as the renderer stored it, chosen by Accept-Encoding: brotli,
    // then gzip, else the page; the stored bytes as they are (nginx compresses nothing again), the page's type, the
    // page policy and caching of the plain page, Vary: Accept-Encoding.
    const plain = await rawGet(`${nginx.origin}/newsDetail?id=3`, null);
    assert.deepStrictEqual([plain.status, plain.encoding, plain.bytes.toString('utf8')], [200, null, NEWS_HTML]);
    const pageHeaders = (r) => [r.type, r.cacheControl, r.csp];
    for (const [url, status, accept, encoding, bytes, page] of [
      ['/newsDetail?id=3', 200, 'gzip, deflate, br', 'br', news.br, NEWS_HTML],
      ['/newsDetail?id=3', 200, 'br', 'br', news.br, NEWS_HTML],
      ['/newsDetail?id=3', 200, 'gzip, deflate', 'gzip', news.gzip, NEWS_HTML],
      ['/newsDetail?id=3', 200, 'br;q=0, gzip', 'gzip', news.gzip, NEWS_HTML],
      ['/newsDetail?id=3', 200, 'identity', null, Buffer.from(NEWS_HTML), NEWS_HTML],
      ['/newsDetail?id=3', 200, null, null, Buffer.from(NEWS_HTML), NEWS_HTML],
      ['/', 200, 'gzip, deflate, br', 'br', home.br, HOME_HTML],
      ['/', 200, 'gzip', 'gzip', home.gzip, HOME_HTML],
      // A not-found page too, its status kept.
      ['/newsDetail?id=999', 404, 'gzip, deflate, br', 'br', noArticle.br, NO_ARTICLE_HTML],
      ['/newsDetail?id=999', 404, 'gzip', 'gzip', noArticle.gzip, NO_ARTICLE_HTML],
    ]) {
      const r = await rawGet(`${nginx.origin}${url}`, accept);
      const what = `${url} Accept-Encoding ${accept}`;
      assert.deepStrictEqual([what, r.status, r.encoding], [what, status, encoding]);
      assert.ok(r.bytes.equals(bytes), `${what}: the stored ${encoding ?? 'page'}'s bytes as they are`);
      const decoded = encoding === 'br' ? zlib.brotliDecompressSync(r.bytes) : encoding === 'gzip' ? zlib.gunzipSync(r.bytes) : r.bytes;
      assert.strictEqual(decoded.toString('utf8'), page, `${what}: decodes to the page`);
      assert.match(r.vary, /Accept-Encoding/, `${what}: Vary`);
      assert.deepStrictEqual(pageHeaders(r), pageHeaders(plain), `${what}: the plain page's type, caching and policy`);
    }
    // A page the bucket has no copies of (published before they were put): the page itself, whatever is asked.
    const old = await rawGet(`${nginx.origin}/newsDetail?id=4`, 'br');
    assert.deepStrictEqual([old.status, old.encoding, old.bytes.toString('utf8')], [200, null, OLD_HTML]);
    const oldGzip = await rawGet(`${nginx.origin}/newsDetail?id=4`, 'gzip, br');
    assert.strictEqual(zlib.gunzipSync(oldGzip.bytes).toString('utf8'), OLD_HTML, 'gzipped by nginx, as before');
  } finally {
    await stopAll([nginx?.child]);
    api.close();
    storage.client?.destroy();
    await s3.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
