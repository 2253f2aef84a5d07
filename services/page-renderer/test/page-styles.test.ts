/**
 * A rendered page inlines the host's styles, the UI kit's once and the sheets of the page module that rendered it:
 * nothing of another remote, nor the kit again from each build that bundles it. The real page job (openPageJob) on a
 * stand-in host build and two remote server builds served on loopback, each build answering as the real ones do
 * (the kit's sheet in each, `pageStylesheets` per exposed module). The real builds' figures are checked by
 * e2e/tests/rendered-pages.spec.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openPageJob, type JobSpec } from '../src/page-job';

const HOST_CSS = '.site-header{display:flex}';
const KIT_CSS = '.site-empty{display:flex}';
const ANTD_CSS = '.ant-btn{color:red}';
const CONTENT_CSS = '.rc-page{margin:0}';
const CONTENT_NEWS_CSS = '.rc-news{padding:0}';
const SUPPORT_CSS = '.rs-page{margin:0}';

const HOST_BUILD = `
module.exports = {
  PUBLIC_ROUTES: [
    { path: '/', remote: 'remote_content', module: './Home' },
    { path: '/news', remote: 'remote_content', module: './NewsCentre' },
    { path: '/support', remote: 'remote_support', module: './Support' },
  ],
  CLIENT_ROUTES: ['/', '/news', '/support'],
  ClientOnlySlot: class extends Error {},
  beginRenderRun() {},
  notFoundPages: async () => ['/404'],
  async renderPage({ url }) {
    return { html: '<main><h1>' + url + '</h1></main>', data: null, errors: [], clientOnly: false, head: '<title>' + url + '</title>',
      css: [${JSON.stringify(HOST_CSS)}, ${JSON.stringify(KIT_CSS)}, ${JSON.stringify(ANTD_CSS)}] };
  },
};
`;

/** A remote's server build: every sheet it bundles (the kit's too) in `stylesheets()`, each page's in `pageStylesheets`. */
const remoteBuild = (name: string, pages: Record<string, string[]>) => `
const pages = ${JSON.stringify(pages)};
module.exports = {
  name: ${JSON.stringify(name)}, version: '1.0.0', setPublicPath() {}, renderRoutes: null,
  pages: Object.fromEntries(Object.keys(pages).map((m) => [m, async () => ({ default: () => null })])),
  stylesheets: () => [...new Set(Object.values(pages).flat())],
  pageStylesheets: (module) => pages[module] ?? [],
};
`;
const CONTENT_BUILD = remoteBuild('remote_content', { './Home': [KIT_CSS, CONTENT_CSS], './NewsCentre': [KIT_CSS, CONTENT_CSS, CONTENT_NEWS_CSS] });
const SUPPORT_BUILD = remoteBuild('remote_support', { './Support': [KIT_CSS, SUPPORT_CSS] });

async function standIn(t: { after(fn: () => void): void }) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'renderer-styles-'));
  const hostRoot = path.join(tmp, 'host');
  mkdirSync(path.join(hostRoot, 'server'), { recursive: true });
  writeFileSync(path.join(hostRoot, 'index.html'), '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(hostRoot, 'server', 'server.js'), HOST_BUILD);
  const builds: Record<string, string> = { rc: CONTENT_BUILD, rs: SUPPORT_BUILD };
  const server = http.createServer((req, res) => {
    const m = /^\/(rc|rs)\/(mf-manifest\.json|server\/server\.js)$/.exec(req.url ?? '');
    if (!m) {
      res.statusCode = 404;
      return res.end();
    }
    res.end(m[2] === 'mf-manifest.json' ? JSON.stringify({ metaData: { buildInfo: { buildVersion: '1.0.0' } }, exposes: [] }) : builds[m[1]]);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t.after(() => {
    server.close();
    rmSync(tmp, { recursive: true, force: true });
  });
  const spec = (out: string): JobSpec => ({
    outDir: path.join(tmp, out),
    apiOrigin: origin,
    siteOrigin: 'https://www.example.cn',
    hostRoot,
    cacheDir: path.join(tmp, 'cache'),
    remotes: { remote_content: `${origin}/rc/mf-manifest.json`, remote_support: `${origin}/rs/mf-manifest.json` },
    names: ['remote_content', 'remote_support'],
  });
  return spec;
}

/** The text of a page file's `<style data-rendered>`. */
function inlineCss(file: string): string {
  const m = /<style data-rendered>([^]*?)<\/style>/.exec(readFileSync(file, 'utf8'));
  assert.ok(m, `${file} has its styles inline`);
  return m[1];
}
const count = (text: string, part: string) => text.split(part).length - 1;
const route = (url: string) => ({ url, remote: url === '/support' ? 'remote_support' : 'remote_content' });

test("[issue 42.1] a page carries the host's styles, the UI kit's once and its own page module's, nothing of another remote", async (t) => {
  const spec = await standIn(t);
  const job = await openPageJob(spec('out'));
  t.after(() => job.close());
  for (const url of ['/', '/news', '/support']) assert.equal((await job.render(route(url))).reason, undefined, url);
  const notFound = await job.renderNotFound('/404');
  const out = spec('out').outDir;

  const home = inlineCss(path.join(out, 'pages/index.html'));
  const news = inlineCss(path.join(out, 'pages/news.html'));
  const support = inlineCss(path.join(out, 'pages/support.html'));
  const missing = inlineCss(path.join(out, notFound));
  // In the order they apply: the host's (its antd parts with them), then the page's own.
  assert.equal(home, [HOST_CSS, KIT_CSS, ANTD_CSS, CONTENT_CSS].join('\n'));
  assert.equal(news, [HOST_CSS, KIT_CSS, ANTD_CSS, CONTENT_CSS, CONTENT_NEWS_CSS].join('\n'), "the news page's own sheet, not the home page's only");
  assert.equal(support, [HOST_CSS, KIT_CSS, ANTD_CSS, SUPPORT_CSS].join('\n'));
  assert.equal(missing, [HOST_CSS, KIT_CSS, ANTD_CSS].join('\n'), 'the site-wide not-found page: the host’s only');
  for (const [name, css] of Object.entries({ home, news, support, missing })) assert.equal(count(css, KIT_CSS), 1, `${name}: the UI kit's once`);
  assert.equal(count(home, '.rc-news'), 0, "the home page has none of the news page's sheet");
  assert.equal(count(support, '.rc-'), 0, "a support page has nothing of remote-content's");
  assert.equal(count(news, '.rs-'), 0, "a content page has nothing of remote-support's");
});

test('[issue 42.1] a remote build from before pageStylesheets: its pages carry all its own sheets, still nothing of another remote', async (t) => {
  const spec = await standIn(t);
  const job = await openPageJob(spec('out'));
  t.after(() => job.close());
  const content = job.remotes.get('remote_content')!.build!;
  delete content.pageStylesheets;
  await job.render(route('/'));
  const home = inlineCss(path.join(spec('out').outDir, 'pages/index.html'));
  assert.equal(home, [HOST_CSS, KIT_CSS, ANTD_CSS, CONTENT_CSS, CONTENT_NEWS_CSS].join('\n'));
});
