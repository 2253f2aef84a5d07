#!/usr/bin/env node
/**
 * The site at 10,000 articles. A throwaway PostgreSQL server (services/origin-server/tools/cluster.cjs,
 * started as test/run-pg.sh starts one: as the postgres user when run as root), migrated and seeded by the API
 * server's own start, then filled fast with SQL (generate_series):
 *   - 10,000 live articles across the channels staff write (products by category, solutions, news, documents, FAQ,
 *     videos) over ten years, bodies of 1-5 KB of Chinese text drawn from the seed's own words (so search finds
 *     things), 3 % drafts and 2 % offline, and 200 more in 回收站; an audit row per article as the write path leaves;
 *   - 1,000,000 visit records over 365 days: sessions of 1-6 page loads, each an entry record and most an exit
 *     record with its duration, visitors who come back, pages from the articles and the lists, sources;
 *   - 2,000 messages, 500 notices, 200 staff (editors), 5,000 customers (a customer row and its account each),
 *     20,000 sign-in log rows.
 * The search index (migrations 024/026, lib/search.ts) is filled by the server's own code: reindexStale, which the
 * server runs at start for every article without an index row (200 a transaction), run by scale-index.mts.
 *
 * Then one API instance, 20 calls each (BENCH_SCALE_CALLS), one after the other, p50/p95 of the time to the whole
 * answer: every admin list's first page, with a filter and with a sort; 访问统计 (`/system/visit/stats?days=7|30|365`,
 * `/system/visit/analytics` over 7, 30 and 365 days); search; the public lists, their paging and a detail. Also the
 * 访问统计 queries over the records themselves (the queries the page ran before the daily roll-ups, docs/decisions/0009; 3
 * calls each, BENCH_SCALE_RAW_CALLS; BENCH_SCALE_RAW=0 leaves them out), and EXPLAIN ANALYZE of the main queries.
 * Render runs are not measured here: their figures come from the renderer bench (scripts/bench/render.cjs, run by
 * `npm run bench`).
 *
 * The figures hold outside the bench: no manual ANALYZE anywhere (autovacuum's statistics only, as an
 * operator's database has them), a freshly started API, the first call of each shown and counted against its target
 * (访问统计's first read of the day), the load average before and after; `--loaded` runs the same measurement with
 * as many CPU burners as cores beside it.
 *
 * `node scripts/bench/scale.cjs [--loaded]` or `npm run bench -- --scale [--loaded]` (that alone, without the other measurements). Prints
 * tables and writes bench-report-scale.json at the root (beside the bench's bench-report.json); never fails on numbers.
 * `--seed-size`: no fill, the same calls on the seeded database with an empty visit table (bench-report-scale-seed-size.json).
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { freePort, startPostgres, startApi, stopAll } = require('@site/origin-server/tools/cluster.cjs');

const root = path.resolve(__dirname, '../..');
const API_DIR = path.join(root, 'services/api-server');
const pg = require('pg');

const CALLS = Number(process.env.BENCH_SCALE_CALLS || 20);
const RAW_CALLS = Number(process.env.BENCH_SCALE_RAW_CALLS || 3);
const ARTICLES = 10_000;
const RECYCLED = 200;
const VISITS = 1_000_000;
const TARGET_MS = { admin: 300, visits: 300, search: 150, public: 50 };

/** `--loaded`: the same measurement with as many CPU burners as cores beside it (a busy machine). */
const LOADED = process.argv.includes('--loaded');
/** `--seed-size`: the same calls on the database as the API's start leaves it (the seed, no visit record), unfilled. */
const SEED_SIZE = process.argv.includes('--seed-size');

/**
 * One busy loop per core (or `count`), in processes of their own (killed when the measurement ends, or with this
 * process), at this process's priority.
 */
