/**
 * The server's in-memory cache: entries follow their areas' versions (cache_version, bumped by triggers), a
 * loader's expiry, the TTL, and the size bound (keys come from query strings).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Cache } from '../src/context.js';

/** A stand-in for the cache_version table: the areas' versions as a test sets them. */
function versions(initial: Record<string, number> = {}) {
  const v = new Map(Object.entries(initial));
  return { read: async () => new Map(v), bump: (area: string) => v.set(area, (v.get(area) ?? 0) + 1) };
}

test('a cached value is loaded once until one of its areas moves on', async () => {
  const v = versions({ article: 1, channel: 1, block: 1 });
  const cache = new Cache(v.read);
  let loads = 0;
  const load = async () => ++loads;
  assert.equal(await cache.get(['article', 'channel'], 'articles:page:12:1:20', load), 1);
  assert.equal(await cache.get(['article', 'channel'], 'articles:page:12:1:20', load), 1);
  v.bump('block');
  assert.equal(await cache.get(['article', 'channel'], 'articles:page:12:1:20', load), 1, 'another area');
  v.bump('channel');
  assert.equal(await cache.get(['article', 'channel'], 'articles:page:12:1:20', load), 2, 'a channel change');
  v.bump('article');
  assert.equal(await cache.get(['article', 'channel'], 'articles:page:12:1:20', load), 3, 'an article change');
  assert.equal(await cache.get(['article', 'channel'], 'articles:page:12:1:20', load), 3);
});

test("a loader's expiry ends its entry before the TTL (an article scheduled for later)", async () => {
  const cache = new Cache(versions().read, 600_000);
  let loads = 0;
  const load = async () => ({ value: ++loads, expiresAt: Date.now() + 1 });
  assert.equal(await cache.getUntil(['article'], 'k', load), 1);
  await new Promise((r) => setTimeout(r, 5));
  assert.equal(await cache.getUntil(['article'], 'k', load), 2);
  assert.equal(await cache.getUntil(['article'], 'far', async () => ({ value: 'a', expiresAt: Date.now() + 60_000 })), 'a');
  assert.equal(await cache.getUntil(['article'], 'far', async () => ({ value: 'b' })), 'a');
});

test('an expired value is loaded again', async () => {
  const cache = new Cache(versions().read, 0);
  let loads = 0;
  await cache.get(['config'], 'k', async () => ++loads);
  await new Promise((r) => setTimeout(r, 2));
  assert.equal(await cache.get(['config'], 'k', async () => ++loads), 2);
});

test('the cache never holds more than its bound; the oldest entry goes first', async () => {
  const cache = new Cache(versions().read, 60_000, 3);
  for (const k of ['a', 'b', 'c', 'd']) await cache.get(['dict'], k, async () => k);
  assert.equal(cache.size, 3);
  let reloaded = false;
  await cache.get(['dict'], 'a', async () => ((reloaded = true), 'a'));
  assert.equal(reloaded, true, 'a was evicted');
  assert.equal(await cache.get(['dict'], 'd', async () => 'changed'), 'd');
});
