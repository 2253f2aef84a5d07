/**
 * Issue 36.9: a run over N workers (pool.ts: the run's own thread and render threads) writes the same files as one
 * worker; a page that fails is still reported (and keeps no file); the published remote's pages go first; the
 * sitemap becomes an index past its limit. The real worker (runRender) on a stand-in host build and a remote server
 * build served on loopback: 120 pages, each naming a date in the site's zone (a thread must render it as the run
 * does). Under two seconds.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sitemapFiles, writeSitemaps, type RenderIndex } from '../src/output';
import type { PlannedRoute } from '../src/plan';
import { runOrder, runRender, sitemapLimits } from '../src/worker';
import { PAGES, quiet, standIn } from './stand-in';

/** Every file of a folder, name -> bytes; index.json without its times (renderedAt, generatedAt). */
function files(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of (readdirSync(dir, { recursive: true }) as string[]).sort()) {
    if (!statSync(path.join(dir, f)).isFile()) continue;
    const body = readFileSync(path.join(dir, f));
    out[f] = f === 'index.json' ? body.toString('utf8').replace(/"(renderedAt|generatedAt)": "[^"]+"/g, '"$1": "-"') : body.toString('base64');
  }
  return out;
}

test('[issue 36.9] three workers write the same files as one, a failed page is reported by both, and the threads render', async (t) => {
  const { config, threads } = await standIn(t);
  const env = { RENDER_WORKERS: process.env.RENDER_WORKERS, STAND_IN_RENDER_THREADS: process.env.STAND_IN_RENDER_THREADS };
  t.after(() => {
    for (const [k, v] of Object.entries(env))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  });

  process.env.RENDER_WORKERS = '1';
  const one = await runRender(config('one'), [{ all: true }], quiet);
  const main = os.getPriority();
  assert.deepEqual(threads(), new Map([['0', main]]), 'one worker: the run’s own thread only');
  process.env.RENDER_WORKERS = '3';
  // Both render threads render: each waits at its first page for the other (test/stand-in.ts).
  process.env.STAND_IN_RENDER_THREADS = '2';
  // As the service's worker runs: the run goes to the background (a full run: at once), its threads below normal.
  const calls: string[] = [];
  const three = await runRender(config('three'), [{ all: true }], quiet, { background: () => calls.push('background') });
  const used = threads();
  assert.equal(used.size, 3, `three workers: the run’s thread and two render threads (${[...used.keys()].join(', ')})`);
  assert.deepEqual(calls, ['background']);
  for (const [id, nice] of used) if (id !== '0') assert.equal(nice, Math.max(10, main), `render thread ${id} at nice 10`);

  for (const report of [one, three]) {
    assert.equal(report.rendered, PAGES - 1);
    assert.deepEqual(report.kept, [{ url: '/newsDetail?id=13', reason: '文章 13 加载失败' }]);
  }
  assert.equal(three.workers, 3);
  assert.ok(three.peakRssMB > 0);
  const a = files(config('one').outDir);
  const b = files(config('three').outDir);
  assert.equal(Object.keys(a).filter((f) => f.endsWith('.html')).length, PAGES - 1);
  assert.ok(!('pages/newsDetail/id-13.html' in a), 'the failed page has no file');
  assert.deepEqual(Object.keys(b), Object.keys(a));
  for (const f of Object.keys(a)) assert.equal(b[f], a[f], `${f}: the same bytes`);
  // The date in the site's zone in every page (a thread renders in it too).
  assert.match(readFileSync(path.join(config('three').outDir, 'pages/newsDetail/id-77.html'), 'utf8'), /Feb 04 2025 03:00:00 GMT\+0800/);
});

test('[issue 36.10] a remote just published: its pages first, lists before details; a changed article’s own page before all', () => {
  const r = (url: string, remote: string, articleId?: number): PlannedRoute => ({ url, remote, ...(articleId ? { articleId } : {}) });
  const routes = [
    r('/newsDetail?id=1', 'remote_content', 1),
    r('/news', 'remote_content'),
    r('/question?id=5', 'remote_support', 5),
    r('/support', 'remote_support'),
    r('/newsDetail?id=2', 'remote_content', 2),
  ];
  assert.deepEqual(
    runOrder([...routes], [{ all: true, first: ['remote_support'] }]).map((x) => x.url),
    ['/support', '/question?id=5', '/news', '/newsDetail?id=1', '/newsDetail?id=2'],
  );
  assert.deepEqual(
    runOrder([...routes], [{ changes: [{ kind: 'article', id: 2, channelId: 12 }] }]).map((x) => x.url),
    ['/newsDetail?id=2', '/news', '/support', '/newsDetail?id=1', '/question?id=5'],
  );
});

const indexOf = (n: number): RenderIndex => ({
  generatedAt: '',
  clientRoutes: [],
  detailPaths: [],
  urls: [],
  pages: Object.fromEntries(
    [['/news', {}], ...Array.from({ length: n - 1 }, (_, i) => [`/newsDetail?id=${i + 1}`, { lastModified: '2025-02-04 03:00:00' }])].map(
      ([url, e]) => [url, { file: 'x', remote: 'r', versions: {}, renderedAt: '', ...(e as object) }],
    ),
  ),
});

