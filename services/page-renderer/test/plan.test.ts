/**
 * plan(): which pages a run renders, for each kind of scope (issue 17). The routes are what remotes' renderRoutes()
 * return (with the remote's name), `previous` is the last run's index entries.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BLOCK_IDS, CHANNEL_IDS, type ContentChange } from '@site/contract';
import { plan, SHELL_BLOCKS, touchesShell, type PlannedRoute } from '../src/plan';
import type { RenderedEntry } from '../src/output';

const CONTENT = 'remote_content';
const SUPPORT = 'remote_support';

const current: PlannedRoute[] = [
  { url: '/', remote: CONTENT, channels: [CHANNEL_IDS.product, CHANNEL_IDS.news], blocks: [BLOCK_IDS.homeBanner] },
  { url: '/news', remote: CONTENT, channels: [CHANNEL_IDS.news] },
  { url: '/product', remote: CONTENT, channels: [CHANNEL_IDS.product] },
  { url: '/privacy', remote: CONTENT },
  { url: '/newsDetail?id=7', remote: CONTENT, articleId: 7, channels: [CHANNEL_IDS.news] },
  { url: '/productDetail?id=8', remote: CONTENT, articleId: 8, channels: [] },
  { url: '/support', remote: SUPPORT, channels: [CHANNEL_IDS.support, CHANNEL_IDS.document], blocks: [BLOCK_IDS.documents] },
  { url: '/document', remote: SUPPORT, channels: [CHANNEL_IDS.document] },
  { url: '/document?id=21', remote: SUPPORT, articleId: 21, channels: [CHANNEL_IDS.document] },
];

const entry = (r: PlannedRoute): RenderedEntry => ({
  file: `pages${r.url}.html`,
  remote: r.remote,
  versions: { [r.remote]: '1.0.0' },
  renderedAt: '2025-01-01T00:00:00.000Z',
  ...(r.channels ? { channels: r.channels } : {}),
  ...(r.articleId !== undefined ? { articleId: r.articleId } : {}),
  ...(r.blocks ? { blocks: r.blocks } : {}),
});

/** Everything in `current` was rendered last time. */
const previous: Record<string, RenderedEntry> = Object.fromEntries(current.map((r) => [r.url, entry(r)]));

const urls = (routes: readonly PlannedRoute[]) => routes.map((r) => r.url).sort();
const changes = (...list: ContentChange[]) => ({ changes: list });

test('[ISSUE-17] {all} renders every current route, and only those', () => {
  const planned = plan({ all: true }, current, previous);
  assert.deepEqual(urls(planned), urls(current));
  assert.deepEqual(plan({ all: true }, [], previous), []);
});

test('[ISSUE-17] an article change renders its own page and the pages listing its channel, nothing else', () => {
  assert.deepEqual(urls(plan(changes({ kind: 'article', id: 7, channelId: CHANNEL_IDS.news }), current, previous)), [
    '/',
    '/news',
    '/newsDetail?id=7',
  ]);
  // A product detail lists no channel: the product's own page, and the lists of its channel.
  assert.deepEqual(urls(plan(changes({ kind: 'article', id: 8, channelId: CHANNEL_IDS.product }), current, previous)), [
    '/',
    '/product',
    '/productDetail?id=8',
  ]);
  // An article without a channel (channelId null): its own page only.
  assert.deepEqual(urls(plan(changes({ kind: 'article', id: 21, channelId: null }), current, previous)), ['/document?id=21']);
  // An article in a channel no page lists: nothing.
  assert.deepEqual(plan(changes({ kind: 'article', id: 999, channelId: CHANNEL_IDS.video }), current, previous), []);
});

