/**
 * pageDocument(): the host's index.html made into one rendered page (issue 17). The template is the shape of the
 * host's production index.html (html-webpack-plugin, minified).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { documentTemplate, lcpImage, pageDocument, withPageCatch, type PageParts } from '../src/document';
import { notFoundFileFor } from '../src/output';

const TEMPLATE =
  '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"/><meta name="viewport" content="width=device-width,initial-scale=1"/>' +
  '<meta name="description" content="模板的描述"/><meta name="theme-color" content="#1d4ed8"/><link rel="icon" href="/favicon.svg" type="image/svg+xml"/>' +
  '<link rel="preload" href="/remotes.json" as="fetch" crossorigin="anonymous"/><title>模板的标题</title>' +
  '<script defer="defer" src="/main.1da4c3c8.js"></script></head><body><noscript>请启用 JavaScript 以浏览本网站。</noscript>' +
  '<div id="root"></div></body></html>';

const REMOTE = 'http://localhost:8081/';

function parts(over: Partial<PageParts> = {}): PageParts {
  return {
    location: '/news',
    html: '<div class="page"><main><h1>新闻中心</h1><p>正文</p></main></div>',
    head: '<title>新闻中心 - 华电智控</title><meta name="description" content="页面的描述" />',
    css: ['.page{color:red}'],
    data: { 'articles:12:1': { data: { rows: [] } } },
    remotes: { remote_content: `${REMOTE}mf-manifest.json` },
    versions: { remote_content: '1.2.0' },
    preload: { manifests: [`${REMOTE}mf-manifest.json`], scripts: [`${REMOTE}remoteEntry.js`, `${REMOTE}static/js/123.abcdef12.js`] },
    ...over,
  };
}

const headOf = (doc: string) => doc.slice(0, doc.indexOf('</head>'));
const rootOf = (doc: string) => {
  const start = doc.indexOf('<div id="root">') + '<div id="root">'.length;
  return doc.slice(start, doc.lastIndexOf('</div><script type="application/json" id="site-render">'));
};
/** The render state the browser reads, parsed as the browser would (JSON.parse of the element's text). */
function stateOf(doc: string): {
  location: string;
  remotes: Record<string, string>;
  versions: Record<string, string>;
  data: Record<string, unknown>;
} {
  const m = /<script type="application\/json" id="site-render">([^]*?)<\/script>/.exec(doc);
  assert.ok(m, 'the site-render element is there');
  return JSON.parse(m[1]);
}
const count = (s: string, needle: string) => s.split(needle).length - 1;

test("[ISSUE-17] the page's title and description replace the template's", () => {
  const doc = pageDocument(TEMPLATE, parts());
  assert.equal(count(doc, '<title>'), 1);
  assert.match(headOf(doc), /<title>新闻中心 - 华电智控<\/title>/);
  assert.equal(count(doc, '<meta name="description"'), 1);
  assert.match(headOf(doc), /<meta name="description" content="页面的描述" \/>/);
  assert.ok(!doc.includes('模板的标题') && !doc.includes('模板的描述'));
  // The rest of the template stays: charset, viewport, icon, the app's script.
  for (const kept of ['<meta charset="utf-8"/>', 'name="viewport"', 'rel="icon"', '<script defer="defer" src="/main.1da4c3c8.js"></script>'])
    assert.ok(headOf(doc).includes(kept), kept);
});

test('[ISSUE-17] the remotes.json preload and the noscript notice are removed; #root holds the rendered page', () => {
  const doc = pageDocument(TEMPLATE, parts());
  assert.ok(!doc.includes('/remotes.json'), 'the remotes are inlined, no preload of the file');
  assert.ok(!doc.includes('<noscript>'));
  assert.equal(rootOf(doc), parts().html);
  assert.equal(count(doc, '<div id="root">'), 1);
  assert.ok(!doc.includes('<div id="root"></div>'));
});