function startBurners(count = os.cpus().length) {
  const { spawn } = require('child_process');
  return Array.from({ length: count }).map(() =>
    // A busy loop never hears of its IPC channel closing: it looks for a new parent itself (this process gone).
    spawn(process.execPath, ['-e', 'const p=process.ppid;for(;;){for(let i=0;i<1e7;i++);if(process.ppid!==p)process.exit()}'], { stdio: 'ignore' }),
  );
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const round = (n) => Math.round(n * 10) / 10;
const secondsSince = (t) => round((Date.now() - t) / 1000);

/** The seed's own Chinese words (Intl.Segmenter over the seeded articles' text), the bench's vocabulary. */
async function seedWords(client) {
  const { rows } = await client.query("SELECT title, coalesce(description, '') AS d, text FROM article");
  const seg = new Intl.Segmenter('zh', { granularity: 'word' });
  const words = [];
  for (const r of rows) {
    const plain = `${r.title} ${r.d} ${r.text.replace(/<[^>]+>/g, ' ')}`;
    for (const s of seg.segment(plain)) if (s.isWordLike && /\p{Script=Han}/u.test(s.segment)) words.push(s.segment);
  }
  // The measured search queries appear in the text as they would on such a site, among the seed's words.
  for (let i = 0; i < 40; i++) words.push('风险预警平台', '配电网', '故障诊断', '风险');
  return words;
}

/** Fills the data set; `articlesOnly`: the articles alone (the renderer's bench at scale, bench/render-scale.cjs). */
async function fill(client, log, { articlesOnly = false } = {}) {
  const words = await seedWords(client);
  log(`vocabulary: ${words.length} words from the seed`);
  // A word by its number: an index lookup (an element of a long text[] is found by walking the array).
  await client.query('CREATE UNLOGGED TABLE bench_word (i int PRIMARY KEY, w text NOT NULL)');
  await client.query('INSERT INTO bench_word SELECT i, w FROM unnest($1::text[]) WITH ORDINALITY AS u(w, i)', [words]);
  const n = words.length;
  let t = Date.now();
  // Channels staff write in, weighted as a company's ten years would fill them: news and documents most.
  const channels = [12, 12, 12, 12, 12, 12, 12, 12, 15, 15, 15, 15, 16, 16, 16, 17, 17, 20, 21, 22, 10];
  await client.query(
    `INSERT INTO article (channel_id, title, description, text, search_text, status, publish_date, created_by, updated_by, created_at, updated_at, tags)
     SELECT ch, title, left(plain, 120), body, left(plain, 120) || E'\\n' || plain,
            CASE WHEN g % 33 = 0 THEN 1 WHEN g % 50 = 0 THEN 2 ELSE 0 END, pd, 'admin', 'admin', pd, pd, '[]'::jsonb
       FROM (
         SELECT g, ($2::int[])[1 + g % array_length($2::int[], 1)] AS ch,
                now() - make_interval(days => g % 3650, secs => (g * 7919) % 86400) AS pd,
                (SELECT string_agg(bench_word.w, '' ORDER BY k) FROM (SELECT k, 1 + floor(random() * $1::int)::int AS pick FROM generate_series(1, 3 + g % 4) k) p JOIN bench_word ON bench_word.i = p.pick) || ' ' || g AS title,
                b.body, regexp_replace(b.body, '<[^>]+>', '', 'g') AS plain
           FROM generate_series(1, $3::int) g,
           LATERAL (SELECT '<p>' || string_agg(bench_word.w || CASE WHEN k % 40 = 0 THEN '。</p><p>' WHEN k % 9 = 0 THEN '，' ELSE '' END, '' ORDER BY k)
                           || '。</p>' AS body
                      FROM (SELECT k, 1 + floor(random() * $1::int)::int AS pick FROM generate_series(1, 160 + (g * 37) % 560) k) p
                      JOIN bench_word ON bench_word.i = p.pick) b
       ) x`,
    [n, channels, ARTICLES + RECYCLED],
  );
  // The seed's own articles count among the 10,000 live ones: as many generated ones go to 回收站 on top of RECYCLED.
  const { rows: live } = await client.query('SELECT count(*)::int AS n FROM article');
  const extra = live[0].n - ARTICLES;
  await client.query(
    `WITH gone AS (
       DELETE FROM article WHERE id IN (SELECT id FROM article WHERE created_by = 'admin' AND title ~ ' [0-9]+$' ORDER BY id DESC LIMIT $1) RETURNING *
     )
     INSERT INTO article_recycle (article_id, channel_id, title, data, deleted_by, deleted_at)
     SELECT id, channel_id, title, to_jsonb(gone.*), 'admin', now() - make_interval(hours => id % 2000) FROM gone`,
    [extra],
  );
  await client.query(
    `INSERT INTO audit_log (user_id, user_name, resource, action, target_id, summary, after, ip, created_at)
     SELECT 1, 'admin', 'article', 'add', id::text, '新增文章：' || left(title, 40), jsonb_build_object('title', title), '127.0.0.1', created_at
       FROM article WHERE created_by = 'admin'`,
  );
  log(`articles: ${secondsSince(t)} s`);
  // No ANALYZE (here or anywhere in the bench): the planner sees what an operator's database has, autovacuum's work.
  if (articlesOnly) return undefined;

  t = Date.now();
  // Sessions: a visitor (60,000, many coming back), a day of the year, a start time; 1-6 page loads each, an entry
  // record and (80 %) an exit record with the page's duration; pages: articles (the newer more often), the lists.
  await client.query(
    `INSERT INTO visit (site_id, url, entry_url, referrer, si, uv, new_visitor, count, duration, ip, user_agent, created_at)
     SELECT '1', host || page, host || entry_page, CASE WHEN load = 1 THEN ref ELSE host || '/news' END,
            (1700000000000 + s)::text, (100000000000000 + uvn * 7919)::text, (uvn % 5 = 0) AND load = 1 AND e = 1,
            e, CASE WHEN e = 1 THEN 0 ELSE stay END, '203.0.113.' || (uvn % 250), 'Mozilla/5.0 bench',
            start + make_interval(secs => load * 95 + CASE WHEN e = 0 THEN stay ELSE 0 END)
       FROM (
         SELECT s, uvn, host, ref, start, load, stay, page,
                first_value(page) OVER (PARTITION BY s ORDER BY load) AS entry_page
           FROM (
             SELECT s, (s::bigint * 48271) % 60000 AS uvn,
                    CASE WHEN s % 10 = 0 THEN 'https://www.site.example' ELSE 'https://site.example' END AS host,
                    (ARRAY['', '', '', 'https://www.baidu.com/s?wd=配电网', 'https://cn.bing.com/search?q=风险预警',
                           'https://mp.weixin.qq.com/s/abc', 'https://www.so.com/s?q=x', 'https://site.example/'])[1 + s % 8] AS ref,
                    now() - make_interval(days => s % 365, secs => 3600 + (s * 7919) % 82800) AS start,
                    load, 5 + (s * load * 31) % 600 AS stay,
                    CASE (s * load) % 10
                      WHEN 0 THEN '/' WHEN 1 THEN '/news' WHEN 2 THEN '/product?categoryId=' || (20 + (s + load) % 3)
                      WHEN 3 THEN '/question' WHEN 4 THEN '/support'
                      ELSE (ARRAY['/newsDetail', '/productDetail', '/solutionDetail', '/question', '/document', '/videoDetail'])[1 + (s + load) % 6]
                           || '?id=' || (1 + floor(power(random(), 3) * $1::int))::int
                    END AS page
               FROM generate_series(1, 160000) s, generate_series(1, 1 + (s * 7) % 6) load
           ) l
       ) v, generate_series(0, 1) e
      WHERE e = 1 OR (s + load) % 5 <> 0
      LIMIT $2`,
    [ARTICLES, VISITS],
  );
  const { rows: vc } = await client.query('SELECT count(*)::int AS n, min(created_at) AS first FROM visit');
  log(`visits: ${vc[0].n} records from ${new Date(vc[0].first).toISOString().slice(0, 10)}, roll-ups kept by the trigger: ${secondsSince(t)} s`);

  t = Date.now();
  await client.query(
    `INSERT INTO message_board (title, text, nickname, contact, phone, email, ip, created_at, status)
     SELECT '关于' || ($1::text[])[1 + g % array_length($1::text[], 1)] || '的咨询 ' || g,
            '请问' || ($1::text[])[1 + (g * 7) % array_length($1::text[], 1)] || '如何部署？', '访客' || g, '张先生',
            '139' || lpad(g::text, 8, '0'), 'v' || g || '@example.com', '203.0.113.9', now() - make_interval(hours => g * 4), (g % 3 = 0)::int::text
       FROM generate_series(1, 2000) g`,
    [words.slice(0, 500)],
  );
  await client.query(
    `INSERT INTO sys_notice (notice_title, notice_type, notice_content, status, create_by, create_time, audience)
     SELECT '系统通知 ' || g, (1 + g % 2)::text, '<p>' || ($1::text[])[1 + g % array_length($1::text[], 1)] || '</p>', (g % 7 = 0)::int::text,
            'admin', now() - make_interval(days => g), (ARRAY['all', 'staff', 'customer'])[1 + g % 3]
       FROM generate_series(1, 500) g`,
    [words.slice(0, 500)],
  );
  const { rows: pw } = await client.query("SELECT password FROM sys_user WHERE user_name = 'editor'");
  await client.query(
    `WITH u AS (
       INSERT INTO sys_user (user_name, nick_name, password, phonenumber, email, status, created_at)
       SELECT 'staff' || lpad(g::text, 3, '0'), '编辑' || g, $1, '137' || lpad(g::text, 8, '0'), 'staff' || g || '@example.com',
              (g % 20 = 0)::int::text, now() - make_interval(days => g)
         FROM generate_series(1, 200) g RETURNING user_id
     ) INSERT INTO sys_user_role (user_id, role_key) SELECT user_id, 'editor' FROM u`,
    [pw[0]?.password ?? null],
  );
  await client.query(
    `WITH c AS (
       INSERT INTO customer (name, contact_name, phone, industry, level, address, created_at, product_name, product_version)
       SELECT ($1::text[])[1 + g % array_length($1::text[], 1)] || '电力公司' || g, '联系人' || g, '136' || lpad(g::text, 8, '0'),
              '电力', (ARRAY['A', 'B', 'C'])[1 + g % 3], '某省某市', now() - make_interval(hours => g), '风险预警平台', 'V2.' || (g % 5)
         FROM generate_series(1, 5000) g RETURNING id, phone, created_at
     ) INSERT INTO sys_user (user_name, nick_name, password, phonenumber, customer_id, status, created_at)
       SELECT phone, '客户' || id, $2, phone, id, (id % 25 = 0)::int::text, created_at FROM c`,
    [words.slice(0, 500), pw[0]?.password ?? null],
  );
  await client.query(
    `INSERT INTO login_log (user_name, ip, browser, user_agent, status, msg, created_at)
     SELECT CASE WHEN g % 4 = 0 THEN 'admin' ELSE '136' || lpad((g % 5000)::text, 8, '0') END, '203.0.113.' || (g % 250), 'Chrome 120',
            'Mozilla/5.0 bench', (g % 9 = 0)::int::text, CASE WHEN g % 9 = 0 THEN '用户不存在/密码错误' ELSE '登录成功' END,
            now() - make_interval(mins => g * 25)
       FROM generate_series(1, 20000) g`,
  );
  log(`messages, notices, staff, customers, sign-in log: ${secondsSince(t)} s`);
}

async function signIn(origin) {
  const cap = await (await fetch(`${origin}/captchaImage`)).json();
  const body = { username: 'admin', password: 'admin123' };
  if (cap.captchaEnabled)
    Object.assign(body, { uuid: cap.uuid, code: (await (await fetch(`${origin}/dev/captcha/${cap.uuid}`)).json()).data.answer });
  const r = await (
    await fetch(`${origin}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  ).json();
  if (r.code !== 200) throw new Error(`sign-in: ${JSON.stringify(r)}`);
  return r.token;
}

const day = (offset) => new Date(Date.now() + 8 * 3600_000 - offset * 86_400_000).toISOString().slice(0, 10);

/** The calls measured: [group, label, path]. */
function calls(ids) {
  const range = (days) => `beginDate=${day(days - 1)}&endDate=${day(0)}`;
  const q = (s) => encodeURIComponent(s);
  return [
    ['admin', 'articles', '/system/article/list?pageNum=1&pageSize=10'],
    ['admin', 'articles · filter channel+status', '/system/article/list?pageNum=1&pageSize=10&channelId=12&status=0'],
    ['admin', 'articles · filter title', `/system/article/list?pageNum=1&pageSize=10&title=${q('配电网')}`],
    ['admin', 'articles · sort title asc', '/system/article/list?pageNum=1&pageSize=10&orderByColumn=title&isAsc=asc'],
    ['admin', 'articles · sort updatedAt, page 50', '/system/article/list?pageNum=50&pageSize=10&orderByColumn=updatedAt&isAsc=desc'],
    ['admin', 'users (staff)', '/system/user/list?pageNum=1&pageSize=10'],
    ['admin', 'users · filter name+status', '/system/user/list?pageNum=1&pageSize=10&userName=staff1&status=0'],
    ['admin', 'users · filter role', '/system/user/list?pageNum=1&pageSize=10&roleKey=editor'],
    ['admin', 'customers', '/system/customer/list?pageNum=1&pageSize=10'],
    ['admin', 'customers · filter keyword', `/system/customer/list?pageNum=1&pageSize=10&keyword=${q('电力公司12')}`],
    ['admin', 'customers · filter status', '/system/customer/list?pageNum=1&pageSize=10&status=1'],
    ['admin', 'messages', '/system/message-board/list?pageNum=1&pageSize=10'],
    ['admin', 'messages · filter status+title', `/system/message-board/list?pageNum=1&pageSize=10&status=0&title=${q('咨询')}`],
    ['admin', 'notices', '/system/notice/list?pageNum=1&pageSize=10'],
    ['admin', 'notices · filter type+title', `/system/notice/list?pageNum=1&pageSize=10&noticeType=1&noticeTitle=${q('通知')}`],
    ['admin', 'audit', '/system/audit/list?pageNum=1&pageSize=10'],
    ['admin', 'audit · filter resource+action', '/system/audit/list?pageNum=1&pageSize=10&resource=article&action=add'],
    ['admin', 'audit · filter days', `/system/audit/list?pageNum=1&pageSize=10&beginTime=${day(30)}&endTime=${day(0)}`],
    ['admin', 'login log', '/system/logininfor/list?pageNum=1&pageSize=10'],
    ['admin', 'login log · filter name+status', '/system/logininfor/list?pageNum=1&pageSize=10&userName=admin&status=1'],
    ['admin', 'recycle bin', '/system/article-recycle/list?pageNum=1&pageSize=10'],
    ['admin', 'recycle bin · filter title', `/system/article-recycle/list?pageNum=1&pageSize=10&title=${q('风险')}`],
    ['visits', '访问统计 stats 7 days', '/system/visit/stats?days=7'],
    ['visits', '访问统计 stats 30 days', '/system/visit/stats?days=30'],
    ['visits', '访问统计 stats 365 days', '/system/visit/stats?days=365'],
    ['visits', '访问统计 analytics 7 days', `/system/visit/analytics?${range(7)}`],
    ['visits', '访问统计 analytics 30 days', `/system/visit/analytics?${range(30)}`],
    ['visits', '访问统计 analytics 365 days', `/system/visit/analytics?${range(365)}`],
    ...['风险预警平台', '配电网', '风险', '故障诊断'].map((s) => ['search', `search ${s}`, `/api/article/es/page?text=${q(s)}&page=1&pageSize=10`]),
    ['search', 'search 配电网 故障', `/api/article/es/page?text=${q('配电网 故障')}&page=1&pageSize=10`],
    ['public', 'news list page 1', '/api/article/page?channelId=12&page=1&pageSize=10'],
    ['public', 'news list page 200', '/api/article/page?channelId=12&page=200&pageSize=10'],
    ['public', 'documents page 1', '/api/article/page?channelId=15&page=1&pageSize=10'],
    ['public', 'FAQ page 1 (20)', '/api/article/page?channelId=16&page=1&pageSize=20'],
    ['public', 'FAQ page 40 (20)', '/api/article/page?channelId=16&page=40&pageSize=20'],
    ['public', 'products (with categories)', '/api/article/page?channelId=14&page=1&pageSize=12'],
    ['public', 'latest news (home)', '/api/article?channelId=12&limit=6'],
    ['public', 'detail', `/api/article/${ids.detail}`],
    ['public', 'detail prev', `/api/article/prev?id=${ids.detail}`],
    ['public', 'detail next', `/api/article/next?id=${ids.detail}`],
  ];
}

async function timeCall(origin, token, p) {
  const t = process.hrtime.bigint();
  const res = await fetch(`${origin}${p}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = await res.text();
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  let code = res.status;
  try {
    const j = JSON.parse(body);
    if (typeof j.code === 'number') code = j.code;
  } catch {
    /* not JSON */
  }
  return { ms, code, bytes: body.length, body };
}

async function measure(origin, token, list, n) {
  const out = [];
  for (const [group, label, p] of list) {
    const times = [];
    let last;
    // The first call on its own (a cold plan, the channel cache; 访问统计's first read of the day).
    last = await timeCall(origin, token, p);
    const firstMs = round(last.ms);
    for (let i = 0; i < n; i++) {
      last = await timeCall(origin, token, p);
      times.push(last.ms);
    }
    times.sort((a, b) => a - b);
    let total = '';
    try {
      const j = JSON.parse(last.body);
      total = j.total ?? j.totalElements ?? j.data?.pv ?? '';
    } catch {
      /* not JSON */
    }
    // The target counts the first call too: an operator's first read of a day is a read like the others.
    const all = [...times, firstMs].sort((a, b) => a - b);
    out.push({
      group,
      call: label,
      path: p,
      firstMs,
      p50ms: round(percentile(times, 50)),
      p95ms: round(percentile(times, 95)),
      maxMs: round(all.at(-1)),
      code: last.code,
      total,
    });
  }
  return out;
}

/** EXPLAIN ANALYZE of the main queries: the 访问统计 days over the records and over the roll-ups, the heaviest lists. */
async function explains(client) {
  const tz = process.env.TZ || 'Asia/Shanghai';
  const from = `'${day(364)}'::date`;
  const to = `'${day(0)}'::date`;
  const statements = {
    '访问统计 365 days, per day and total, over the records (before)': `
      SELECT d, count(*) FILTER (WHERE count = 1), count(DISTINCT uv) FILTER (WHERE count = 1),
             count(DISTINCT uv) FILTER (WHERE count = 1 AND new_visitor), count(DISTINCT (uv, si)) FILTER (WHERE count = 1),
             count(*) FILTER (WHERE count = 0), sum(duration) FILTER (WHERE count = 0), count(DISTINCT (uv, si)) FILTER (WHERE count = 0)
        FROM (SELECT to_char(created_at AT TIME ZONE '${tz}', 'YYYY-MM-DD') AS d, count, uv, si, new_visitor, duration FROM visit
               WHERE created_at >= (${from}::timestamp AT TIME ZONE '${tz}') AND created_at < ((${to} + 1)::timestamp AT TIME ZONE '${tz}')
                 AND visit_public(entry_url, url) AND visit_page(url)) v
       GROUP BY GROUPING SETS ((d), ())`,
    '访问统计 365 days, per day and total, over the roll-ups (after; routes/visits.ts rollupFigures)': `
      WITH r AS MATERIALIZED (SELECT day, uv, si, pv, new_pv, exits, exit_sum FROM visit_session_day WHERE day BETWEEN ${from} AND ${to}),
      per_day AS (SELECT day, sum(pv) AS pv, count(*) FILTER (WHERE pv > 0) AS sessions, sum(exits) AS exits FROM r GROUP BY day),
      visitors AS (SELECT day, uv, bool_or(pv > 0) AS v, bool_or(new_pv > 0) AS n FROM r GROUP BY day, uv),
      day_uv AS (SELECT day, count(*) FILTER (WHERE v) AS uv, count(*) FILTER (WHERE n) AS new_uv FROM visitors GROUP BY day),
      total_uv AS (SELECT count(*) FILTER (WHERE v) AS uv FROM (SELECT uv, bool_or(v) AS v FROM visitors GROUP BY uv) x),
      total_sessions AS (SELECT count(*) FILTER (WHERE v) AS sessions FROM (SELECT uv, si, bool_or(pv > 0) AS v FROM r GROUP BY uv, si) x)
      SELECT p.day, p.pv, u.uv, u.new_uv, p.sessions FROM per_day p JOIN day_uv u USING (day)
      UNION ALL SELECT NULL, (SELECT sum(pv) FROM per_day), total_uv.uv, NULL, total_sessions.sessions FROM total_uv, total_sessions`,
    '访问统计 365 days, top pages over the roll-ups (after)': `
      SELECT min(path), nullif(id, ''), nullif(category, ''), sum(pv), count(*)
        FROM (SELECT lpath, id, category, uv, min(path) AS path, sum(pv) AS pv FROM visit_page_day WHERE day BETWEEN ${from} AND ${to}
               GROUP BY lpath, id, category, uv) x
       GROUP BY lpath, id, category ORDER BY 4 DESC, 5 DESC, 1, 2, 3 LIMIT 50`,
    '访问统计 365 days, first entry of each session over the roll-ups (after)': `
      SELECT DISTINCT ON (uv, si) entry_path, entry_id, entry_category, entry_host, ref_host
        FROM visit_session_day WHERE day BETWEEN ${from} AND ${to} AND pv > 0 ORDER BY uv, si, first_at, first_id`,
    'articles list, sort title asc (first page)': `SELECT * FROM article ORDER BY title ASC, id DESC LIMIT 10`,
    'articles list, filter title ILIKE': `SELECT * FROM article WHERE title ILIKE '%配电网%' ORDER BY publish_date DESC, id DESC LIMIT 10`,
    'customers list (users without a role, joined)': `
      SELECT u.*, c.name FROM sys_user u LEFT JOIN customer c ON c.id = u.customer_id
       WHERE NOT EXISTS (SELECT 1 FROM sys_user_role r WHERE r.user_id = u.user_id) ORDER BY u.user_id DESC LIMIT 10`,
    'login log, filter name and status': `SELECT * FROM login_log WHERE lower(user_name) LIKE '%admin%' AND status = '1' ORDER BY created_at DESC, id DESC LIMIT 10`,
  };
  const out = {};
  // As the server reads the roll-ups: with room to group in memory.
  await client.query("SET work_mem = '64MB'");
  for (const [name, s] of Object.entries(statements)) {
    try {
      const { rows } = await client.query(`EXPLAIN (ANALYZE, COSTS OFF) ${s}`);
      out[name] = rows.map((r) => r['QUERY PLAN']);
    } catch (e) {
      out[name] = [`error: ${e.message}`];
    }
  }
  return out;
}

/** Runs one of the bench's tsx scripts (the server's own code) from services/api-server; its last line, as JSON. */
function tsxJson(script, args) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, script), ...args], {
    cwd: API_DIR,
    encoding: 'utf8',
    timeout: 30 * 60_000,
  });
  if (r.status !== 0) return { error: (r.stderr || r.stdout || '').slice(-2000) };
  return JSON.parse(r.stdout.trim().split('\n').pop());
}

