/**
 * Field figures (issue 37.1) and 站点监控 (issue 37.2, 37.5): what the API accepts of a browser's report (bounds with
 * Chinese messages, the per-address limit), the daily roll-up (p75 from summed fixed buckets equals the exact p75 to
 * within the bucket's width; errors per remote version with their messages), the visit exit record carrying the
 * report, the page's permission, the API's own minutes and the renderer's lag.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { FIELD_BUCKETS, fieldBucket, percentileFromBuckets, type FieldReport, type MonitorSite } from '@site/contract';
import { rows } from '../src/db/index.js';
import { canaryFigures } from '../src/lib/canary-figures.js';
import { apiMinutesOf } from '../src/lib/field-server.js';
import { freshIp, req, suiteServer } from './helpers.js';

const RENDER_TOKEN = 'field-test-render-token';
const s = suiteServer({
  signIn: ['admin', 'editor'],
  env: { SITE_RENDER_HOOK_TOKEN: RENDER_TOKEN },
  server: { rateLimits: { visit: { limit: 30, windowMs: 60_000 } } },
});

const report = (over: Partial<FieldReport> = {}): FieldReport => ({
  route: '/newsDetail',
  remote: 'remote_content',
  remoteVersion: '1.4.2',
  hostVersion: '3.1.0',
  device: 'phone',
  vitals: { LCP: 1800, INP: 120, CLS: 0.05, TTFB: 300 },
  errors: [],
  ...over,
});
const ENTRY = { siteId: '1', referrer: '', uv: 123456789012345, newVisitor: true, duration: 0 };
let si = 1700000100000;
const visit = (record: Record<string, unknown>, ip: string) =>
  req(s.app, { method: 'POST', url: '/api/visit/1', headers: { 'content-type': 'text/plain' }, payload: JSON.stringify(record), ip });
/** A page view the site records: its entry record naming the versions the page runs; answers the report's token. */
async function pageView(path: string, versions: Record<string, string>, ip = freshIp()): Promise<string | undefined> {
  const url = `http://site.test${path}`;
  const r = await visit({ ...ENTRY, url, entryUrl: url, si: si++, count: 1, field: { versions } }, ip);
  assert.equal(r.body.code, 200);
  return r.body.fieldToken;
}
/** The versions a report names (the host, the page's remote, each error's remote). */
const versionsOf = (r: FieldReport): Record<string, string> => ({
  ...Object.fromEntries((r.errors ?? []).map((e) => [e.remote, e.remoteVersion])),
  host: r.hostVersion,
  [r.remote]: r.remoteVersion,
});
const postField = (body: unknown, ip = freshIp()) =>
  req(s.app, { method: 'POST', url: '/api/field', headers: { 'content-type': 'text/plain' }, payload: JSON.stringify(body), ip });
/** A report of a page view recorded just before (from `viewer`), sent from `ip`. */
async function send(body: unknown, ip = freshIp(), viewer = freshIp()) {
  const r = body as FieldReport;
  const token = typeof r?.route === 'string' ? await pageView(r.route, versionsOf(r), viewer) : undefined;
  return postField({ ...r, token }, ip);
}
const monitor = async (token: string, q = '') => req(s.app, { method: 'GET', url: `/system/monitor/site${q}`, token });
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: process.env.TZ || 'Asia/Shanghai' }).format(new Date());

/** A small deterministic generator (mulberry32). */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
/** The exact p75 (nearest rank) of a list. */
const exactP75 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(0.75 * xs.length) - 1];

