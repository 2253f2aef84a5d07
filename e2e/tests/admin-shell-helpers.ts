/** Small helpers of the admin-shell end-to-end tests (remote-shell-admin). */
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { BASE } from '../support/site';

/** The settings key of the shell in localStorage (LOCAL_KEYS.settings in @site/contract). */
export const SETTINGS_KEY = 'site_admin_settings';

/** Put the token cookie into a context (like useToken, for a context rather than a page). */
export async function tokenCookie(context: BrowserContext, token: string): Promise<void> {
  await context.addCookies([{ name: 'access_token', value: token, url: BASE, expires: Math.floor(Date.now() / 1000) + 604800 }]);
}

/** Start the page with these settings stored (only on the first load of the page, so reloads keep what the UI set). */
export async function presetSettings(page: Page, settings: Record<string, unknown>): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem('__preset_done')) {
        localStorage.setItem(key, value);
        sessionStorage.setItem('__preset_done', '1');
      }
    },
    [SETTINGS_KEY, JSON.stringify(settings)] as const,
  );
}

/** Wait until the shell is on screen (the layout with the user menu). */
export async function shellReady(page: Page): Promise<void> {
  await expect(page.locator('.admin-layout')).toBeVisible({ timeout: 30_000 });
  // The server's menu has arrived (the static routes show before it).
  await expect(page.locator('.admin-layout[data-menu-ready="true"]')).toBeVisible();
  await expect(page.getByRole('button', { name: '用户菜单' })).toBeVisible();
}

export async function storedSettings(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) || '{}'), SETTINGS_KEY);
}

export async function openSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: '页面设置' }).click();
  await expect(page.locator('.admin-settings-drawer')).toBeVisible();
}

/** An antd message/notification with this text. */
export function toast(page: Page, text: string) {
  return page.locator('.ant-message-notice, .ant-notification-notice').filter({ hasText: text });
}

/** Choose an option of a settings-drawer select; the choice is stored at once. */
export async function chooseSetting(page: Page, combobox: string, label: string, key: string, value: string): Promise<void> {
  await page.locator('.admin-settings-drawer').getByRole('combobox', { name: combobox }).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: label }).click();
  expect((await storedSettings(page))[key]).toBe(value);
}

/** Pick an option of an antd Select inside `scope`, found by its form field's id. */
export async function choose(page: Page, scope: Locator, fieldId: string, option: string) {
  await scope.locator(`#${fieldId}`).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: option }).first().click();
  await expect(scope.locator('.ant-select').filter({ has: page.locator(`#${fieldId}`) })).toContainText(option);
}
