/**
 * Issue 2: the composition itself. Real Chromium, production build, every app on its own origin.
 */
import { expect, test, type Page } from '@playwright/test';
import path from 'path';
import fs from 'fs';
import os from 'os';
import { BASE, PORTS, PORTAL_ORIGIN, remoteOrigin } from '../support/site';
import { REPO, defaultRemotes, extraBuild, startHangingServer, startSite, startStaticServer } from '../support/processes';

function jsRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') urls.push(r.url());
  });
  return urls;
}

test.describe('federation composition', () => {
  test('react, react-dom, antd and @site/app-runtime are downloaded exactly once, from the host', async ({ page }) => {
    const urls = jsRequests(page);
    await page.goto('/');
    // A remote page and the host shell are both on screen, and (issue 34.12: the HTML is there before any script)
    // the app has run.
    await expect(page.locator('h1').first()).toBeVisible();
    await expect(page.locator('footer')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await page.waitForLoadState('networkidle');
    expect(urls.some((u) => u.startsWith(remoteOrigin('remote_content')))).toBe(true);
    // Client-side to the sign-in page, another remote's, whose form is built from antd components.
    await page.evaluate(() => window.postMessage({ type: 'skipPage', url: '/user/login' }, window.location.origin));
    await expect(page.locator('main form').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const packages: Record<string, RegExp> = {
      // react, react-dom and the scheduler are one chunk named `react`; antd and the icons are inside @site/antd-kit's
      // chunk `ui-kit` (shared/build-config/webpack.cjs).
      'react + react-dom': /\/react\.[0-9a-f]{8}\.js$/,
      antd: /\/ui-kit\.[0-9a-f]{8}\.js$/,
      '@site/app-runtime': /runtime_src_index_ts/,
    };
    for (const [name, re] of Object.entries(packages)) {
      const hits = urls.filter((u) => re.test(u));
      expect(hits.length, `${name} chunks among: ${urls.join(', ')}`).toBeGreaterThan(0);
      const files = hits.map((u) => path.basename(new URL(u).pathname));
      expect(new Set(files).size, `${name} fetched twice: ${hits.join(', ')}`).toBe(files.length);
      const origins = new Set(hits.map((u) => new URL(u).origin));
      expect([...origins], `${name} came from a remote`).toEqual([BASE]);
    }
  });

  test('[MSG-1] an event emitted on the one shared bus by the page reaches the host router', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('footer')).toBeVisible();
    // A same-origin skipPage message goes through the host's listener onto the bus; the host navigates.
    await page.evaluate(() => window.postMessage({ type: 'skipPage', url: '/news' }, window.location.origin));
    await expect(page).toHaveURL(/\/news$/);
  });
});

test.describe('parent portal (iframe) and skipPage', () => {
  const portalPage = (target: string) => `<!doctype html><html lang="zh-CN"><head><title>门户</title></head><body>
    <iframe id="site" src="${target}" style="width:1000px;height:700px"></iframe></body></html>`;
  let stopAllowed: () => Promise<void>;
  let stopForeign: () => Promise<void>;
  const foreignPort = PORTS.portal + 1;

  test.beforeAll(async () => {
    stopAllowed = await startStaticServer(PORTS.portal, os.tmpdir(), { '/portal.html': portalPage(`${BASE}/`) });
    stopForeign = await startStaticServer(foreignPort, os.tmpdir(), { '/opener.html': '<!doctype html><title>外站</title>' });
  });
  test.afterAll(async () => {
    await stopAllowed();
    await stopForeign();
  });

  async function siteFrame(page: Page) {
    await page.goto(`${PORTAL_ORIGIN}/portal.html`);
    const frame = page.frameLocator('#site');
    await expect(frame.locator('footer')).toBeVisible();
    return page.frames().find((f) => f.url().startsWith(BASE))!;
  }
  const post = (page: Page, data: unknown) =>
    page.evaluate((d) => (document.getElementById('site') as HTMLIFrameElement).contentWindow!.postMessage(d, '*'), data);

  test('[MSG-1] skipPage from the allowed portal origin navigates the embedded site', async ({ page }) => {
    const frame = await siteFrame(page);
    await post(page, { type: 'skipPage', url: '/news' });
    await expect.poll(() => frame.url()).toBe(`${BASE}/news`);
  });

  test('[MSG-1][MSG-1 deviation: only from allowed origins and for in-site paths, see contract README] other types, external URLs and javascript: URLs are ignored', async ({
    page,
  }) => {
    const frame = await siteFrame(page);
    await post(page, { type: 'other', url: '/news' });
    await post(page, { type: 'skipPage', url: 'https://evil.example/x' });
    await post(page, { type: 'skipPage', url: '//evil.example/x' });
    await post(page, { type: 'skipPage', url: 'javascript:alert(1)' });
    // A valid message afterwards proves the earlier ones were handled (and ignored), not lost.
    await post(page, { type: 'skipPage', url: '/about' });
    await expect.poll(() => frame.url()).toBe(`${BASE}/about`);
    const seen = await frame.evaluate(() => window.location.href);
    expect(seen).toBe(`${BASE}/about`);
  });

  test('[MSG-1 deviation: only from allowed origins and for in-site paths, see contract README] skipPage from a non-allowed origin is ignored', async ({
    page,
    context,
  }) => {
    await context.addInitScript(() => {
      const w = window as unknown as { __navs: string[] };
      w.__navs = [];
      const push = history.pushState.bind(history);
      history.pushState = (data, unused, url) => {
        w.__navs.push(String(url));
        push(data, unused, url);
      };
    });
    await page.goto(`http://localhost:${foreignPort}/opener.html`);
    const [popup] = await Promise.all([context.waitForEvent('page'), page.evaluate((u) => void window.open(u, 'site'), `${BASE}/`)]);
    await expect(popup.locator('footer')).toBeVisible();
    await page.evaluate(() => window.open('', 'site')!.postMessage({ type: 'skipPage', url: '/news' }, '*'));
    // Then a message from the site's own origin: it must be the only navigation that happens.
    await popup.evaluate(() => window.postMessage({ type: 'skipPage', url: '/about' }, window.location.origin));
    await expect(popup).toHaveURL(`${BASE}/about`);
    const navs = await popup.evaluate(() => (window as unknown as { __navs: string[] }).__navs);
    expect(navs.some((u) => u.includes('/news'))).toBe(false);
  });
});

