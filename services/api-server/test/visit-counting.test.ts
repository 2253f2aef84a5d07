/**
 * 访问统计 leaves out the site's own monitoring and the pages the site does not have (issue 34.9): a visit record
 * (VISIT-7) from loopback or from a trusted proxy itself is answered but not stored (decided when it arrives, by the
 * server's configuration: lib/visits.ts visitCounts), while a visitor's record through the proxy is stored; a
 * record whose URL is no page of the site (`/404`, an unknown address) is stored but left out of every figure
 * (migration 025, visit_page). The test harnesses store loopback (SITE_VISIT_COUNT_LOCAL=1, their browsers run
 * there); production does not.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { REMOTE_ROUTES, VISIT_PAGE_PATHS } from '@site/contract/routes';
import { rows } from '../src/db/index.js';
import { visitCounts } from '../src/lib/visits.js';
import { visitAnalytics } from '../src/routes/visits.js';
import { suiteServer } from './helpers.js';

const TRUSTED = ['loopback', '10.1.2.3', '192.168.7.0/24', 'fd00::7'];
const s = suiteServer({ server: { countLocalVisits: false, trustProxy: TRUSTED } });

let nextUv = 424_242_000_000_000;
/** Sends one entry record from `from` (the peer address) with the headers given; the number of records stored. */
async function send(url: string, from: string, headers: Record<string, string> = {}) {
  const uv = String(nextUv++);
  const r = await s.app.inject({
    method: 'POST',
    url: '/api/visit/1',
    remoteAddress: from,
    headers,
    payload: { siteId: '1', url, entryUrl: url, referrer: '', si: 1, uv: Number(uv), newVisitor: true, count: 1, duration: 0 },
  });
  assert.equal(r.statusCode, 200, r.body);
  assert.equal(r.json().code, 200);
  const [{ n }] = await rows<{ n: number }>(s.app.ctx.db, sql`SELECT count(*)::int AS n FROM visit WHERE uv = ${uv}`);
  return n;
}