test('[issue 36.9] sitemap: within the limit one sitemap.xml; past it sitemap.xml is an index of sitemap-1.xml, … and a smaller one removes the parts', () => {
  assert.deepEqual(sitemapLimits({}), { urls: 50_000, bytes: 50 * 1024 * 1024 }, 'the protocol’s limits by default');
  assert.deepEqual(sitemapLimits({ RENDER_SITEMAP_MAX_URLS: '4' }).urls, 4);
  assert.deepEqual(sitemapLimits({ RENDER_SITEMAP_MAX_URLS: '60000' }).urls, 50_000, 'never above the protocol’s');
  const origin = 'https://www.example.cn';
  const limits = { urls: 4, bytes: 50 * 1024 * 1024 };
  assert.deepEqual(Object.keys(sitemapFiles(origin, indexOf(4), limits)), ['sitemap.xml']);

  const files = sitemapFiles(origin, indexOf(10), limits);
  assert.deepEqual(Object.keys(files).sort(), ['sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml', 'sitemap.xml']);
  assert.equal(
    files['sitemap.xml'],
    '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      `  <sitemap><loc>${origin}/sitemap-1.xml</loc></sitemap>\n  <sitemap><loc>${origin}/sitemap-2.xml</loc></sitemap>\n` +
      `  <sitemap><loc>${origin}/sitemap-3.xml</loc></sitemap>\n</sitemapindex>\n`,
  );
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].slice(origin.length));
  assert.deepEqual(locs(files['sitemap-1.xml']), ['/news', '/newsDetail?id=1', '/newsDetail?id=2', '/newsDetail?id=3']);
  assert.deepEqual(locs(files['sitemap-3.xml']), ['/newsDetail?id=8', '/newsDetail?id=9']);
  assert.match(
    files['sitemap-2.xml'],
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset [^>]+>\n {2}<url><loc>[^<]+<\/loc><lastmod>2025-02-04<\/lastmod><\/url>/,
  );
  // The byte limit too: a part never passes it (here two URLs a part).
  const small = sitemapFiles(origin, indexOf(5), { urls: 100, bytes: 330 });
  assert.deepEqual(Object.keys(small).length, 4);
  for (const [name, xml] of Object.entries(small)) if (name !== 'sitemap.xml') assert.ok(Buffer.byteLength(xml) <= 330, `${name} within 330 bytes`);

  const dir = mkdtempSync(path.join(os.tmpdir(), 'renderer-sitemap-'));
  try {
    assert.equal(writeSitemaps(dir, origin, indexOf(10), limits), 4);
    assert.deepEqual(readdirSync(dir).sort(), ['sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml', 'sitemap.xml']);
    assert.equal(writeSitemaps(dir, origin, indexOf(6), limits), 3);
    assert.deepEqual(readdirSync(dir).sort(), ['sitemap-1.xml', 'sitemap-2.xml', 'sitemap.xml'], 'sitemap-3.xml is gone');
    assert.equal(writeSitemaps(dir, origin, indexOf(3), limits), 1);
    assert.deepEqual(readdirSync(dir), ['sitemap.xml']);
    assert.match(readFileSync(path.join(dir, 'sitemap.xml'), 'utf8'), /<urlset /);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('[issue 36.9] a changed article’s page is rendered before the remotes have listed their URLs, its entry from the route', async (t) => {
  const { config, threads } = await standIn(t);
  const env = { RENDER_WORKERS: process.env.RENDER_WORKERS };
  const g = globalThis as { __renderSteps?: string[]; __published7?: string };
  t.after(() => {
    delete g.__renderSteps;
    delete g.__published7;
    if (env.RENDER_WORKERS === undefined) delete process.env.RENDER_WORKERS;
    else process.env.RENDER_WORKERS = env.RENDER_WORKERS;
  });
  process.env.RENDER_WORKERS = '1';
  await runRender(config('changes'), [{ all: true }], quiet);
  threads();

  // Article 7 edited (a new publish date): its page first, while the remote lists its URLs; then its channel's.
  g.__renderSteps = [];
  g.__published7 = '2026-11-27 09:00:00';
  const report = await runRender(config('changes'), [{ changes: [{ kind: 'article', id: 7, channelId: 12 }] }], quiet, {
    background: () => g.__renderSteps?.push('background'),
  });
  assert.deepEqual(g.__renderSteps.slice(0, 4), ['/newsDetail?id=7', 'listed', 'background', '/news'], 'to the background once it is out');
  assert.ok(report.firstPageMs !== null && report.firstPageMs <= report.ms);
  assert.equal(g.__renderSteps.filter((u) => u === '/newsDetail?id=7').length, 1, 'rendered once');
  assert.equal(report.rendered, PAGES - 1);
  const index = JSON.parse(readFileSync(path.join(config('changes').outDir, 'index.json'), 'utf8')) as RenderIndex;
  assert.equal(index.pages['/newsDetail?id=7'].lastModified, '2026-11-27 09:00:00', 'the entry says what the route says now');
  assert.deepEqual(index.pages['/newsDetail?id=7'].channels, [12]);
});