describe('[issue 37.1] field reports', () => {
  test('[issue 37.1] validation bounds what is accepted, with Chinese messages', async () => {
    assert.equal((await send(report())).body.code, 200);
    const cases: [unknown, RegExp][] = [
      [report({ route: '/newsDetail?id=5' }), /路由格式不正确/],
      [report({ route: `/${'a'.repeat(120)}` }), /路由不能超过100个字符/],
      [report({ vitals: { LCP: -1 } }), /LCP不能为负数/],
      [report({ vitals: { LCP: 500_000 } }), /LCP不能超过120000/],
      [report({ vitals: { CLS: 1000 } }), /CLS不能超过100/],
      [{ ...report(), vitals: { FID: 3 } }, /./],
      [report({ device: 'tablet' as never }), /设备类型只能为 phone 或 desktop/],
      [report({ remoteVersion: '1.0.0<script>' }), /远程模块版本格式不正确/],
      [
        report({
          errors: Array.from({ length: 21 }, () => ({ kind: 'error', message: 'x', route: '/', remote: 'host', remoteVersion: '1', count: 1 })),
        }),
        /错误不能超过20条/,
      ],
      [
        report({ errors: [{ kind: 'error', message: 'x'.repeat(301), route: '/', remote: 'host', remoteVersion: '1', count: 1 }] }),
        /错误信息不能超过300个字符/,
      ],
      [report({ errors: [{ kind: 'oops' as never, message: 'x', route: '/', remote: 'host', remoteVersion: '1', count: 1 }] }), /错误类型不正确/],
      [report({ errors: [{ kind: 'error', message: 'x', route: '/', remote: 'host', remoteVersion: '1', count: 5000 }] }), /错误次数不能超过1000/],
    ];
    for (const [body, msg] of cases) {
      const r = await send(body);
      assert.equal(r.status, 400, JSON.stringify(body).slice(0, 80));
      assert.match(r.body.msg, msg);
    }
    // A body beyond 32 KB is refused before it is read.
    const big = await send({ ...report(), pad: 'x'.repeat(40_000) });
    assert.equal(big.status, 413);
  });

  test('[issue 37.1] the per-address limit: past it the report is refused (429, Chinese) and nothing is stored', async () => {
    const ip = freshIp();
    const limited = report({ route: '/privacy', remoteVersion: 'limit-test' });
    for (let i = 0; i < 30; i++) assert.equal((await send(limited, ip)).status, 200);
    const over = await send(limited, ip);
    assert.equal(over.status, 429);
    assert.match(over.body.msg, /性能数据上报过于频繁/);
    const [{ n }] = await rows<{ n: number }>(s.app.ctx.db, sql`SELECT count(*)::int AS n FROM field_report WHERE remote_version = 'limit-test'`);
    assert.equal(n, 30);
    // Another address is not held up.
    assert.equal((await send(limited)).status, 200);
  });

  test('[issue 37.1][issue 44.1][VISIT-7 deviation: the entry and exit records carry a tenth field, field, see contract README] the entry record names the versions and its answer the token; the exit record carries the report with it: stored; a bad report never loses the visit', async () => {
    const ip = freshIp();
    const base = {
      siteId: '1',
      url: 'http://site.test/about',
      entryUrl: 'http://site.test/about',
      referrer: '',
      si: 1700000000001,
      uv: 123456789012345,
      newVisitor: true,
    };
    const entry = await visit({ ...base, count: 1, duration: 0, field: { versions: { host: '3.1.0', remote_content: '9.9.9' } } }, ip);
    assert.equal(entry.body.code, 200);
    assert.match(entry.body.fieldToken, /^[\w-]{32}$/, 'the entry answer hands out the view\u2019s token');
    const exit = await visit(
      { ...base, count: 0, duration: 4, field: { ...report({ route: '/about', remoteVersion: '9.9.9' }), token: entry.body.fieldToken } },
      ip,
    );
    assert.equal(exit.body.code, 200);
    const bad = await visit({ ...base, si: 1700000000002, count: 1, duration: 0, field: { route: 5 } }, ip);
    assert.deepEqual(bad.body, { code: 200, msg: '操作成功' }, 'the visit is recorded even when its field is not valid (and gets no token)');
    const badExit = await visit({ ...base, si: 1700000000002, count: 0, duration: 1, field: { route: 5 } }, ip);
    assert.equal(badExit.body.code, 200);
    const stored = await rows<{ route: string; remote_version: string }>(
      s.app.ctx.db,
      sql`SELECT route, remote_version FROM field_report WHERE remote_version = '9.9.9'`,
    );
    assert.deepEqual(stored, [{ route: '/about', remote_version: '9.9.9' }]);
    const [{ visits }] = await rows<{ visits: number }>(
      s.app.ctx.db,
      sql`SELECT count(*)::int AS visits FROM visit WHERE si IN ('1700000000001', '1700000000002')`,
    );
    assert.equal(visits, 4);
  });

  test('[issue 44.1] a report counts only for a page view the site recorded: with its token, once, for its page, remote and versions', async () => {
    const mine = (version: string, over: Partial<FieldReport> = {}) =>
      report({
        route: '/support',
        remote: 'remote_support',
        remoteVersion: version,
        errors: [{ kind: 'error', message: 'forged', route: '/support', remote: 'remote_support', remoteVersion: version, count: 1000 }],
        ...over,
      });
    const storedOf = async (version: string) =>
      (await rows<{ n: number }>(s.app.ctx.db, sql`SELECT count(*)::int AS n FROM field_report WHERE remote_version = ${version}`))[0].n;

    // No token, a made-up one: refused, nothing stored.
    const none = await postField(mine('44.1.0'));
    assert.deepEqual([none.status, none.body.msg], [400, '性能数据没有对应的页面访问（凭证无效或已使用）']);
    assert.equal((await postField({ ...mine('44.1.0'), token: 'x'.repeat(32) })).status, 400);
    // With the token of a recorded view: stored once; the same token again is refused.
    const token = await pageView('/support', { host: '3.1.0', remote_support: '44.1.0' });
    assert.equal((await postField({ ...mine('44.1.0'), token })).status, 200);
    const again = await postField({ ...mine('44.1.0'), token });
    assert.deepEqual([again.status, again.body.msg], [400, '性能数据没有对应的页面访问（凭证无效或已使用）']);
    assert.equal(await storedOf('44.1.0'), 1);

    // The page and its remote are the view's (from the entry's address), the versions those the entry named.
    const cases: [string, FieldReport][] = [
      ['another page', mine('44.1.0', { route: '/newsDetail' })],
      ['a made-up remote', mine('44.1.0', { remote: 'remote_evil' })],
      ['another version', mine('44.1.1')],
      ['another host version', mine('44.1.0', { hostVersion: '0.0.1' })],
    ];
    for (const [label, body] of cases) {
      const t = await pageView('/support', { host: '3.1.0', remote_support: '44.1.0' });
      const r = await postField({ ...body, token: t });
      assert.deepEqual([r.status, r.body.msg], [400, '性能数据与页面访问的页面或版本不符'], label);
    }
    assert.equal(await storedOf('44.1.1'), 0);
    assert.equal(await storedOf('44.1.0'), 1);
    // An error of a version (or a remote) the entry did not name is left out; the view's figures count.
    const t = await pageView('/support', { host: '3.1.0', remote_support: '44.1.0', remote_content: '1.0.0' });
    const err = (remote: string, remoteVersion: string) => ({
      kind: 'error' as const,
      message: `44.1 ${remote}@${remoteVersion}`,
      route: '/support',
      remote,
      remoteVersion,
      count: 1,
    });
    const errors = [err('remote_content', '1.0.0'), err('remote_content', '6.6.6'), err('remote_evil', '1.0.0'), err('host', '3.1.0')];
    assert.equal((await postField({ ...mine('44.1.0', { errors }), token: t })).status, 200);
    const [kept] = await rows<{ errors: { message: string }[] }>(
      s.app.ctx.db,
      sql`SELECT errors FROM field_report WHERE remote_version = '44.1.0' ORDER BY id DESC LIMIT 1`,
    );
    assert.deepEqual(
      kept.errors.map((e) => e.message),
      ['44.1 remote_content@1.0.0', '44.1 host@3.1.0'],
    );

    // The exit record's report: without a token (or with a used one) dropped quietly, the visit kept.
    const ip = freshIp();
    const url = 'http://site.test/support';
    const exit = await visit({ ...ENTRY, url, entryUrl: url, si: si++, count: 0, field: mine('44.1.0') }, ip);
    assert.equal(exit.body.code, 200);
    const used = await visit({ ...ENTRY, url, entryUrl: url, si: si++, count: 0, field: { ...mine('44.1.0'), token } }, ip);
    assert.equal(used.body.code, 200);
    assert.equal(await storedOf('44.1.0'), 2);
    // A token lasts a day.
    const old = await pageView('/support', { host: '3.1.0', remote_support: '44.1.0' });
    await s.app.ctx.db.execute(sql`UPDATE field_view SET created_at = now() - interval '25 hours'`);
    assert.equal((await postField({ ...mine('44.1.0'), token: old })).status, 400);
    assert.equal(await storedOf('44.1.0'), 2);
  });

  test('[issue 44.1] the canary\u2019s figures count visitors, not reports: one address\u2019s many failing reports are one failed visitor, its clean ones one visitor; a report with many errors one failure', async () => {
    const since = new Date(Date.now() - 60_000);
    const failing = (version: string) =>
      report({
        route: '/videoDetail',
        remote: 'remote_support',
        remoteVersion: version,
        errors: Array.from({ length: 20 }, (_, i) => ({
          kind: 'error' as const,
          message: `boom ${i}`,
          route: '/videoDetail',
          remote: 'remote_support',
          remoteVersion: version,
          count: 1000,
        })),
      });
    const clean = (version: string) => report({ route: '/videoDetail', remote: 'remote_support', remoteVersion: version });
    // A script at one address: 20 failing views of the canary, 20 clean views of the live version.
    const script = freshIp();
    for (let i = 0; i < 20; i++) assert.equal((await send(failing('8.1.0-c'), script, script)).status, 200);
    for (let i = 0; i < 10; i++) assert.equal((await send(clean('8.0.0-l'), freshIp(), script)).status, 200);
    // Real visitors: 3 see the canary (one of them fails), 2 the live version.
    const [v1, v2, v3, v4, v5] = Array.from({ length: 5 }, () => freshIp());
    await send(clean('8.1.0-c'), v1, v1);
    await send(clean('8.1.0-c'), v2, v2);
    await send(failing('8.1.0-c'), v3, v3);
    await send(clean('8.1.0-c'), v3, v3);
    await send(clean('8.0.0-l'), v4, v4);
    await send(clean('8.0.0-l'), v5, v5);
    const figures = await canaryFigures(s.app.ctx.db, { remote: 'remote_support', versions: ['8.1.0-c', '8.0.0-l'], since });
    assert.deepEqual(figures, { '8.1.0-c': { views: 4, failed: 2 }, '8.0.0-l': { views: 3, failed: 0 } });
  });
});

