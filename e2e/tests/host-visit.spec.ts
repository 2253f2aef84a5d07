/**
 * Issue 4: visit recording and the messaging-app cookie, observed in the browser and in the server's database
 * (dev-only GET /dev/visits?uv=).
 */
import { expect, test, type Request } from '@playwright/test';
import { API, BASE } from '../support/site';

interface Stored {
  url: string;
  entryUrl: string;
  referrer: string;
  si: string;
  uv: string;
  newVisitor: boolean;
  count: number;
  duration: number;
}

test('[VISIT-1..8] one count-1 record on load and one count-0 record with the duration on leaving, both stored', async ({ browser, request }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const sent: { body: Record<string, unknown> }[] = [];
  const onRequest = (r: Request) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/visit/1') sent.push({ body: JSON.parse(r.postData() ?? '{}') });
  };
  context.on('request', onRequest);
  // Chromium reports no network event for a beacon sent while the page unloads: the call itself is logged in
  // localStorage (which survives the unload); the stored records below show what it carried.
  await context.addInitScript(() => {
    const original = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      const ok = original(url, data);
      const log = JSON.parse(localStorage.getItem('e2e_beacons') ?? '[]') as unknown[];
      log.push({ path: new URL(String(url), location.href).pathname, ok });
      localStorage.setItem('e2e_beacons', JSON.stringify(log));
      return ok;
    };
  });
  try {
    const start = new Date('2030-01-01T08:00:00+08:00').getTime();
    await page.clock.setFixedTime(start);
    const entry = page.waitForRequest((r) => r.url().endsWith('/api/visit/1'));
    await page.goto('/about?from=e2e');
    await entry;
    await expect(page.locator('footer')).toBeVisible();
    const uv = await page.evaluate(() => localStorage.getItem('visit_uv'));
    const si = await page.evaluate(() => sessionStorage.getItem('visit_si'));
    expect(uv).toMatch(/^\d{15,16}$/);
    expect(si).toMatch(/^\d+$/);
    // In-app navigation is the same page load: no new record. (A click before the app runs is a new page load, with its
    // own record, as it should be: the app is waited for.)
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link').nth(5).click();
    await expect(page).toHaveURL(`${BASE}/news`);

    await page.clock.setFixedTime(start + 7_000);
    // Leaving the page: pagehide sends the exit record as a beacon.
    await page.goto('about:blank');
    // A static file of the same origin (no app code, so no new visit) to read the log.
    await page.goto(`${BASE}/robots.txt`);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('e2e_beacons') ?? '[]'))).toEqual([{ path: '/api/visit/1', ok: true }]);
    expect(sent.map((s) => s.body.count)).toEqual([1]); // the entry record only: the exit went as a beacon
    expect(sent[0].body).toMatchObject({
      siteId: '1',
      url: `${BASE}/about?from=e2e`,
      entryUrl: `${BASE}/about?from=e2e`,
      newVisitor: true,
      duration: 0,
      uv: Number(uv),
      si: Number(si),
    });

    // Both reached the database, exactly once each.
    let stored: Stored[] = [];
    await expect
      .poll(async () => {
        stored = (await (await request.get(`${API}/dev/visits`, { params: { uv: uv! } })).json()).data;
        return stored.length;
      })
      .toBe(2);
    expect(stored.map((s) => [s.count, s.duration])).toEqual([
      [1, 0],
      [0, 7],
    ]);
    expect(stored[0]).toMatchObject({ uv: uv, si: si, newVisitor: true, url: `${BASE}/about?from=e2e` });
    expect(stored[1]).toMatchObject({ uv: uv, si: si, url: `${BASE}/news`, entryUrl: `${BASE}/about?from=e2e` });
  } finally {
    context.off('request', onRequest);
    await context.close();
  }
});

test('[VISIT-3] a returning visitor keeps its id and is no longer new', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    const entry = (r: import('@playwright/test').Request) => r.url().endsWith('/api/visit/1') && JSON.parse(r.postData() ?? '{}').count === 1;
    // The first load's own entry record must have gone out before the reload, or it could be taken for the second.
    const first = page.waitForRequest(entry);
    await page.goto('/about');
    expect(JSON.parse((await first).postData()!)).toMatchObject({ newVisitor: true });
    const uv = await page.evaluate(() => localStorage.getItem('visit_uv'));
    const second = page.waitForRequest(entry);
    await page.reload();
    const body = JSON.parse((await second).postData()!);
    expect(body).toMatchObject({ uv: Number(uv), newVisitor: false });
  } finally {
    await context.close();
  }
});

const IPHONE_WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40(0x18002831) NetType/WIFI Language/zh_CN';
const WINDOWS_WECHAT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.138 Safari/537.36 NetType/WIFI MicroMessenger/7.0.20.1781(0x6700143B) WindowsWechat(0x63090a13)';

for (const [name, userAgent, platform, expected] of [
  ['the app on an iPhone', IPHONE_WECHAT, 'iPhone', 'true'],
  ['the app on Windows', WINDOWS_WECHAT, 'Win32', 'false'],
] as const) {
  test(`[WX-1][WX-2] isMobileWeChat cookie is ${expected} for ${name}`, async ({ browser }) => {
    const context = await browser.newContext({ userAgent });
    // Chromium keeps its own navigator.platform whatever the user agent says: give it the device's.
    await context.addInitScript((p) => Object.defineProperty(Navigator.prototype, 'platform', { get: () => p }), platform);
    const page = await context.newPage();
    try {
      await page.goto('/');
      // The page is rendered ahead: the cookie is the app's, written once its scripts run.
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      const cookie = (await context.cookies(BASE)).find((c) => c.name === 'isMobileWeChat');
      expect(cookie?.value).toBe(expected);
    } finally {
      await context.close();
    }
  });
}