describe('visit records that count', () => {
  test("[issue 34.9][VISIT-7] the site's own monitoring is no page view: loopback and the trusted proxies themselves are not stored", async () => {
    const page = 'http://site.example/news';
    assert.equal(await send(page, '127.0.0.1'), 0, 'a browser on this machine (monitoring)');
    assert.equal(await send(page, '127.8.9.10'), 0, 'loopback, all of 127/8');
    assert.equal(await send(page, '::1'), 0, 'IPv6 loopback');
    assert.equal(await send(page, '::ffff:127.0.0.1'), 0, 'IPv4-mapped loopback');
    assert.equal(await send(page, '10.1.2.3'), 0, 'a trusted proxy by its address');
    assert.equal(await send(page, '192.168.7.200'), 0, 'a trusted proxy in a trusted range');
    assert.equal(await send(page, 'fd00::7'), 0, 'a trusted proxy by its IPv6 address');
    // A visitor: through the proxy (its address in X-Forwarded-For), or straight from elsewhere.
    assert.equal(await send(page, '127.0.0.1', { 'x-forwarded-for': '203.0.113.5' }), 1, 'a visitor through the proxy on this machine');
    assert.equal(await send(page, '10.1.2.3', { 'x-forwarded-for': '198.51.100.20' }), 1, 'a visitor through a trusted proxy');
    assert.equal(await send(page, '198.51.100.7'), 1, 'a visitor straight to the server');
    assert.equal(await send(page, '192.168.8.1'), 1, 'an address next to the trusted range');
    // Monitoring that names loopback as its client through the proxy is the machine itself too.
    assert.equal(await send(page, '127.0.0.1', { 'x-forwarded-for': '127.0.0.1' }), 0);
  });

  test('[issue 34.9] a page the site does not have is no page view: /404 and unknown addresses are left out of the figures', async () => {
    const at = '2024-06-01 10:00:00';
    const store = async (url: string, uv: string, count: 0 | 1) =>
      rows(
        s.app.ctx.db,
        sql`INSERT INTO visit (site_id, url, entry_url, referrer, si, uv, new_visitor, count, duration, created_at)
            VALUES ('1', ${url}, ${url}, '', '1', ${uv}, true, ${count}, ${count ? 0 : 20}, (${at}::timestamp AT TIME ZONE 'Asia/Shanghai'))`,
      );
    const notPages = ['http://site.example/404', 'http://site.example/404?from=/x', '/nosuch-page', 'http://site.example/news/2020/old', '/clearAll'];
    const pages = ['http://site.example/', 'http://site.example/NEWS/', '/newsDetail?id=999999', '/product?categoryId=21#x', '/search?text=配电网'];
    for (const [i, url] of notPages.entries()) {
      await store(url, `7000${i}`, 1);
      await store(url, `7000${i}`, 0);
    }
    for (const [i, url] of pages.entries()) await store(url, `8000${i}`, 1);
    const day = Date.parse('2024-06-01T00:00:00Z') / 86_400_000;
    const a = await visitAnalytics(s.app.ctx, { begin: day, end: day });
    assert.deepEqual([a.pv, a.uv, a.sessions, a.avgDuration], [pages.length, pages.length, pages.length, 0], 'only the pages count');
    assert.deepEqual(a.topPages.map((p) => p.page).sort(), ['/', '/NEWS', '/newsDetail?id=999999', '/product?categoryId=21', '/search'].sort());
    assert.deepEqual(a.entryPages.map((p) => p.page).sort(), ['/', '/NEWS', '/newsDetail?id=999999', '/product?categoryId=21', '/search'].sort());
  });

  test('[issue 34.9] SITE_VISIT_COUNT_LOCAL (test harnesses): loopback and the trusted proxies are stored', () => {
    const production = visitCounts({ trustedProxies: TRUSTED, countLocal: false });
    const harness = visitCounts({ trustedProxies: TRUSTED, countLocal: true });
    assert.equal(production({ ip: '127.0.0.1' }), false);
    assert.equal(harness({ ip: '127.0.0.1' }), true);
    assert.equal(harness({ ip: '10.1.2.3' }), true);
    // The default trusted proxies (SITE_TRUSTED_PROXIES unset: the loopback addresses).
    const byDefault = visitCounts({ trustedProxies: ['127.0.0.1', '::1', '::ffff:127.0.0.1'], countLocal: false });
    assert.equal(byDefault({ ip: '::ffff:127.0.0.1' }), false);
    assert.equal(byDefault({ ip: '203.0.113.1' }), true);
  });

  test("[issue 34.9] the site's pages are the host's public routes and /search, in the contract and in the roll-up's SQL", async () => {
    const publicRoutes = REMOTE_ROUTES.filter((r) => r.layout === 'public').map((r) => r.path);
    assert.ok(publicRoutes.length >= 15, publicRoutes.join());
    assert.deepEqual([...VISIT_PAGE_PATHS].sort(), [...publicRoutes, '/search'].sort());
    for (const p of VISIT_PAGE_PATHS) {
      const [{ page }] = await rows<{ page: boolean }>(s.app.ctx.db, sql`SELECT visit_page(${`https://site.example${p}?id=1`}) AS page`);
      assert.equal(page, true, p);
    }
    const [{ page }] = await rows<{ page: boolean }>(s.app.ctx.db, sql`SELECT visit_page('/404') AS page`);
    assert.equal(page, false);
  });

  test("[issue 46.3] the SQL function visit_page() lists exactly the route table's public pages and /search", async () => {
    // The function's own list, read from the database: a page added to the route table without a migration that
    // adds it to visit_page() (or one left there after its route went) fails here.
    const [{ src }] = await rows<{ src: string }>(s.app.ctx.db, sql`SELECT prosrc AS src FROM pg_proc WHERE proname = 'visit_page'`);
    const listed = /ARRAY\[([^\]]*)\]/.exec(src)?.[1];
    assert.ok(listed, src);
    const inSql = [...listed.matchAll(/'([^']*)'/g)].map((m) => m[1]).sort();
    assert.deepEqual(inSql, VISIT_PAGE_PATHS.map((p) => p.toLowerCase()).sort());
  });
});
