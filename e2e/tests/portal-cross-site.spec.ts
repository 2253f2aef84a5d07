/**
 * Issue 15 finding 6: the parent portal on ANOTHER SITE (127.0.0.1, the site on localhost) in a browser that denies
 * storage to third-party frames. Reading `window.localStorage` then throws SecurityError, cookie writes are dropped,
 * and before the guarded storage helper the site rendered nothing at all in the frame. The same-site portal test in
 * federation.spec.ts could never see this.
 */
import { chromium, expect, test, type BrowserContext, type Frame, type Locator, type Page } from '@playwright/test';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { BASE, CHROMIUM_ARGS, CHROMIUM_PATH, CROSS_SITE_PORTAL_ORIGIN, smsCode } from '../support/site';
import { startStaticServer } from '../support/processes';
import { newPhone, registerByApi, twoChars } from './account-helpers';

/**
 * Whether any match is on screen. The admin shell's multi-tab bar keeps earlier tabs mounted but hidden (the
 * workbench shows the user's name and phone too), so the first match in document order may be a hidden one.
 */
const shownSomewhere = (matches: Locator) => matches.evaluateAll((els) => els.some((e) => e.checkVisibility()));

const portalPort = Number(new URL(CROSS_SITE_PORTAL_ORIGIN).port);
const portalPage = `<!doctype html><html lang="zh-CN"><head><title>上级门户</title></head><body>
  <h1>上级门户</h1><iframe id="site" title="公司网站" src="${BASE}/" style="width:1200px;height:800px"></iframe></body></html>`;

let stopPortal: () => Promise<void>;
let profileDir: string;
let context: BrowserContext;

test.beforeAll(async () => {
  stopPortal = await startStaticServer(portalPort, os.tmpdir(), { '/portal.html': portalPage });
  // A real browser profile with Chrome's "block third-party cookies" setting, the one that also denies site data
  // (localStorage, sessionStorage) to frames of another site; set explicitly rather than relying on the default.
  profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-portal-profile-'));
  fs.mkdirSync(path.join(profileDir, 'Default'));
  fs.writeFileSync(
    path.join(profileDir, 'Default', 'Preferences'),
    JSON.stringify({ profile: { block_third_party_cookies: true, cookie_controls_mode: 1 } }),
  );
  context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    locale: 'zh-CN',
  });
});

test.afterAll(async () => {
  await context?.close();
  await stopPortal?.();
  if (profileDir) fs.rmSync(profileDir, { recursive: true, force: true });
});

/** Opens the portal; resolves with the site's frame once it is in the page. */
async function openPortal(): Promise<{ page: Page; site: () => Frame }> {
  const page = await context.newPage();
  await page.goto(`${CROSS_SITE_PORTAL_ORIGIN}/portal.html`);
  await expect(page.getByRole('heading', { name: '上级门户' })).toBeVisible();
  const site = () => page.frames().find((f) => f.url().startsWith(BASE))!;
  await expect.poll(() => !!site()).toBe(true);
  return { page, site };
}

const skipPage = (page: Page, url: string) =>
  page.evaluate((u) => (document.getElementById('site') as HTMLIFrameElement).contentWindow!.postMessage({ type: 'skipPage', url: u }, '*'), url);

test.describe('the site framed by a portal on another site, third-party storage blocked', () => {
  test('[ISSUE-15.6][MSG-1] the frame really is denied storage, and the site still renders and follows skipPage from the portal', async () => {
    const { page, site } = await openPortal();
    const frame = page.frameLocator('#site');
    // The setting is in force: the very read that stopped the old start throws here.
    expect(
      await site().evaluate(() => {
        try {
          void window.localStorage;
          return 'readable';
        } catch (e) {
          return (e as Error).name;
        }
      }),
    ).toBe('SecurityError');
    await expect(frame.locator('footer')).toBeVisible();
    await expect(frame.locator('h1').first()).toBeVisible();

    await skipPage(page, '/news');
    await expect.poll(() => site().url()).toBe(`${BASE}/news`);
    await expect(frame.locator('footer')).toBeVisible();
    await skipPage(page, '/about');
    await expect.poll(() => site().url()).toBe(`${BASE}/about`);
    await expect(frame.locator('h1').first()).toBeVisible();
    await page.close();
  });

  test('[ISSUE-15.6] a sign-in inside the frame works for the session although no cookie can be kept', async ({ request }) => {
    const phone = newPhone();
    await registerByApi(request, phone, '门户用户');
    const { page, site } = await openPortal();
    const frame = page.frameLocator('#site');
    await expect(frame.locator('footer')).toBeVisible();

    await skipPage(page, '/user/login?tab=sms');
    await expect.poll(() => site().url()).toBe(`${BASE}/user/login?tab=sms`);
    await frame.getByLabel('手机号').fill(phone);
    const sent = page.waitForResponse((r) => r.url().includes('/bus/customer/sendCode'));
    await frame.getByRole('button', { name: '获取验证码' }).click();
    expect((await (await sent).json()).code).toBe(200);
    await frame.getByLabel('短信验证码').fill(await smsCode(request, phone));
    await frame.getByRole('button', { name: twoChars('登录') }).click();

    await expect.poll(() => new URL(site().url()).pathname).toBe('/index');
    // Nothing could be written: the token lives in the page's memory only.
    expect(await site().evaluate(() => document.cookie)).not.toContain('access_token');
    await expect.poll(() => shownSomewhere(frame.getByText('门户用户'))).toBe(true);

    // Still signed in after navigating by the portal: a page that needs a sign-in shows the user's own data.
    await skipPage(page, '/account/center');
    await expect.poll(() => site().url()).toBe(`${BASE}/account/center`);
    // The multi-tab bar keeps the workbench (which shows the phone too) mounted but hidden: look at what is shown.
    await expect.poll(() => shownSomewhere(frame.getByText(phone))).toBe(true);
    expect(new URL(site().url()).pathname).toBe('/account/center');
    await page.close();
  });
});
