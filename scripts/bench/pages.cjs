/**
 * The bench's page measurements, run by scripts/bench.cjs against a site started as `npm start` starts it:
 * - warmUp: every public route visited a few times in Chromium, so the site has been used before it is measured;
 * - coldLoad: one route in a fresh browser: requests, compressed JavaScript, and the API requests of the view;
 * - lighthouseRoute: Lighthouse mobile on a route with its scripts and, in the same run, with every script blocked;
 * - navTimes: a client-side navigation between two remotes;
 * - cjkFonts: whether the machine has a CJK font, as a Chinese visitor's machine has (the numbers assume it).
 * Every function reports what it saw; none throws on a number.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

const { CHROMIUM, CHROMIUM_ARGS } = require('@site/build-config/chromium');
// The same flags for Lighthouse's own Chromium: the issue's independent run used these.
const LH_FLAGS = ['--headless=new', ...CHROMIUM_ARGS].join(' ');

const median = (xs) => {
  const v = xs.filter((x) => typeof x === 'number').sort((a, b) => a - b);
  return v.length ? v[Math.floor((v.length - 1) / 2)] : null;
};

/** The CJK fonts fontconfig knows (`fc-list :lang=zh`); [] when none or when fc-list is missing. */
function cjkFonts() {
  try {
    const out = execFileSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return [
      ...new Set(
        out
          .split('\n')
          .map((l) => l.split(',')[0].trim())
          .filter(Boolean),
      ),
    ].sort();
  } catch {
    return [];
  }
}

/**
 * What a request of a page view is, by its path on the site's origin: an API request for content (any /api/*,
 * /system/*, /getInfo or /captchaImage), the visit record (POST /api/visit/*: a visitor's own action, not content),
 * or the form's captcha on /contact (asked for by the form, listed apart).
 */
function apiKind(route, method, url) {
  const p = url.pathname;
  if (method === 'POST' && p.startsWith('/api/visit/')) return 'visit';
  if (p === '/captchaImage' && route.startsWith('/contact')) return 'captcha';
  if (p.startsWith('/api/') || p.startsWith('/system/') || p === '/getInfo' || p === '/captchaImage') return 'content';
  return null;
}

