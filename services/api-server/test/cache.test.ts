/** The server's in-memory cache: TTL, prefix invalidation and its size bound (keys come from query strings). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ARTICLE_CACHE, Cache } from '../src/context.js';

test('a cached value is loaded once until its prefix is invalidated', async () => {
  const cache = new Cache();
  let loads = 0;
  const load = async () => ++loads;
  assert.equal(await cache.get(`${ARTICLE_CACHE}page:12:1:20`, load), 1);
  assert.equal(await cache.get(`${ARTICLE_CACHE}page:12:1:20`, load), 1);
  cache.invalidate('channels');
  assert.equal(await cache.get(`${ARTICLE_CACHE}page:12:1:20`, load), 1);
  cache.invalidate(ARTICLE_CACHE);
  assert.equal(await cache.get(`${ARTICLE_CACHE}page:12:1:20`, load), 2);
});

test('an expired value is loaded again', async () => {
  const cache = new Cache(0);
  let loads = 0;
  await cache.get('k', async () => ++loads);
  await new Promise((r) => setTimeout(r, 2));
  assert.equal(await cache.get('k', async () => ++loads), 2);
});

test('the cache never holds more than its bound; the oldest entry goes first', async () => {
  const cache = new Cache(60_000, 3);
  for (const k of ['a', 'b', 'c', 'd']) await cache.get(k, async () => k);
  assert.equal(cache.size, 3);
  let reloaded = false;
  await cache.get('a', async () => ((reloaded = true), 'a'));
  assert.equal(reloaded, true, 'a was evicted');
  assert.equal(await cache.get('d', async () => 'changed'), 'd');
});
