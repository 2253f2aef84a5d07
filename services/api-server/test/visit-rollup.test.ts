/**
 * 访问统计 from the daily roll-ups (issue 36.10, migration 025): on a generated data set every figure of the analytics
 * page (VISIT-3..5: entry and exit records, the new-visitor flag, entry URL and referrer) equals the figure counted
 * over the records themselves (test/visits-raw.ts, the queries the page ran before); the page reads the roll-ups;
 * a server in another time zone rebuilds them in its own; a database with records made before 025 is backfilled.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import type { VisitAnalytics } from '@site/contract';
import { rows, type Db } from '../src/db/index.js';
import type { DayRange } from '../src/lib/visit-range.js';
import { visitAnalytics } from '../src/routes/visits.js';
import { keepPresetRanges, warmKeptRanges } from '../src/lib/visit-range.js';
import { rawFigures } from './visits-raw.js';
import { suiteServer } from './helpers.js';

const s = suiteServer();
const DAY_MS = 86_400_000;
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const range = (begin: string, end: string): DayRange => ({ begin: day(begin), end: day(end) });

/** A small deterministic generator (mulberry32): the same data set on every run. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Rec {
  url: string;
  entryUrl: string;
  referrer: string;
  si: string;
  uv: string;
  newVisitor: boolean;
  count: 0 | 1;
  duration: number;
  /** Local time in the server's zone, `YYYY-MM-DD HH:MM:SS`. */
  at: string;
}

/**
 * Sessions of 40 visitors over 2024-03-01..12: page loads (an entry record, then most often an exit record with the
 * duration), pages by path in several spellings (case, trailing slash, a fragment, other parameters), article and
 * category pages, several of the site's hosts, sources (search engines, the site itself, none, loopback), sessions
 * that began in the back office (no site traffic), sessions across midnight, exits whose entry fell on the day before.
 */