test.describe('failing remotes', () => {
  test('a stopped remote shows its fallback within 10 s; home, header and footer still work', async ({ page }) => {
    const base = 18200;
    const remotes = { ...defaultRemotes(), remote_support: `http://localhost:${base + 99}/mf-manifest.json` };
    const site = await startSite(base, remotes);
    try {
      await page.goto(`${site.origin}/document`);
      await expect(page.getByTestId('remote-fallback')).toBeVisible({ timeout: 10_000 });
      await expect(page.getByText('“文档中心”暂时无法访问')).toBeVisible();
      await expect(page.locator('header')).toBeVisible();
      await expect(page.locator('footer')).toBeVisible();
      await page.goto(`${site.origin}/`);
      await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
      await expect(page.locator('h1').first()).toBeVisible();
    } finally {
      await site.stop();
    }
  });

  test('a remote that accepts connections but never answers shows its fallback within 10 s', async ({ page }) => {
    const base = 18300;
    const hangPort = base + 98;
    const stopHang = await startHangingServer(hangPort);
    const site = await startSite(base, { ...defaultRemotes(), remote_support: `http://localhost:${hangPort}/mf-manifest.json` });
    try {
      const started = Date.now();
      await page.goto(`${site.origin}/video`);
      await expect(page.locator('header')).toBeVisible();
      await expect(page.getByTestId('remote-fallback')).toBeVisible({ timeout: 10_000 });
      expect(Date.now() - started).toBeLessThan(10_000);
      await expect(page.locator('footer')).toBeVisible();
    } finally {
      await site.stop();
      await stopHang();
    }
  });
});

test.describe('remote locations are run-time data', () => {
  test('a rebuilt remote published by changing only the remotes file shows after a reload, without a host rebuild', async ({ page }) => {
    test.setTimeout(240_000);
    const hostDist = path.join(REPO, 'host/dist');
    const hostMtimes = fs.readdirSync(hostDist).map((f) => fs.statSync(path.join(hostDist, f)).mtimeMs);
    const v2 = await extraBuild('content-9.9.9');
    const v2Port = 18401;
    const stopV2 = await startStaticServer(v2Port, v2.dir);
    const site = await startSite(18400, defaultRemotes());
    try {
      await page.goto(`${site.origin}/test`);
      await expect(page.getByText('9.9.9-e2e')).toHaveCount(0);
      site.writeRemotes({ ...defaultRemotes(), remote_content: `http://localhost:${v2Port}/mf-manifest.json` });
      await page.goto(`${site.origin}/`);
      await expect(page.locator('h1').first()).toBeVisible();
      await page.goto(`${site.origin}/test`);
      await expect(page.getByText('9.9.9-e2e')).toBeVisible();
      const after = fs.readdirSync(hostDist).map((f) => fs.statSync(path.join(hostDist, f)).mtimeMs);
      expect(after).toEqual(hostMtimes);
    } finally {
      await site.stop();
      await stopV2();
      v2.done();
    }
  });
});