test('[ISSUE-17] a just-published article: its new URL is rendered though no change names a page showing it', () => {
  const withNew = [...current, { url: '/newsDetail?id=50', remote: CONTENT, articleId: 50, channels: [CHANNEL_IDS.news] }];
  // The change concerns another channel entirely; the new URL is rendered because it was never rendered before.
  const planned = urls(plan(changes({ kind: 'article', id: 21, channelId: CHANNEL_IDS.document }), withNew, previous));
  assert.deepEqual(planned, ['/document', '/document?id=21', '/newsDetail?id=50', '/support']);
});

test('[ISSUE-17] an article that left a channel: the page that listed it there is re-rendered (the previous entry says so)', () => {
  // /news now lists channel 10 only (as the remote says now), but was rendered listing channel 12.
  const now = current.map((r) => (r.url === '/news' ? { ...r, channels: [CHANNEL_IDS.solution] } : r));
  const planned = urls(plan(changes({ kind: 'article', id: 99, channelId: CHANNEL_IDS.news }), now, previous));
  assert.ok(planned.includes('/news'), `the old channel's page is re-rendered: ${planned.join(', ')}`);
  // And the new channel, from the current routes.
  assert.ok(urls(plan(changes({ kind: 'article', id: 99, channelId: CHANNEL_IDS.solution }), now, previous)).includes('/news'));
});

test('[ISSUE-17] a shell block (header, footer) renders every page; a page block only the pages that show it', () => {
  for (const blockId of SHELL_BLOCKS) {
    assert.deepEqual(urls(plan(changes({ kind: 'block', blockId }), current, previous)), urls(current), `shell block ${blockId}`);
  }
  assert.deepEqual(urls(plan(changes({ kind: 'block', blockId: BLOCK_IDS.homeBanner }), current, previous)), ['/']);
  assert.deepEqual(urls(plan(changes({ kind: 'block', blockId: BLOCK_IDS.documents }), current, previous)), ['/support']);
  assert.deepEqual(plan(changes({ kind: 'block', blockId: BLOCK_IDS.commonQuestions }), current, previous), []);
  assert.ok(!SHELL_BLOCKS.includes(BLOCK_IDS.homeBanner) && !SHELL_BLOCKS.includes(BLOCK_IDS.documents));
});

test('[ISSUE-17] a channel change or a site-wide change renders every page (the navigation is on each)', () => {
  assert.deepEqual(urls(plan(changes({ kind: 'channel', id: CHANNEL_IDS.video }), current, previous)), urls(current));
  assert.deepEqual(urls(plan(changes({ kind: 'site' }), current, previous)), urls(current));
});

test('[ISSUE-17] several changes in one batch: the union of the pages each touches', () => {
  const planned = urls(
    plan(changes({ kind: 'block', blockId: BLOCK_IDS.documents }, { kind: 'article', id: 8, channelId: CHANNEL_IDS.product }), current, previous),
  );
  assert.deepEqual(planned, ['/', '/product', '/productDetail?id=8', '/support']);
});

test('[ISSUE-17] a first run (no previous index): every route is new, whatever the scope', () => {
  assert.deepEqual(urls(plan(changes({ kind: 'block', blockId: BLOCK_IDS.commonQuestions }), current, {})), urls(current));
  assert.deepEqual(urls(plan(changes({ kind: 'article', id: 999, channelId: null }), current, {})), urls(current));
});

test('[issue 34.9] the not-found pages (the shell alone) are rendered again for a change of the shell only', () => {
  assert.equal(touchesShell({ all: true }), true);
  for (const blockId of SHELL_BLOCKS) assert.equal(touchesShell(changes({ kind: 'block', blockId })), true, `shell block ${blockId}`);
  assert.equal(touchesShell(changes({ kind: 'channel', id: CHANNEL_IDS.video })), true);
  assert.equal(touchesShell(changes({ kind: 'site' })), true);
  assert.equal(touchesShell(changes({ kind: 'article', id: 7, channelId: CHANNEL_IDS.news })), false);
  assert.equal(touchesShell(changes({ kind: 'block', blockId: BLOCK_IDS.homeBanner })), false);
});