function dataSet(start = Date.UTC(2024, 2, 1), days = 12, seed = 36): Rec[] {
  const rnd = prng(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  const hosts = ['http://site.example', 'https://www.site.example', 'http://127.0.0.1:8080', 'HTTP://Site.Example'];
  const pages = [
    '/',
    '/news',
    '/News/',
    '/news#top',
    '/newsDetail?id=1',
    '/newsdetail?id=1&from=home',
    '/newsDetail?id=2',
    '/productDetail?id=101',
    '/product?categoryId=21',
    '/product?categoryId=22&x=1',
    '/product',
    '/question?id=7',
    '/support',
    '/about',
    // Addresses the site does not have (issue 34.9): stored, no page views.
    '/404',
    '/old/page.html?id=3',
  ];
  const privates = ['/index/dashboard', '/admin/article', '/user/login?redirect=/index'];
  const referrers = ['', '', 'https://www.baidu.com/s?wd=x', 'https://mp.weixin.qq.com/s/abc', 'http://localhost:3000/', 'https://cn.bing.com/'];
  const out: Rec[] = [];
  const visitors = Array.from({ length: 40 }, (_, i) => String(100_000_000_000_000 + i * 7919));
  const seen = new Set<string>();
  for (let n = 0; n < 160; n++) {
    const uv = pick(visitors);
    const si = String(1_700_000_000_000 + n);
    const host = pick(hosts);
    const priv = rnd() < 0.1;
    const entryUrl = host + (priv ? pick(privates) : pick(pages));
    const referrer = rnd() < 0.3 ? `${host}/news` : pick(referrers);
    const newVisitor = !seen.has(uv);
    seen.add(uv);
    // A start between 2024-03-01 00:00 and 03-12 23:00, often near midnight.
    const dayN = Math.floor(rnd() * days);
    const startSec = rnd() < 0.25 ? 86_400 - Math.floor(rnd() * 1800) : Math.floor(rnd() * 86_400);
    let t = (start + dayN * DAY_MS) / 1000 + startSec;
    const loads = 1 + Math.floor(rnd() * 5);
    for (let k = 0; k < loads; k++) {
      const url = k === 0 ? entryUrl : host + pick(pages);
      const at = (sec: number) => new Date(sec * 1000).toISOString().slice(0, 19).replace('T', ' ');
      out.push({ url, entryUrl, referrer: k === 0 ? referrer : `${host}/news`, si, uv, newVisitor, count: 1, duration: 0, at: at(t) });
      const stay = Math.floor(rnd() * 900);
      t += stay;
      if (rnd() < 0.8) out.push({ url, entryUrl, referrer, si, uv, newVisitor: false, count: 0, duration: stay, at: at(t) });
      t += Math.floor(rnd() * 60);
    }
  }
  return out;
}

const tz = () => process.env.TZ || 'Asia/Shanghai';

/** Stores records in a shuffled order (a day's records arrive across several statements), some alone, some many at once. */
async function storeAll(recs: Rec[]) {
  const rnd = prng(7);
  const order = recs.map((r) => ({ r, k: rnd() })).sort((a, b) => a.k - b.k);
  let i = 0;
  while (i < order.length) {
    const size = rnd() < 0.3 ? 1 : 1 + Math.floor(rnd() * 40);
    const chunk = order.slice(i, i + size).map((o) => o.r);
    i += size;
    await rows(
      s.app.ctx.db,
      sql`INSERT INTO visit (site_id, url, entry_url, referrer, si, uv, new_visitor, count, duration, created_at) VALUES ${sql.join(
        chunk.map(
          (v) =>
            sql`('1', ${v.url}, ${v.entryUrl}, ${v.referrer}, ${v.si}, ${v.uv}, ${v.newVisitor}, ${v.count}, ${v.duration}, (${v.at}::timestamp AT TIME ZONE ${tz()}))`,
        ),
        sql`, `,
      )}`,
    );
  }
}

const RANGES: [string, string][] = [
  ['2024-03-01', '2024-03-12'],
  ['2024-02-20', '2024-03-31'],
  ['2024-03-01', '2024-03-01'],
  ['2024-03-05', '2024-03-06'],
  ['2024-03-12', '2024-03-13'],
];

async function compare(note: string, ranges = RANGES, tops = [50, 3]) {
  for (const [b, e] of ranges)
    for (const top of tops) {
      const fromRollup = await visitAnalytics(s.app.ctx, range(b, e), top);
      const fromRecords = await visitAnalytics(s.app.ctx, range(b, e), top, rawFigures);
      assert.deepEqual(fromRollup, fromRecords, `${note}: ${b}..${e}, top ${top}`);
    }
}

describe('visit roll-ups', () => {
  test('[issue 36.10][VISIT-3][VISIT-4][VISIT-5] every figure of 访问统计 from the roll-ups equals the one the records give', async () => {
    const recs = dataSet();
    await storeAll(recs);
    const whole: VisitAnalytics = await visitAnalytics(s.app.ctx, range('2024-03-01', '2024-03-12'));
    // The data set exercises what it should: returning visitors, several sessions, entry pages and sources.
    assert.ok(whole.pv > 300 && whole.uv > 20 && whole.returningVisitors > 0 && whole.sessions > whole.uv, JSON.stringify(whole).slice(0, 300));
    assert.ok(whole.referrers.some((r) => r.kind === 'internal') && whole.referrers.some((r) => r.kind === 'external'));
    assert.ok(whole.daily.every((d) => d.pv > 0));
    await compare('records stored in any order');
    // More records later into days already rolled up: a later first record of a session, a new visitor's day.
    // (Same sessions, some a few seconds earlier than their first record so far, the flag of some turned.)
    await storeAll(dataSet().map((r, i) => ({ ...r, newVisitor: i % 5 === 0 ? !r.newVisitor : r.newVisitor, at: r.at.replace(/:\d\d$/, ':00') })));
    await compare('records added to rolled-up days');
  });

  test('[issue 36.10] the roll-ups keep a day to a row per session and day, and the page reads them, not the records', async () => {
    const [{ records }] = await rows<{ records: number }>(s.app.ctx.db, sql`SELECT count(*)::int AS records FROM visit`);
    const [{ sessions }] = await rows<{ sessions: number }>(s.app.ctx.db, sql`SELECT count(*)::int AS sessions FROM visit_session_day`);
    assert.ok(sessions < records / 2, `${sessions} session rows for ${records} records`);
    const before = await visitAnalytics(s.app.ctx, range('2024-03-01', '2024-03-12'));
    // Records removed behind the roll-ups' back: the figures do not change (nothing counts the records again).
    await rows(s.app.ctx.db, sql`ALTER TABLE visit DISABLE TRIGGER visit_rollup`);
    // A plain table, not a temporary one: on PostgreSQL each statement may take another connection of the pool.
    await rows(s.app.ctx.db, sql`CREATE TABLE visit_saved AS SELECT * FROM visit`);
    await rows(s.app.ctx.db, sql`DELETE FROM visit`);
    assert.deepEqual(await visitAnalytics(s.app.ctx, range('2024-03-01', '2024-03-12')), before);
    await rows(s.app.ctx.db, sql`INSERT INTO visit SELECT * FROM visit_saved`);
    await rows(s.app.ctx.db, sql`DROP TABLE visit_saved`);
    await rows(s.app.ctx.db, sql`ALTER TABLE visit ENABLE TRIGGER visit_rollup`);
  });

  test('[issue 36.10] a server in another time zone counts its own days: the roll-ups are rebuilt in its zone', async () => {
    const saved = process.env.TZ;
    process.env.TZ = 'UTC';
    try {
      await compare('in UTC');
      const [{ zone }] = await rows<{ zone: string }>(s.app.ctx.db, sql`SELECT zone FROM visit_rollup_zone`);
      assert.equal(zone, 'UTC');
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
    await compare('back in the default zone');
  });

  test('[issue 36.9] 访问统计 with today: the closed days as kept plus today counted equal the records, and stay so as records arrive', async () => {
    const db = (): Db => s.app.ctx.db;
    await rows(db(), sql`DELETE FROM visit`);
    await rows(db(), sql`SELECT visit_rollup_rebuild(${tz()})`);
    const local = (ms: number) => new Date(ms).toLocaleDateString('sv-SE', { timeZone: tz() });
    const today = local(Date.now());
    const start = Date.parse(`${today}T00:00:00Z`) - 5 * DAY_MS;
    const ranges: [string, string][] = [
      [local(Date.now() - 5 * DAY_MS), today],
      [local(Date.now() - 2 * DAY_MS), today],
      [today, today],
      [local(Date.now() - 5 * DAY_MS), local(Date.now() - DAY_MS)],
    ];
    const kept = () =>
      rows<{ to_day: string; gen: number; created_at: string; current: number }>(
        db(),
        sql`SELECT to_char(to_day, 'YYYY-MM-DD') AS to_day, gen::int, created_at::text, (SELECT gen FROM visit_range_gen)::int AS current
              FROM visit_range_cache WHERE from_day = ${ranges[0][0]}::date ORDER BY to_day`,
      );
    // Six days up to today (some sessions across midnight, returning visitors, sessions that go on today).
    const recs = dataSet(start, 6, 41);
    await storeAll(recs.filter((r) => !r.at.startsWith(today)));
    await compare('closed days only', ranges, [3]);
    await storeAll(recs.filter((r) => r.at.startsWith(today)));
    await compare('closed days and today', ranges);
    const [range] = await kept();
    assert.equal(range.to_day, local(Date.now() - DAY_MS), 'the closed days are kept up to yesterday');
    assert.equal(range.gen, range.current, 'kept under the current generation');
    // Today's records do not touch the closed days: the kept range is read as it is, and the figures still equal the records'.
    await storeAll(dataSet(start + 5 * DAY_MS, 1, 42).map((r) => ({ ...r, si: `${r.si}7` })));
    await compare('more records today', ranges, [3]);
    assert.deepEqual(await kept(), [range], 'the kept range was read, not counted again');
    // A record for a closed day: the generation moves on, the range is counted again, the figures follow the records.
    await storeAll(dataSet(start + DAY_MS, 1, 43).map((r) => ({ ...r, si: `${r.si}8` })));
    const [after] = await rows<{ gen: number }>(db(), sql`SELECT gen::int FROM visit_range_gen`);
    assert.ok(after.gen > range.gen, 'a record for a closed day moves the generation on');
    await compare('a record for a closed day', ranges, [3]);
    const [again] = await kept();
    assert.equal(again.gen, after.gen);
  });

  test('[issue 43.1] 访问统计 with today: a page below the kept top that today lifts into the list, and one first seen today, rank by their merged figures', async () => {
    const db = (): Db => s.app.ctx.db;
    await rows(db(), sql`DELETE FROM visit`);
    await rows(db(), sql`SELECT visit_rollup_rebuild(${tz()})`);
    await rows(db(), sql`DELETE FROM visit_range_cache`);
    const local = (ms: number) => new Date(ms).toLocaleDateString('sv-SE', { timeZone: tz() });
    const today = local(Date.now());
    const yesterday = local(Date.now() - DAY_MS);
    const before = local(Date.now() - 2 * DAY_MS);
    let n = 0;
    /** One session of visitor `uv` on `date`: its page loads one second apart, the first one its entry. */
    const session = (uv: string, date: string, pages: string[]): Rec[] => {
      const si = String(1_800_000_000_000 + n++);
      return pages.map((p, i) => ({
        url: `https://site.example${p}`,
        entryUrl: `https://site.example${pages[0]}`,
        referrer: '',
        si,
        uv: `90000000000000${uv}`,
        newVisitor: false,
        count: 1,
        duration: 0,
        at: `${date} 00:${String(n).padStart(2, '0')}:${String(i).padStart(2, '0')}`,
      }));
    };
    // The closed days: /news 6 views by 3 visitors, /support 5 by 2, /about 4 by 2 (the kept top 3 pages), /question
    // 3 by 2 (fourth), /newsDetail?id=2 1. Entry pages: /news 3 sessions, /question 2, /newsDetail?id=2 and /support 1.
    await storeAll([
      ...session('1', yesterday, ['/news', '/news']),
      ...session('1', yesterday, ['/support', '/support', '/support']),
      ...session('2', before, ['/news', '/news', '/support', '/support', '/about', '/about']),
      ...session('3', yesterday, ['/news', '/news', '/about', '/about']),
      ...session('4', before, ['/question']),
      ...session('5', yesterday, ['/question', '/question']),
      ...session('6', yesterday, ['/newsDetail?id=2']),
    ]);
    const r = range(before, today);
    const pages = (a: VisitAnalytics) => a.topPages.map((p) => [p.page, p.pv, p.uv]);
    const entries = (a: VisitAnalytics) => a.entryPages.map((p) => [p.page, p.sessions]);
    assert.deepEqual(pages(await visitAnalytics(s.app.ctx, r, 3)), [
      ['/news', 6, 3],
      ['/support', 5, 2],
      ['/about', 4, 2],
    ]);
    // Today: /question 4 more views, by visitor 4 (who saw it on a closed day: no new visitor of the page) and by 7;
    // /productDetail?id=101, never seen before, 5 views by visitor 8 in 2 sessions (an entry page new today).
    await storeAll([
      ...session('4', today, ['/question', '/question']),
      ...session('7', today, ['/question', '/question']),
      ...session('8', today, ['/productDetail?id=101', '/productDetail?id=101', '/productDetail?id=101']),
      ...session('8', today, ['/productDetail?id=101', '/productDetail?id=101']),
    ]);
    const top3 = await visitAnalytics(s.app.ctx, r, 3);
    const [k] = await rows<{ to_day: string }>(
      db(),
      sql`SELECT to_char(to_day, 'YYYY-MM-DD') AS to_day FROM visit_range_cache WHERE from_day = ${before}::date AND gen = (SELECT gen FROM visit_range_gen)`,
    );
    assert.equal(k?.to_day, yesterday, 'the closed days are read as kept, today added to them');
    assert.deepEqual(pages(top3), [
      ['/question', 7, 3],
      ['/news', 6, 3],
      ['/support', 5, 2],
    ]);
    assert.deepEqual(entries(top3), [
      ['/question', 4],
      ['/news', 3],
      ['/productDetail?id=101', 2],
    ]);
    assert.deepEqual(pages(await visitAnalytics(s.app.ctx, r, 50)), [
      ['/question', 7, 3],
      ['/news', 6, 3],
      ['/support', 5, 2],
      ['/productDetail?id=101', 5, 1],
      ['/about', 4, 2],
      ['/newsDetail?id=2', 1, 1],
    ]);
    await compare('a page lifted into the top by today', [[before, today]], [3, 50]);
  });

  test('[issue 43.1] the presets’ ranges are counted as the day closes (and at start), so the day’s first read of 访问统计 counts nothing', async () => {
    const db = (): Db => s.app.ctx.db;
    await rows(db(), sql`DELETE FROM visit`);
    await rows(db(), sql`SELECT visit_rollup_rebuild(${tz()})`);
    await rows(db(), sql`DELETE FROM visit_range_cache`);
    const local = (ms: number) => new Date(ms).toLocaleDateString('sv-SE', { timeZone: tz() });
    const today = local(Date.now());
    await storeAll(dataSet(Date.parse(`${today}T00:00:00Z`) - 8 * DAY_MS, 8, 44));
    const kept = () =>
      rows<{ from_day: string; to_day: string; created_at: string }>(
        db(),
        sql`SELECT to_char(from_day, 'YYYY-MM-DD') AS from_day, to_char(to_day, 'YYYY-MM-DD') AS to_day, created_at::text
              FROM visit_range_cache WHERE gen = (SELECT gen FROM visit_range_gen) ORDER BY from_day DESC`,
      );
    assert.deepEqual(await kept(), []);
    // What the server starts (and runs again a few seconds after each midnight in the roll-ups' zone).
    const warmer = warmKeptRanges(db(), [7, 30], { ready: async () => undefined, log: (e) => assert.fail(String(e)) });
    await warmer.done;
    warmer.stop();
    const yesterday = local(Date.now() - DAY_MS);
    const before = await kept();
    assert.deepEqual(
      before.map((k) => [k.from_day, k.to_day]),
      [
        [local(Date.now() - 6 * DAY_MS), yesterday],
        [local(Date.now() - 29 * DAY_MS), yesterday],
      ],
    );
    // The day's first reads (近 7 天, 近 30 天) read the kept ranges: nothing is counted again, the figures are the records'.
    await compare('after the warmer', [
      [local(Date.now() - 6 * DAY_MS), today],
      [local(Date.now() - 29 * DAY_MS), today],
    ]);
    assert.deepEqual(await kept(), before, 'the kept ranges were read, not counted again');
    // A second instance (or the next turn) finds them kept and counts nothing.
    assert.equal(await keepPresetRanges(db(), [7, 30]), 0);
  });

  test('[issue 36.10] a database with records made before 025_visit_rollup is backfilled by the migration', async () => {
    const db = () => s.app.ctx.db;
    await rows(db(), sql`DROP TRIGGER visit_rollup ON visit`);
    await rows(db(), sql`DROP TABLE visit_session_day, visit_page_day, visit_host_day, visit_rollup_zone`);
    await rows(db(), sql`DELETE FROM schema_migrations WHERE name = '025_visit_rollup.sql'`);
    await s.restart();
    const [{ n }] = await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM visit_session_day`);
    assert.ok(n > 100, `${n} session rows after the backfill`);
    await compare('after the backfill');
  });
});
