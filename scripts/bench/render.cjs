/**
 * The bench's measurements of the page renderer, used by scripts/bench.cjs on its private site:
 * - servedHtml: what each public URL serves to a client without JavaScript (plain fetch): a rendered page or the shell;
 * - reRender: one published article's title edited through the admin API, then the time until its page serves the new
 *   title;
 * - seedArticles: published articles created through the admin API until the site has a given number;
 * - fullRuns: full renders repeated in one Node process (scripts/bench/render-runs.mts), pages per second and the
 *   heap after each run.
 * Every function reports what it saw; none throws on a number.
 */
const path = require('path');
const { fork } = require('child_process');
const { SERVICE_DIRS } = require('@site/build-config/site');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The renderer's GET /status ({running, pending, runs, lastReport, lastError}), or null while it does not answer. */
async function renderStatus(port) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/status`, { signal: AbortSignal.timeout(3000) });
    return res.ok ? await res.json() : null;
  } catch {
    return null;
  }
}

/** Waits until the renderer has finished `minRuns` runs and has nothing running or queued; returns how long that took. */
async function waitRendererIdle(port, { minRuns = 1, timeoutMs = 180000 } = {}) {
  const started = Date.now();
  let status = null;
  while (Date.now() - started < timeoutMs) {
    status = await renderStatus(port);
    if (status && status.runs >= minRuns && !status.running && status.pending === 0) return { idle: true, waitedMs: Date.now() - started, status };
    await sleep(250);
  }
  return { idle: false, waitedMs: Date.now() - started, status };
}

/** What a client without JavaScript gets at each URL: status, whether it is a rendered page (render data and an h1), bytes. */
async function servedHtml(host, urls) {
  const out = [];
  for (const url of urls) {
    try {
      const res = await fetch(host + url, { headers: { 'accept-encoding': 'br' } });
      const html = await res.text();
      const encoded = Number(res.headers.get('content-length')) || null;
      out.push({
        url,
        status: res.status,
        rendered: html.includes('id="site-render"') && /<h1[\s>]/.test(html),
        htmlBytes: Buffer.byteLength(html),
        encoding: res.headers.get('content-encoding') || 'identity',
        transferBytes: res.headers.get('content-encoding') ? encoded : Buffer.byteLength(html),
      });
    } catch (e) {
      out.push({ url, status: null, rendered: false, htmlBytes: 0, error: String(e.message).slice(0, 200) });
    }
  }
  return out;
}

/** Signs in through the host (captchaImage + login), the captcha's answer read from the API's dev endpoint. */
async function signIn(host, api, username, password) {
  const cap = await (await fetch(`${host}/captchaImage`)).json();
  const code = cap.captchaEnabled ? (await (await fetch(`${api}/dev/captcha/${cap.uuid}`)).json()).data.answer : '';
  const res = await fetch(`${host}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, code, uuid: cap.uuid }),
  });
  const body = await res.json();
  if (body.code !== 200) throw new Error(`sign-in as ${username}: ${JSON.stringify(body)}`);
  return body.token;
}