async function launch(chromium) {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/**
 * The site used for a while before it is measured: each route visited `times` times, each pass in a browser context
 * of its own (a new visitor), so visit records exist and every cache on the way (API, rendered pages, compressed
 * files, the operating system's file cache) has seen the requests the measurements make.
 */
async function warmUp(chromium, host, routes, times = 2) {
  const started = Date.now();
  const browser = await launch(chromium);
  let views = 0;
  let failed = 0;
  try {
    for (let i = 0; i < times; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      for (const r of routes) {
        try {
          await page.goto(host + r, { waitUntil: 'networkidle', timeout: 60000 });
          views++;
        } catch {
          failed++;
        }
      }
      // Leaving the last page sends its visit record too.
      await page.goto('about:blank').catch(() => {});
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { views, failed, ms: Date.now() - started };
}

/**
 * One route loaded cold (a new browser, empty cache) until the network is idle: every request, the compressed
 * JavaScript, the remotes fetched, and the API requests of the view by kind (apiKind). "Until h1": up to the page's
 * heading being visible, what the page itself needs before idle-time prefetch.
 */
async function coldLoad(chromium, host, route, remotePorts) {
  const browser = await launch(chromium);
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const sizes = new Map();
    const sent = new Map();
    const responses = new Map();
    cdp.on('Network.requestWillBeSent', (e) => sent.set(e.requestId, { at: e.wallTime * 1000, method: e.request.method, url: e.request.url }));
    cdp.on('Network.responseReceived', (e) => responses.set(e.requestId, { url: e.response.url, type: e.type }));
    cdp.on('Network.loadingFinished', (e) => sizes.set(e.requestId, e.encodedDataLength));
    const started = Date.now();
    // The app's own mark (host RouteEffects): the page answers its visitor as the app from then on.
    const hydrated = page.waitForSelector('html[data-hydrated]', { timeout: 60000 }).then(
      () => Date.now(),
      () => null,
    );
    const shown = page
      .locator('main h1')
      .first()
      .waitFor({ state: 'visible', timeout: 30000 })
      .then(
        () => Date.now(),
        () => null,
      );
    await page.goto(host + route, { waitUntil: 'networkidle', timeout: 60000 });
    const loadMs = Date.now() - started;
    const shownAt = await shown;
    // The page's own mark (host HydratedMark), on the wall clock the request times use; the harness's own
    // notice of the attribute comes a little later, after the first calls the hydrated page makes.
    const marked = await page.evaluate(() => {
      const m = performance.getEntriesByName('site-hydrated')[0];
      return m ? performance.timeOrigin + m.startTime : null;
    });
    const hydratedAt = marked ?? (await hydrated);
    const fcpMs = await page.evaluate(() => {
      const p = performance.getEntriesByName('first-contentful-paint')[0];
      return p ? Math.round(p.startTime) : null;
    });
    const jsRaw = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.initiatorType === 'script')
        .reduce((n, e) => n + (e.decodedBodySize || 0), 0),
    );
    const hostPort = Number(new URL(host).port);
    let js = 0;
    let jsUntilShown = 0;
    let jsBeforeHydrated = 0;
    let requestsUntilShown = 0;
    const remotes = new Set();
    const remotesUntilShown = new Set();
    const api = { content: [], visit: [], captcha: [] };
    // Every request sent, answered or not (a request still open at network idle is one the view made).
    for (const [id, s] of sent) {
      const url = new URL(s.url);
      if (url.protocol === 'data:') continue;
      const before = shownAt !== null && s.at <= shownAt;
      if (before) requestsUntilShown++;
      const r = responses.get(id);
      if (r?.type === 'Script') {
        js += sizes.get(id) || 0;
        if (before) jsUntilShown += sizes.get(id) || 0;
        if (hydratedAt !== null && s.at <= hydratedAt) jsBeforeHydrated += sizes.get(id) || 0;
      }
      for (const [name, p] of Object.entries(remotePorts)) {
        if (p !== Number(url.port)) continue;
        remotes.add(name);
        if (before) remotesUntilShown.add(name);
      }
      const kind = Number(url.port) === hostPort ? apiKind(route, s.method, url) : null;
      if (kind) api[kind].push(`${s.method} ${url.pathname}${url.search}`);
    }
    return {
      url: route,
      requests: [...sent.values()].filter((s) => !s.url.startsWith('data:')).length,
      jsRawKB: +(jsRaw / 1024).toFixed(1),
      jsCompressedKB: +(js / 1024).toFixed(1),
      shownMs: shownAt === null ? null : shownAt - started,
      requestsUntilShown,
      jsCompressedUntilShownKB: +(jsUntilShown / 1024).toFixed(1),
      // Scripts asked for before the app marked the page hydrated (what a visitor waits for before it answers).
      jsCompressedBeforeHydratedKB: hydratedAt === null ? null : +(jsBeforeHydrated / 1024).toFixed(1),
      hydratedMs: hydratedAt === null ? null : hydratedAt - started,
      remotesUntilShown: [...remotesUntilShown].sort(),
      fcpMs,
      loadMs,
      remotes: [...remotes].sort(),
      apiContent: api.content.length,
      apiContentCalls: api.content,
      visitRecords: api.visit.length,
      captcha: api.captcha.length,
    };
  } finally {
    await browser.close();
  }
}

/** A slow phone as the issue of public pages states it: 4x CPU, 150 ms round trip, 1.6 Mbps down, 750 kbps up. */
const SLOW_PHONE = { cpu: 4, latencyMs: 150, downKbps: 1600, upKbps: 750 };

/**
 * Until a cold page is hydrated on a slow phone (SLOW_PHONE, Chromium's own throttling over CDP, cache off): the
 * time from the navigation's start to `html[data-hydrated]`, `runs` times, each in a new browser. Its median is the
 * figure; the runs beside it.
 */
async function slowPhoneHydration(chromium, host, route, runs = 3) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const browser = await launch(chromium);
    try {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpu });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: SLOW_PHONE.latencyMs,
        downloadThroughput: (SLOW_PHONE.downKbps * 1000) / 8,
        uploadThroughput: (SLOW_PHONE.upKbps * 1000) / 8,
      });
      await page.goto(host + route, { waitUntil: 'commit', timeout: 60000 });
      await page.waitForSelector('html[data-hydrated]', { timeout: 90000 });
      times.push(await page.evaluate(() => Math.round(performance.now())));
    } catch {
      times.push(null);
    } finally {
      await browser.close();
    }
  }
  const ok = times.filter((t) => t !== null);
  return { route, medianMs: ok.length ? median(ok) : null, runs: times, settings: SLOW_PHONE };
}