test('[ISSUE-17] site-render: location, remotes, versions and data for hydration', () => {
  const page = parts();
  const state = stateOf(pageDocument(TEMPLATE, page));
  assert.deepEqual(state, { location: '/news', remotes: page.remotes, versions: page.versions, data: page.data });
});

test('[ISSUE-17] site-render JSON is escaped: a </script> or <!-- in the data cannot leave the element', () => {
  const hostile = '</script><script>alert(1)</script><!-- </SCRIPT > \u2028\u2029';
  const doc = pageDocument(TEMPLATE, parts({ data: { title: hostile }, location: '/newsDetail?id=1&x=</script>' }));
  const body = doc.slice(doc.indexOf('<body>'));
  assert.equal(count(body.toLowerCase(), '<script'), 1, 'only the site-render element opens a script in the body');
  assert.ok(!body.includes('alert(1)</script>'));
  const state = stateOf(doc);
  assert.equal(state.data.title, hostile, 'the data reads back unchanged');
  assert.equal(state.location, '/newsDetail?id=1&x=</script>');
});

test("[ISSUE-17] replacement patterns in the content stay literal ($&, $1, $`, $')", () => {
  const html = "<main><p>价格 $& 元，$1 $` $' $$ 结束</p></main>";
  const head = "<title>$& 标题 $'</title>";
  const doc = pageDocument(TEMPLATE, parts({ html, head, css: ['.a::after{content:"$&"}'] }));
  assert.equal(rootOf(doc), html);
  assert.ok(headOf(doc).includes(head));
  assert.ok(headOf(doc).includes('.a::after{content:"$&"}'));
  assert.equal(count(doc, '</head>'), 1);
  assert.equal(count(doc, '</body>'), 1);
});

test("[ISSUE-17] React's leading <link> hints move from #root to <head>", () => {
  const hints = '<link rel="preload" as="image" href="/files/banner.jpg" fetchPriority="high"/><link rel="preload" as="font" href="/f.woff2"/>';
  const content = '<div class="page"><main><p>x</p><link rel="canonical" href="/in-content"/></main></div>';
  const doc = pageDocument(TEMPLATE, parts({ html: hints + content }));
  assert.equal(rootOf(doc), content, 'only the leading links move; a link inside the content stays');
  assert.ok(headOf(doc).includes('<link rel="preload" as="image" href="/files/banner.jpg" fetchPriority="high"/>'));
  assert.ok(headOf(doc).includes('<link rel="preload" as="font" href="/f.woff2"/>'));
});

test('[ISSUE-17] LCP image: a high-priority preload of the first <img> inside <main>', () => {
  const html =
    '<header><img src="/logo.svg" alt="logo"/></header><main class="m"><section><img alt="banner" class="b" src="/files/banner.jpg?w=1&amp;h=2"/>' +
    '<img src="/files/second.jpg"/></section></main>';
  const doc = pageDocument(TEMPLATE, parts({ html }));
  const preloads = headOf(doc).match(/<link rel="preload"[^>]*as="image"[^>]*>/g) ?? [];
  assert.deepEqual(preloads, ['<link rel="preload" href="/files/banner.jpg?w=1&amp;h=2" as="image" fetchpriority="high" />']);
  assert.equal(lcpImage(html), '/files/banner.jpg?w=1&h=2');
  // data-src is not src; a page without <main> or without an image in it has none.
  assert.equal(lcpImage('<main><img data-src="/lazy.jpg"/><img src="/real.jpg"/></main>'), '/real.jpg');
  assert.equal(lcpImage('<div><img src="/outside.jpg"/></div>'), null);
  assert.equal(lcpImage('<img src="/before.jpg"/><main><p>no image</p></main>'), null);
  // [ISSUE-25] a video page: its poster, not the footer's logo after </main>.
  assert.equal(
    lcpImage('<main><video controls="" poster="/files/videos/a.jpg?v=1&amp;x=2"></video></main><footer><img src="/logo.svg"/></footer>'),
    '/files/videos/a.jpg?v=1&x=2',
  );
  assert.equal(lcpImage('<main><p>no image</p></main><footer><img src="/logo.svg"/></footer>'), null);
  assert.ok(!/as="image"/.test(headOf(pageDocument(TEMPLATE, parts()))));
});

