/**
 * Issue 16, item 3: a remote released alone against a newer @site/antd-kit works on a host that provides an older kit.
 * The host is built with kit 1.0.0 without Form (SITE_UI_KIT_OMIT, as a release before Form was added); remote-account
 * is built with kit 1.1.0 and its sign-in page uses Form. Because the kit is shared without being a singleton, the
 * remote finds no `^1.1.0` on the page and loads its own copy; a singleton would hand it the host's kit (no Form).
 * (remote-account, not remote-content: since issue 25 no public page uses antd, the contact form neither.)
 */
import { expect, test, type Page } from '@playwright/test';
import { defaultRemotes, extraBuild, startSite, type SiteInstance } from '../support/processes';

const BASE = 18600;
const HOST_ORIGIN = `http://localhost:${BASE + 80}`;
const ACCOUNT_ORIGIN = `http://localhost:${BASE + 83}`;
const UI_KIT_CHUNK = /\/ui-kit\.[0-9a-f]{8}\.js$/;

test.describe.configure({ mode: 'serial' });

test.describe('ui-kit version skew', () => {
  test.setTimeout(300_000);
  let site: SiteInstance;
  const built: Array<() => void> = [];

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    const host = await extraBuild('host-ui-kit-1.0.0-no-form');
    const account = await extraBuild('account-ui-kit-1.1.0');
    built.push(host.done, account.done);
    site = await startSite(BASE, defaultRemotes(BASE), { host: host.dir, remote_account: account.dir });
  });
  test.afterAll(async () => {
    await site?.stop();
    built.forEach((done) => done());
  });

  function uiKitScripts(page: Page): string[] {
    const urls: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script' && UI_KIT_CHUNK.test(r.url())) urls.push(r.url());
    });
    return urls;
  }

  test('[issue 16.3] the page of a remote on a newer kit renders Form, which the host kit lacks, from its own kit copy', async ({
    page,
    request,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const kits = uiKitScripts(page);
    await page.goto(`${site.origin}/user/login`);
    const form = page.locator('main form').first();
    await expect(form).toBeVisible();
    await expect(form.locator('.ant-form-item').first()).toBeVisible();
    await expect(form.getByLabel('用户名')).toBeVisible();
    await expect(page.getByTestId('remote-fallback')).toHaveCount(0);

    // The remote loaded the kit from its own origin; the host's kit really is the older one without Form. The host's
    // own parts may use the remote's newer copy on this page (`^1.0.0` accepts 1.1.0, and the runtime prefers a copy
    // already loading), so the host's kit is taken from a page without a remote: the search page's antd scope choice
    // (the 404 page is plain HTML since issue 34.9).
    await expect.poll(() => kits.some((u) => u.startsWith(ACCOUNT_ORIGIN))).toBe(true);
    await page.goto(`${site.origin}/search`);
    await expect(page.locator('.ant-radio-wrapper').first()).toBeVisible();
    await expect.poll(() => kits.some((u) => u.startsWith(HOST_ORIGIN))).toBe(true);
    const hostKit = kits.find((u) => u.startsWith(HOST_ORIGIN));
    expect(hostKit, `the host's provider loads its own kit: ${kits.join(', ')}`).toBeTruthy();
    const hostKitCode = await (await request.get(hostKit!)).text();
    const remoteKitCode = await (await request.get(kits.find((u) => u.startsWith(ACCOUNT_ORIGIN))!)).text();
    expect(hostKitCode).not.toMatch(/\bForm:\(\)=>/);
    expect(remoteKitCode).toMatch(/\bForm:\(\)=>/);
    expect(errors).toEqual([]);
  });

  test('[issue 16.3] the rest of the site still works on the host with the older kit', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    for (const [path, remote] of [
      ['/', 'remote_content'],
      ['/news', 'remote_content'],
      ['/support', 'remote_support'],
    ] as const) {
      await page.goto(`${site.origin}${path}`);
      await expect(page.locator('main h1').first(), `${path} (${remote})`).toBeVisible();
      await expect(page.locator('footer')).toBeVisible();
      await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
    }
    // A host part built from its own kit: the search page's antd scope choice and text field.
    await page.goto(`${site.origin}/search`);
    await expect(page.locator('.ant-radio-wrapper').first()).toBeVisible();
    await expect(page.locator('main .ant-input').first()).toBeVisible();
    expect(errors).toEqual([]);
  });
});