/** One Lighthouse mobile run, reduced to the figures the report keeps; `noScripts` blocks every *.js request. */
function lighthouseOnce(url, noScripts) {
  const bin = path.join(__dirname, '../node_modules/.bin/lighthouse');
  const out = path.join(os.tmpdir(), `lh-${process.pid}-${Date.now()}.json`);
  const args = [
    url,
    `--chrome-flags=${LH_FLAGS}`,
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
    // Without scripts only the performance figures are compared; the other categories are of the page as served.
    noScripts ? '--only-categories=performance' : '--only-categories=performance,accessibility,best-practices,seo',
  ];
  if (noScripts) args.push('--blocked-url-patterns=*.js');
  try {
    execFileSync(bin, args, { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: 'ignore', timeout: 180000 });
    const r = JSON.parse(fs.readFileSync(out, 'utf8'));
    if (r.runtimeError?.code) return { error: `${r.runtimeError.code}: ${r.runtimeError.message}`.slice(0, 200) };
    const a = r.audits;
    const score = (c) => (r.categories[c] ? Math.round((r.categories[c].score ?? 0) * 100) : undefined);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: Math.round(a['largest-contentful-paint']?.numericValue ?? 0),
      fcpMs: Math.round(a['first-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(a['total-blocking-time']?.numericValue ?? 0),
      cls: +(a['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3),
      transferKB: Math.round((a['total-byte-weight']?.numericValue ?? 0) / 1024),
      requests: a['network-requests']?.details?.items?.length,
    };
  } catch (e) {
    return { error: String(e.message).slice(0, 200) };
  } finally {
    fs.rmSync(out, { force: true });
  }
}

/** The median of each figure over the runs that did not fail, with the runs' LCP and TBT kept beside it. */
function medians(results) {
  const ok = results.filter((r) => !r.error);
  if (!ok.length) return { error: results[0]?.error ?? 'lighthouse failed', runs: results.length };
  const keys = Object.keys(ok[0]).filter((k) => ok[0][k] !== undefined);
  return {
    ...Object.fromEntries(keys.map((k) => [k, median(ok.map((r) => r[k]))])),
    runs: ok.length,
    failedRuns: results.length - ok.length,
    lcpRunsMs: ok.map((r) => r.lcpMs),
    tbtRunsMs: ok.map((r) => r.tbtMs),
  };
}

/** The page targets for every public route (met / not met; the bench never fails on them). */
const LH_TARGETS = { performance: 98, lcpMs: 1200, tbtMs: 100, cls: 0.02, lcpRatio: 1.15 };

/**
 * Lighthouse mobile on one route, `runs` times with scripts and `runs` times with every script blocked, the two
 * alternating so both see the same machine load; medians of each, the LCP ratio and the targets met.
 */
function lighthouseRoute(url, runs) {
  const withJs = [];
  const noJs = [];
  for (let i = 0; i < runs; i++) {
    withJs.push(lighthouseOnce(url, false));
    noJs.push(lighthouseOnce(url, true));
  }
  const mobile = medians(withJs);
  const noScripts = medians(noJs);
  const lcpRatio = mobile.lcpMs && noScripts.lcpMs ? +(mobile.lcpMs / noScripts.lcpMs).toFixed(2) : null;
  const t = LH_TARGETS;
  const met = {
    performance: mobile.performance >= t.performance,
    lcp: mobile.lcpMs !== undefined && mobile.lcpMs <= t.lcpMs,
    tbt: mobile.tbtMs !== undefined && mobile.tbtMs <= t.tbtMs,
    cls: mobile.cls !== undefined && mobile.cls <= t.cls,
    lcpRatio: lcpRatio !== null && lcpRatio <= t.lcpRatio,
  };
  return { mobile, noScripts, lcpRatio, met, allMet: Object.values(met).every(Boolean) };
}

/**
 * Client-side navigation between two remotes: click a header link, time (in the page) from the click until the
 * new page's h1, with its own text, is in the DOM and the next frame has been produced. The previous page stays on
 * screen during a navigation, so waiting for "an h1" or for the URL would time nothing.
 */
/* global window, document, MutationObserver, requestAnimationFrame -- navTimes' page.evaluate callbacks run in the browser */
async function navTimes(chromium, host, from, linkName, times) {
  const browser = await launch(chromium);
  try {
    const page = await browser.newPage();
    const out = [];
    for (let i = 0; i < times; i++) {
      await page.goto(host + from, { waitUntil: 'networkidle' });
      await page.evaluate((h1Text) => {
        const t = (window.__nav = {});
        document.addEventListener('click', () => (t.click = performance.now()), { capture: true, once: true });
        new MutationObserver((_, observer) => {
          if ([...document.querySelectorAll('main h1')].some((h) => h.textContent.trim() === h1Text)) {
            observer.disconnect();
            requestAnimationFrame(() => setTimeout(() => (t.shown = performance.now())));
          }
        }).observe(document.body, { childList: true, subtree: true, characterData: true });
      }, linkName);
      await page.locator('header nav a', { hasText: linkName }).first().click();
      await page.waitForFunction(() => window.__nav.shown !== undefined);
      out.push(Math.round(await page.evaluate(() => window.__nav.shown - window.__nav.click)));
    }
    return out;
  } finally {
    await browser.close();
  }
}

module.exports = { cjkFonts, apiKind, warmUp, coldLoad, slowPhoneHydration, SLOW_PHONE, lighthouseRoute, LH_TARGETS, navTimes, median };