async function measureScale() {
  const started = Date.now();
  const log = (m) => console.log(`[scale ${secondsSince(started)} s] ${m}`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-'));
  fs.chmodSync(tmp, 0o755);
  const [pgPort, apiPort] = await Promise.all([freePort(), freePort()]);
  const db = startPostgres(path.join(tmp, 'pg'), pgPort);
  const report = {
    cpus: os.cpus().length,
    calls: CALLS,
    dataSet: {},
    note: 'Render runs are not measured here: their figures come from the renderer bench (scripts/bench/render.cjs in npm run bench).',
  };
  const children = [];
  const apiEnv = { DATABASE_URL: db.url, DATA_DIR: path.join(tmp, 'data'), SITE_DEV_ENDPOINTS: '1', SITE_TEST_ACCOUNTS: '1' };
  try {
    log('migrating and seeding through the API server ...');
    let api = await startApi('scale', apiPort, apiEnv);
    children.push(api.child);
    await stopAll([api.child]);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      if (!SEED_SIZE) {
        const t = Date.now();
        await fill(client, log);
        report.fillSeconds = secondsSince(t);
      }
      const { rows } = await client.query(`SELECT
          (SELECT count(*) FROM article)::int AS articles, (SELECT count(*) FROM article_recycle)::int AS recycled,
          (SELECT round(avg(octet_length(text))) FROM article)::int AS "avgBodyBytes",
          (SELECT count(*) FROM visit)::int AS visits, (SELECT count(*) FROM visit_session_day)::int AS "sessionDayRows",
          (SELECT count(*) FROM visit_page_day)::int AS "pageDayRows",
          (SELECT count(*) FROM message_board)::int AS messages, (SELECT count(*) FROM sys_notice)::int AS notices,
          (SELECT count(*) FROM sys_user_role WHERE role_key = 'editor')::int AS editors, (SELECT count(*) FROM customer)::int AS customers,
          (SELECT count(*) FROM audit_log)::int AS audit, (SELECT count(*) FROM login_log)::int AS "loginLog"`);
      report.dataSet = rows[0];
      log(`data set: ${JSON.stringify(report.dataSet)}`);
      if (!SEED_SIZE) {
        log("search index: the server's own indexing of the new articles (reindexStale, 200 a transaction) ...");
        report.searchIndex = tsxJson('scale-index.mts', [db.url]);
        const { rows: ix } = await client.query('SELECT count(*)::int AS n FROM article_search');
        report.searchIndex.rows = ix[0].n;
        log(`search index: ${JSON.stringify(report.searchIndex)}`);
      }
      // A freshly started API (nothing cached), on the statistics autovacuum left.
      api = await startApi('scale', apiPort, apiEnv);
      children.push(api.child);
      const token = await signIn(api.origin);
      const { rows: d } = await client.query(
        `SELECT id FROM article WHERE channel_id = 12 AND status = 0 ORDER BY publish_date DESC LIMIT 1 OFFSET ${SEED_SIZE ? 1 : 500}`,
      );
      const burners = LOADED ? startBurners() : [];
      report.mode = `${SEED_SIZE ? 'seed size, ' : ''}${LOADED ? `loaded: ${burners.length} CPU burners beside the API (as many as cores)` : 'quiet'}`;
      report.loadBefore = os.loadavg().map(round);
      log(`measuring, ${CALLS} calls each (${report.mode}, load ${report.loadBefore.join(' ')}) ...`);
      try {
        report.results = await measure(api.origin, token, calls({ detail: d[0].id }), CALLS);
      } finally {
        for (const b of burners) b.kill('SIGKILL');
      }
      report.loadAfter = os.loadavg().map(round);
      log(`load average after: ${report.loadAfter.join(' ')}`);
      for (const r of report.results) r.target = `≤ ${TARGET_MS[r.group]} ms`;
      for (const r of report.results) r.met = r.p95ms <= TARGET_MS[r.group] && r.firstMs <= TARGET_MS[r.group];
      console.log(
        `\nScale bench: one freshly started API instance on PostgreSQL (no manual ANALYZE), ${report.mode}, load ${report.loadBefore.join(' ')} -> ${report.loadAfter.join(' ')}; first call and p50/p95 of the next ${CALLS} (ms)`,
      );
      console.table(
        report.results.map(({ group, call, firstMs, p50ms, p95ms, target, met, code, total }) => ({
          group,
          call,
          firstMs,
          p50ms,
          p95ms,
          target,
          met,
          code,
          total,
        })),
      );
      report.explain = await explains(client);
      for (const [name, plan] of Object.entries(report.explain)) console.log(`\nEXPLAIN ANALYZE — ${name}\n  ${plan.join('\n  ')}`);
    } finally {
      await client.end();
    }
    if (process.env.BENCH_SCALE_RAW !== '0') {
      log(`访问统计 over the records (before the roll-ups), ${RAW_CALLS} calls each ...`);
      report.visitsOverRecords = tsxJson('scale-raw.mts', [db.url, String(RAW_CALLS)]);
      console.log('\n访问统计 figures over the records themselves (the queries before the daily roll-ups; database time only)');
      console.table(report.visitsOverRecords);
    }
    console.log(`\n${report.note}`);
  } catch (e) {
    report.error = String(e.stack || e).slice(0, 4000);
    console.log(`\nScale bench stopped: ${report.error}`);
  } finally {
    await stopAll(children);
    db.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return report;
}

/** Measures and writes bench-report-scale.json; never fails on numbers. */
async function main() {
  const report = { date: new Date().toISOString(), machine: `${os.cpus().length} cores`, ...(await measureScale()) };
  const file = SEED_SIZE ? 'bench-report-scale-seed-size.json' : 'bench-report-scale.json';
  fs.writeFileSync(path.join(root, file), JSON.stringify(report, null, 2));
  console.log(`\nwrote ${file}`);
}

module.exports = { measureScale, main, fill, startBurners };

if (require.main === module)
  main().catch((e) => {
    console.error('[scale]', e);
    process.exitCode = 0;
  });
