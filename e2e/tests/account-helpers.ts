/** Helpers of the account e2e suites (account-*.spec.ts). */
import { expect, type APIRequestContext, type BrowserContext, type FrameLocator, type Page } from '@playwright/test';
import { randomInt } from 'node:crypto';
import type { CaptchaResponse } from '@site/contract';
import { API, BASE, captchaAnswer, sendCodeByApi, smsCode } from '../support/site';

/** A mainland number nobody has used yet (random: parallel workers and reruns share one database). */
export function newPhone(): string {
  return `13${String(randomInt(0, 1e9)).padStart(9, '0')}`;
}

/** antd puts a space between the two characters of a two-character button label. */
export const twoChars = (label: string) => new RegExp(`^${label[0]}\\s?${label[1]}$`);

/** Opens the login page and gives the uuid of the captcha it shows. */
export async function openLogin(page: Page, url = '/user/login'): Promise<string> {
  const captcha = page.waitForResponse((r) => r.url().includes('/captchaImage'));
  await page.goto(url);
  return (await (await captcha).json()).uuid as string;
}

/**
 * Types the answer of the image captcha a code form shows (图形验证码, issue 34.7): once the page's first image is
 * there, a click on it loads a new one whose uuid this test sees, and its answer (read from the dev endpoint of `api`)
 * is typed. Returns that uuid.
 */
export async function fillSmsCaptcha(
  page: Page,
  request: APIRequestContext,
  { scope = page, api = API }: { scope?: Page | FrameLocator; api?: string } = {},
) {
  await expect(scope.getByAltText('图形验证码')).toBeVisible();
  const fresh = page.waitForResponse((r) => r.url().includes('/captchaImage') && r.ok());
  await scope.getByRole('button', { name: '看不清？换一张' }).click();
  const { uuid, img } = (await (await fresh).json()) as CaptchaResponse;
  await expect(scope.getByAltText('图形验证码')).toHaveAttribute('src', `data:image/svg+xml;base64,${img}`);
  await scope.getByLabel('图形验证码').fill(await captchaAnswer(request, uuid, api));
  return uuid;
}

/**
 * Ask for an SMS code through the page's 获取验证码 button (after typing the image captcha when the form shows one:
 * the register page does) and read the new code from the dev outbox.
 */
export async function requestCodeInPage(page: Page, request: APIRequestContext, phone: string, previous?: string): Promise<string> {
  if (await page.getByLabel('图形验证码').count()) await fillSmsCaptcha(page, request);
  const sent = page.waitForResponse((r) => r.url().includes('/bus/customer/sendCode'));
  await page.getByRole('button', { name: '获取验证码' }).click();
  expect((await (await sent).json()).code).toBe(200);
  await expect(page.getByRole('button', { name: /秒后重新获取$/ })).toBeDisabled();
  let code = '';
  await expect
    .poll(async () => {
      code = await smsCode(request, phone);
      return code && code !== previous;
    })
    .toBe(true);
  return code;
}

/** Register a customer through the API (setup for tests that need an existing account). Returns the code used. */
export async function registerByApi(request: APIRequestContext, phone: string, name = 'E2E客户'): Promise<string> {
  const sent = await sendCodeByApi(request, phone, 'register');
  expect(sent.code, JSON.stringify(sent)).toBe(200);
  const code = await smsCode(request, phone);
  const created = await (await request.post(`${BASE}/bus/customer/create`, { params: { phone, name, code } })).json();
  expect(created.code, JSON.stringify(created)).toBe(200);
  return code;
}

/** Fill the credentials tab (the captcha answer read from the dev endpoint). */
export async function fillCredentials(page: Page, request: APIRequestContext, uuid: string, username: string, password: string) {
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('验证码', { exact: true }).fill(await captchaAnswer(request, uuid));
}

export async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies(BASE)).find((c) => c.name === name);
}

/**
 * A token of a new messaging-app user, got through the server's local authorisation page by plain HTTP
 * (no login rate limit involved).
 */
export async function wxTokenByApi(request: APIRequestContext): Promise<string> {
  const start = await request.get(`${BASE}/bus/wx/oauth2/authorizationUrl`, { maxRedirects: 0 });
  const consent = new URL(start.headers()['location'], BASE);
  const agreed = await request.post(`${BASE}/bus/wx/oauth2/local-authorize`, {
    form: { state: consent.searchParams.get('state')!, redirect_uri: consent.searchParams.get('redirect_uri')!, user: 'new' },
    maxRedirects: 0,
  });
  const callback = await request.get(new URL(agreed.headers()['location'], BASE).toString(), { maxRedirects: 0 });
  const setCookie = callback
    .headersArray()
    .filter((h) => h.name.toLowerCase() === 'set-cookie')
    .map((h) => h.value);
  const token = setCookie.map((c) => /^access_token=([^;]+)/.exec(c)?.[1]).find(Boolean);
  if (!token) throw new Error(`no access_token from the callback: ${setCookie.join(' | ')}`);
  return token;
}