test('[ISSUE-25] remote preloads wait in <template id="site-later">: the manifest as fetch, remoteEntry.js anonymous, chunks without', () => {
  const head = headOf(pageDocument(TEMPLATE, parts()));
  const later = /<template id="site-later">([^]*?)<\/template>/.exec(head)?.[1] ?? '';
  assert.equal(
    later,
    `<link rel="preload" href="${REMOTE}mf-manifest.json" as="fetch" crossorigin="anonymous" />` +
      `<link rel="preload" href="${REMOTE}remoteEntry.js" as="script" crossorigin="anonymous" />` +
      `<link rel="preload" href="${REMOTE}static/js/123.abcdef12.js" as="script" />`,
  );
  assert.equal(count(head, REMOTE), 3, 'no remote file is preloaded outside the template');
});

test('[ISSUE-17] the rendered styles are one <style data-rendered> in <head>; a </style> in them cannot close it', () => {
  const doc = pageDocument(TEMPLATE, parts({ css: ['.a{color:red}', '.b::after{content:"</style><script>x</script>"}'] }));
  const head = headOf(doc);
  assert.equal(count(head, '<style data-rendered>'), 1);
  assert.equal(count(head.toLowerCase(), '</style'), 1);
  assert.ok(head.includes('.a{color:red}\n.b::after'));
});

test("[ISSUE-25] the host's first script is inlined byte for byte in place of the entry chunk, whose URL it carries", () => {
  const catcher = 'window.__siteEarlyMessages=[];';
  const doc = pageDocument(withPageCatch(TEMPLATE, catcher), parts());
  assert.ok(doc.includes(`<script data-entry="/main.1da4c3c8.js">${catcher}</script>`));
  assert.equal(count(doc, 'main.1da4c3c8.js'), 1, 'no <script src> of the entry: the catcher starts it after paint');
  assert.ok(doc.indexOf(catcher) < doc.indexOf('</head>'));
  for (const unsafe of ['x="</script><script>alert(1)//"', 'x="<!--"']) {
    const d = withPageCatch(TEMPLATE, unsafe);
    assert.equal(count(d, '<script>'), 0, unsafe);
    assert.equal(d, TEMPLATE);
  }
  assert.equal(withPageCatch(TEMPLATE, null), TEMPLATE);
});

test('[issue 38.1] the template is made once: a page is the pieces of index.html joined with its parts, the same document', () => {
  const template = documentTemplate(TEMPLATE);
  for (const page of [parts(), parts({ location: '/about', html: '<main><p>关于 $& 我们</p></main>', head: '<title>关于我们</title>' })])
    assert.equal(pageDocument(template, page), pageDocument(TEMPLATE, page));
  assert.throws(() => documentTemplate('<html><body>no root</body></html>'), /no <\/head>, empty #root and <\/body>/);
});

test('[issue 34.9] a not-found page says so in its render state (the browser adopts it for the URL the origin answered 404)', () => {
  assert.equal(stateOf(pageDocument(TEMPLATE, parts({ location: '/newsDetail', notFound: true }))).location, '/newsDetail');
  assert.equal((stateOf(pageDocument(TEMPLATE, parts({ notFound: true }))) as { notFound?: boolean }).notFound, true);
  assert.equal('notFound' in stateOf(pageDocument(TEMPLATE, parts())), false);
  assert.equal(notFoundFileFor('/404'), 'pages/404.html');
  assert.equal(notFoundFileFor('/newsDetail'), 'pages/newsDetail/not-found.html');
  assert.equal(notFoundFileFor('/product'), 'pages/product/not-found.html');
});