describe('[issue 37.2] roll-up and 站点监控', () => {
  test('[issue 37.2] the p75 from the summed daily buckets equals the exact p75 to within its bucket width', async () => {
    const rnd = prng(37);
    const values = { LCP: [] as number[], INP: [] as number[], CLS: [] as number[], TTFB: [] as number[] };
    for (let i = 0; i < 120; i++) {
      const v = {
        LCP: Math.round(800 + rnd() * rnd() * 6000),
        INP: Math.round(16 + rnd() * rnd() * 700),
        CLS: Math.round(rnd() * rnd() * 0.4 * 1000) / 1000,
        TTFB: Math.round(50 + rnd() * 900),
      };
      for (const m of ['LCP', 'INP', 'CLS', 'TTFB'] as const) values[m].push(v[m]);
      assert.equal(
        (await send(report({ route: '/video', remote: 'remote_support', remoteVersion: '2.0.0', device: i % 3 ? 'phone' : 'desktop', vitals: v })))
          .status,
        200,
      );
    }
    // Spread over two days: the roll-up of yesterday and today summed gives the same p75 as one day.
    await s.app.ctx.db.execute(sql`UPDATE field_vital_day SET day = day - 1 WHERE route = '/video' AND device = 'desktop'`);
    await s.app.ctx.db.execute(sql`UPDATE field_view_day SET day = day - 1 WHERE route = '/video' AND device = 'desktop'`);
    const r = await monitor(s.token.admin, `?beginDate=${new Date(Date.parse(today()) - 86_400_000).toISOString().slice(0, 10)}&endDate=${today()}`);
    assert.equal(r.body.code, 200);
    const data = r.body.data as MonitorSite;
    const all = data.vitals.find((v) => v.route === '/video' && v.device === 'all')!;
    assert.equal(all.views, 120);
    for (const [m, got] of [
      ['LCP', all.lcp],
      ['INP', all.inp],
      ['CLS', all.cls],
      ['TTFB', all.ttfb],
    ] as const) {
      const exact = exactP75(values[m]);
      const b = fieldBucket(m, exact);
      const width = FIELD_BUCKETS[m][b + 1] - FIELD_BUCKETS[m][b];
      assert.ok(got !== null && Math.abs(got - exact) <= width + 1e-9, `${m}: p75 ${got} from buckets, exact ${exact}, bucket width ${width}`);
    }
    // Per device too (phones 80, desktops 40).
    assert.equal(data.vitals.find((v) => v.route === '/video' && v.device === 'phone')!.views, 80);
    assert.equal(data.vitals.find((v) => v.route === '/video' && v.device === 'desktop')!.views, 40);
    // The interpolation itself: 4 values in one bucket and 0 elsewhere stay inside that bucket.
    assert.equal(percentileFromBuckets('LCP', new Map([[fieldBucket('LCP', 2510), 4]])), 2575);
  });

  test('[issue 37.2] errors per remote version per day, with the top messages (numbers grouped)', async () => {
    const err = (message: string, remoteVersion: string, count = 1) => ({
      kind: 'error' as const,
      message,
      route: '/support',
      remote: 'remote_support',
      remoteVersion,
      count,
    });
    await send(
      report({
        route: '/support',
        remote: 'remote_support',
        remoteVersion: '3.0.0',
        errors: [err('TypeError: a is undefined (chunk 1234)', '3.0.0', 2)],
      }),
    );
    await send(
      report({
        route: '/support',
        remote: 'remote_support',
        remoteVersion: '3.0.0',
        errors: [err('TypeError: a is undefined (chunk 5678)', '3.0.0')],
      }),
    );
    await send(
      report({
        route: '/support',
        remote: 'remote_support',
        remoteVersion: '3.0.1',
        errors: [err('Boom', '3.0.1'), { ...err('x', '3.0.1'), kind: 'fallback' }],
      }),
    );
    await send(report({ route: '/support', remote: 'remote_support', remoteVersion: '3.0.1' }));
    const data = (await monitor(s.token.admin)).body.data as MonitorSite;
    const day = data.errorDays.filter((d) => d.version.startsWith('remote_support@3.0.'));
    assert.deepEqual(day, [
      { date: today(), version: 'remote_support@3.0.0', errors: 3 },
      { date: today(), version: 'remote_support@3.0.1', errors: 2 },
    ]);
    const top = data.messages.find((m) => m.version === '3.0.0')!;
    assert.deepEqual(top, {
      remote: 'remote_support',
      version: '3.0.0',
      kind: 'error',
      route: '/support',
      message: 'TypeError: a is undefined (chunk N)',
      count: 3,
      lastDate: today(),
    });
    const v301 = data.versions.find((v) => v.version === '3.0.1')!;
    assert.deepEqual([v301.views, v301.errors, v301.errorRate, v301.firstSeen], [2, 2, 100, today()]);
  });

  test('[issue 44.1] a page view naming a remote version the site does not serve gets no report token (the renderer says which it serves); the visit still counts', async () => {
    const served = (versions: unknown, token = RENDER_TOKEN) =>
      req(s.app, { method: 'POST', url: '/internal/render/versions', headers: { 'x-render-token': token }, payload: { versions } });
    // Before the renderer has said anything of remote_account, its versions are not judged.
    assert.equal(typeof (await pageView('/news', { remote_content: '1.4.2', remote_account: '2.0.0', host: '3.1.0' })), 'string');
    assert.equal((await served({ remote_account: '2.0.1' }, 'wrong')).status, 403);
    const bad = await served({ remote_account: '<script>' });
    assert.equal(bad.status, 400);
    assert.match(bad.body.msg, /版本格式不正确/);
    assert.equal((await served({ remote_account: '2.0.1' })).body.code, 200);
    // A made-up version of it now: the entry is recorded (pageView asserts code 200), no token for a report.
    assert.equal(await pageView('/news', { remote_content: '1.4.2', remote_account: '2.0.0', host: '3.1.0' }), undefined);
    assert.equal(typeof (await pageView('/news', { remote_content: '1.4.2', remote_account: '2.0.1', host: '3.1.0' })), 'string');
    // A version that left the site a month ago no longer counts.
    await s.app.ctx.db.execute(sql`UPDATE released_version SET last_seen = now() - interval '31 days' WHERE remote = 'remote_account'`);
    assert.equal(await pageView('/news', { remote_content: '1.4.2', remote_account: '2.0.1', host: '3.1.0' }), undefined);
    assert.equal((await served({ remote_account: '2.0.1' })).body.code, 200);
    assert.equal(typeof (await pageView('/news', { remote_content: '1.4.2', remote_account: '2.0.1', host: '3.1.0' })), 'string');
  });

  test('[issue 37.2] 错误信息排行: among equal counts the message reported last comes first, whatever its text', async () => {
    const one = (message: string) =>
      report({
        route: '/solution',
        remote: 'remote_content',
        remoteVersion: '7.0.0',
        errors: [{ kind: 'error', message, route: '/solution', remote: 'remote_content', remoteVersion: '7.0.0', count: 1 }],
      });
    // Sent in this order; by their text they would sort the other way round.
    for (const m of ['Error: a 先', 'Error: b 中', 'Error: c 后']) assert.equal((await send(one(m))).body.code, 200);
    const data = (await monitor(s.token.admin)).body.data as MonitorSite;
    const mine = data.messages.filter((m) => m.version === '7.0.0').map((m) => m.message);
    assert.deepEqual(mine, ['Error: c 后', 'Error: b 中', 'Error: a 先']);
  });

  test('[issue 37.2] permission: monitor:site:list (the admin has it, the editor and visitors not); bad dates are refused in Chinese', async () => {
    assert.equal((await monitor(s.token.admin)).body.code, 200);
    assert.equal((await monitor(s.token.editor)).status, 403);
    assert.equal((await req(s.app, { method: 'GET', url: '/system/monitor/site' })).status, 401);
    const bad = await monitor(s.token.admin, '?beginDate=2024-13-01');
    assert.equal(bad.status, 400);
    assert.match(bad.body.msg, /开始日期格式不正确/);
    // The menu entry of the page, for the admin.
    const [menu] = await rows<{ perms: string; component: string }>(s.app.ctx.db, sql`SELECT perms, component FROM sys_menu WHERE menu_id = 37`);
    assert.deepEqual(menu, { perms: 'monitor:site:list', component: 'system/monitor/index' });
  });

  test('[issue 37.2] the API counts its requests per minute into the database, and the renderer lag is counted when the outbox row goes', async () => {
    await monitor(s.token.admin);
    await req(s.app, { method: 'GET', url: '/api/no-such-route' });
    await apiMinutesOf(s.app.ctx).flush();
    await s.app.ctx.db.execute(sql`INSERT INTO render_outbox (change, created_at) VALUES ('{"kind":"site"}', now() - interval '3 seconds')`);
    await s.app.ctx.db.execute(sql`DELETE FROM render_outbox`);
    const data = (await monitor(s.token.admin)).body.data as MonitorSite;
    assert.ok(data.server.requests >= 2, `requests ${data.server.requests}`);
    assert.ok(data.server.p95Ms !== null);
    assert.equal(data.server.series.length >= 1, true);
    assert.equal(data.server.render.changes, 1);
    assert.ok(data.server.render.avgMs! >= 3000 && data.server.render.avgMs! < 10_000, `lag ${data.server.render.avgMs}`);
  });
});