async function adminApi(host, token, method, pathName, body) {
  const res = await fetch(host + pathName, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok || json.code !== 200) throw new Error(`${method} ${pathName}: HTTP ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

/** The fields PUT /system/article/:id takes (services/api-server/src/routes/articles.ts articleBody), from the article as GET returns it. */
const ARTICLE_FIELDS = [
  'channelId',
  'title',
  'subtitle',
  'description',
  'text',
  'image',
  'tags',
  'sort',
  'top',
  'status',
  'publishDate',
  'author',
  'source',
  'video',
  'poster',
  'file',
  'fileName',
  'fileLength',
  'version',
];

/** An article's title changed through the admin API (GET it, PUT it back with the new title), as staff would. */
async function retitle(host, token, articleId, title) {
  const { data } = await adminApi(host, token, 'GET', `/system/article/${articleId}`);
  const body = Object.fromEntries(ARTICLE_FIELDS.filter((k) => k in data).map((k) => [k, data[k]]));
  await adminApi(host, token, 'PUT', `/system/article/${articleId}`, { ...body, title });
}

/**
 * Edits one article's title (PUT /system/article/:id with its current version) and times, from the API's answer, until
 * GET `<host><pagePath>` serves HTML with the new title (polled every 50 ms, at most `capMs`). Then waits for the
 * renderer to be idle and reports the run that did it (pages it rendered, its time).
 */
async function reRender({ host, token, rendererPort, articleId, pagePath, capMs = 30000 }) {
  await waitRendererIdle(rendererPort, { timeoutMs: 600000 });
  const runsBefore = (await renderStatus(rendererPort))?.runs ?? 0;
  const title = `Bench re-render ${Date.now().toString(36)}`;
  await retitle(host, token, articleId, title);
  const answered = Date.now();
  const url = `${host}${pagePath}?id=${articleId}`;
  let ms = null;
  let polls = 0;
  while (Date.now() - answered < capMs) {
    polls++;
    try {
      const html = await (await fetch(url)).text();
      if (html.includes(title)) {
        ms = Date.now() - answered;
        break;
      }
    } catch {
      /* keep polling */
    }
    await sleep(50);
  }
  const after = await waitRendererIdle(rendererPort, { minRuns: runsBefore + 1, timeoutMs: 600000 });
  const last = after.status?.lastReport;
  return {
    url: `${pagePath}?id=${articleId}`,
    ms,
    polls,
    capMs,
    // The runs that followed the edit (normally one) and what the last of them rendered.
    runs: (after.status?.runs ?? runsBefore) - runsBefore,
    runPages: last?.rendered ?? null,
    runMs: last?.ms ?? null,
  };
}

/** Published articles of the whole site (admin list, status 0). */
async function publishedCount(host, token) {
  return (await adminApi(host, token, 'GET', '/system/article/list?status=0&pageNum=1&pageSize=1')).total;
}

/** CHANNEL_IDS of shared/contract/src/constants.ts (TypeScript, not requirable from here). */
const CHANNEL_IDS = { solution: 10, news: 12, productPlatform: 20, productMonitoring: 21, productAnalytics: 22 };
/** Spread evenly over the news, product (its three categories) and solution channels. */
const SEED_CHANNELS = [
  CHANNEL_IDS.news,
  CHANNEL_IDS.productPlatform,
  CHANNEL_IDS.solution,
  CHANNEL_IDS.news,
  CHANNEL_IDS.productMonitoring,
  CHANNEL_IDS.solution,
  CHANNEL_IDS.news,
  CHANNEL_IDS.productAnalytics,
  CHANNEL_IDS.solution,
];

const seedText = (n) =>
  Array.from(
    { length: 6 },
    (_, i) =>
      `<p>基准测试文章 ${n} 的第 ${i + 1} 段：电力监控与风险控制平台在变电站、配电网和新能源场站中的应用，` +
      `包括数据采集、告警联动、趋势分析和运维报表。Benchmark article ${n}, paragraph ${i + 1}.</p>`,
  ).join('\n');

/** Creates published articles (in parallel batches of `batch`) until the site has at least `target`. */
async function seedArticles({ host, token, target, batch = 20 }) {
  const started = Date.now();
  const before = await publishedCount(host, token);
  let created = 0;
  const perChannel = {};
  while (before + created < target) {
    const size = Math.min(batch, target - before - created);
    await Promise.all(
      Array.from({ length: size }, (_, i) => {
        const n = created + i + 1;
        const channelId = SEED_CHANNELS[n % SEED_CHANNELS.length];
        perChannel[channelId] = (perChannel[channelId] ?? 0) + 1;
        return adminApi(host, token, 'POST', '/system/article', {
          channelId,
          title: `基准文章 ${n}：电力风险控制的实践`,
          description: `基准测试生成的第 ${n} 篇文章。`,
          text: seedText(n),
          tags: ['基准'],
          status: 0,
        });
      }),
    );
    created += size;
  }
  return { before, created, after: await publishedCount(host, token), perChannel, ms: Date.now() - started };
}

/**
 * `runs` full renders in one Node process (render-runs.mts, `node --expose-gc --import tsx`, cwd renderer/), with the
 * site renderer's environment `renderEnv` and its own output folder; the heap after a gc() follows each run.
 */
function fullRuns({ root, renderEnv, runs, timeoutMs = 30 * 60000 }) {
  return new Promise((resolve) => {
    const child = fork(path.join(__dirname, 'render-runs.mts'), [String(runs)], {
      cwd: path.join(root, SERVICE_DIRS.pageRenderer),
      execArgv: ['--expose-gc', '--import', 'tsx'],
      env: renderEnv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let result = null;
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('message', (m) => (result = m));
    child.on('error', (e) => (result = { error: String(e.message) }));
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (!result || result.error || code !== 0)
        return resolve({ error: result?.error ?? `render-runs exited with ${code}`, runs: result?.runs ?? [] });
      const heaps = result.runs.map((r) => r.heapUsedMB);
      const first = heaps[0];
      const last = heaps[heaps.length - 1];
      const growthMB = +(last - first).toFixed(1);
      resolve({
        ...result,
        heapFirstMB: first,
        heapLastMB: last,
        heapGrowthMB: growthMB,
        heapGrowthPercent: first ? +((growthMB / first) * 100).toFixed(1) : null,
        // Flat: the last run's heap within 5 % (at least 5 MB) of the first's.
        heapFlat: Math.abs(growthMB) <= Math.max(5, first * 0.05),
      });
    });
  });
}

module.exports = { renderStatus, waitRendererIdle, servedHtml, signIn, retitle, reRender, seedArticles, publishedCount, fullRuns };
