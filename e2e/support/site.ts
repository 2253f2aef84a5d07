/**
 * Where the composed test site runs (separate origins per app, like production) and small helpers that
 * talk to the real API server. Ports differ from `npm start` so both can run at once.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { CaptchaResponse, PowPurpose, PowResponse, R, SendCodeQuery, SmsPurpose } from '@site/contract';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { CHROMIUM, CHROMIUM_ARGS as BENCH_CHROMIUM_ARGS } from '@site/build-config/chromium';

/** The ports of one whole site: the API, the host, the four remotes and a parent portal page. */
export type SitePorts = Record<'api' | 'host' | 'remote_content' | 'remote_support' | 'remote_account' | 'remote_shell_admin' | 'portal', number>;
interface SiteTopology {
  SITES: { e2e: SitePorts };
  /** With the page renderer's port (BLOCK_OFFSETS.renderer). */
  portsFrom(base: number, overrides?: Partial<SitePorts>): SitePorts & { renderer: number };
  serveEnv(ports: Omit<SitePorts, 'portal'>): Record<string, string>;
  SERVICE_DIRS: { apiServer: string; pageRenderer: string; originServer: string };
}
/** The site's one topology (ports, names), plain CommonJS that the scripts read too. */
export const topology = require('@site/build-config/site') as SiteTopology; // eslint-disable-line @typescript-eslint/no-require-imports -- a CommonJS file without type declarations: SiteTopology types the part used here

const port = (value: string | undefined, fallback: number) => Number(value || fallback);
const DEFAULT_PORTS = topology.SITES.e2e;
export const PORTS: SitePorts = {
  host: port(process.env.E2E_HOST_PORT, DEFAULT_PORTS.host),
  remote_content: port(process.env.E2E_CONTENT_PORT, DEFAULT_PORTS.remote_content),
  remote_support: port(process.env.E2E_SUPPORT_PORT, DEFAULT_PORTS.remote_support),
  remote_account: port(process.env.E2E_ACCOUNT_PORT, DEFAULT_PORTS.remote_account),
  remote_shell_admin: port(process.env.E2E_ADMIN_PORT, DEFAULT_PORTS.remote_shell_admin),
  api: port(process.env.E2E_API_PORT, DEFAULT_PORTS.api),
  /** A page on another origin that embeds the site (parent portal). */
  portal: port(process.env.E2E_PORTAL_PORT, DEFAULT_PORTS.portal),
};

type Switches = Readonly<Record<'SITE_DEV_ENDPOINTS' | 'SITE_WX_LOCAL' | 'SITE_TEST_ACCOUNTS' | 'SITE_VISIT_COUNT_LOCAL', '1'>>;
/** The server's test-only switches (support/switches.cjs, shared with the data folder variants.cjs makes ahead). */
export const TEST_SERVER_SWITCHES = require('./switches.cjs').TEST_SERVER_SWITCHES as Switches; // eslint-disable-line @typescript-eslint/no-require-imports -- plain CommonJS that variants.cjs (Node without TypeScript) reads too

/** The customer-service page the suite's API is configured with (SUPPORT_URL; `.test` is a reserved name). */
export const TEST_SUPPORT_URL = 'https://kefu.test/chat';

/**
 * Rate limits of every API server the suite starts. Every test comes from 127.0.0.1: the per-IP limits would count
 * the whole suite as one visitor, and every page records its visits through the host's proxy from there. A flow test
 * asks twice for a code for one phone within a minute (register, then SMS sign-in), which a person cannot do (60 s
 * countdown). The sign-in limit counts per address and account name, so the whole suite signing in as the same
 * editor from 127.0.0.1 counts as one visitor: more than 10 a minute once the suite runs at full pace. The
 * per-account lock stays at its production values; the server suite tests the limits themselves.
 */
export const TEST_RATE_LIMITS = {
  RATE_LIMIT_LOGIN: '120',
  RATE_LIMIT_SMS_PHONE: '5',
  RATE_LIMIT_SMS_IP: '2000',
  RATE_LIMIT_ACCOUNT: '2000',
  RATE_LIMIT_VISIT: '100000',
  // issue 34.7/34.8: the site-wide hourly SMS cap and the refused sign-ins per address would count the whole suite as
  // one visitor too; the server suite tests them.
  SMS_HOURLY_CAP: '100000',
  RATE_LIMIT_LOGIN_FAILURES: '100000',
  // No SITE_SMS_CAPTCHA: a register code needs the image captcha here as in production (issue 34.7); the suite's
  // helpers send it (sendCodeByApi, fillSmsCaptcha in tests/account-helpers.ts).
  // The proof of work before a code and after a refused sign-in stays on, made cheap: the pages solve it as in
  // production (a few tries instead of about a second's), and so do the suite's helpers (`pow`).
  SITE_POW_COST: '1',
  SITE_POW_COUNTER_MAX: '30',
} as const;

/** The site's time zone: the server's (TZ, default Asia/Shanghai) and its visitors'. The browser runs in it too. */
export const SITE_TIME_ZONE = 'Asia/Shanghai';
/** `YYYY-MM-DD` of a time as the site's visitors see it (the pages format dates in the browser's zone). */
export const siteDay = (time: string | number | Date) => new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE }).format(new Date(time));

export const BASE = `http://localhost:${PORTS.host}`;
export const API = `http://127.0.0.1:${PORTS.api}`;
export const PORTAL_ORIGIN = `http://localhost:${PORTS.portal}`;
/**
 * The same portal page reached by another host name: `127.0.0.1` is another SITE than `localhost` (not only another
 * origin), so the embedded site is a third-party frame there and a browser blocking third-party storage denies it.
 */
export const CROSS_SITE_PORTAL_ORIGIN = `http://127.0.0.1:${PORTS.portal + 2}`;
/** Every portal the suite's site lets frame it and accepts skipPage messages from. */
export const PORTAL_ORIGINS = `${PORTAL_ORIGIN},${CROSS_SITE_PORTAL_ORIGIN}`;
export const remoteOrigin = (name: Exclude<keyof typeof PORTS, 'host' | 'api' | 'portal'>) => `http://localhost:${PORTS[name]}`;

/** The browser every test runs in: CHROMIUM_PATH, or the machine's Chromium. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || CHROMIUM;
/** The bench's flags, and media may play without a click (support-pages starts a tutorial video from script). */
export const CHROMIUM_ARGS = [...BENCH_CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'];

/** The answer of a captcha, through the server's dev-only endpoint (on the API origin: the host never proxies /dev). */
export async function captchaAnswer(request: APIRequestContext, uuid: string, api = API): Promise<string> {
  const res = await request.get(`${api}/dev/captcha/${uuid}`);
  return (await res.json()).data.answer as string;
}

/** The latest SMS code sent to a phone, through the server's dev-only outbox (API origin). */
export async function smsCode(request: APIRequestContext, phone: string, api = API): Promise<string> {
  const res = await request.get(`${api}/dev/sms-outbox`, { params: { phone } });
  return (await res.json()).data.code as string;
}

/**
 * The `pow` a call needs, solved as the pages solve it (the API's lib/pow.ts): undefined when the server asks none
 * (a sign-in from an address without a refused one).
 */
export async function pow(request: APIRequestContext, purpose: PowPurpose, base = BASE): Promise<string | undefined> {
  const { challenge } = (await (await request.get(`${base}/api/pow`, { params: { for: purpose } })).json()) as PowResponse;
  if (!challenge) return undefined;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * Ask for an SMS code through the API as the pages do (with its proof of work): purpose `register` (and `phone` without a token) carries the
 * answer of a fresh image captcha (issue 34.7; single use, so one per request); sign-in and reset codes need none.
 * Returns the server's answer (`code` 200 when sent; a 429 is answered, not thrown).
 */
export async function sendCodeByApi(
  request: APIRequestContext,
  phone: string,
  purpose: SmsPurpose,
  { base = BASE, api = API }: { base?: string; api?: string } = {},
): Promise<R & { retryAfter?: number }> {
  const params: SendCodeQuery = { phone, purpose, pow: await pow(request, 'sms', base) };
  if (purpose === 'register' || purpose === 'phone') {
    const cap = (await (await request.get(`${base}/captchaImage`)).json()) as CaptchaResponse;
    if (cap.captchaEnabled) Object.assign(params, { uuid: cap.uuid, captcha: await captchaAnswer(request, cap.uuid, api) });
  }
  return (await request.post(`${base}/bus/customer/sendCode`, { params: { ...params } })).json();
}

/** Sign in through the API (captcha read from the dev endpoint); returns the token. */
export async function apiLogin(request: APIRequestContext, username: string, password: string): Promise<string> {
  const cap = await (await request.get(`${BASE}/captchaImage`)).json();
  const code = cap.captchaEnabled ? await captchaAnswer(request, cap.uuid) : '';
  const res = await request.post(`${BASE}/login`, { data: { username, password, code, uuid: cap.uuid, pow: await pow(request, 'login') } });
  const body = await res.json();
  if (body.code !== 200) throw new Error(`login ${username}: ${JSON.stringify(body)}`);
  return body.token as string;
}

/** Put a token into the page's access_token cookie, as the login page would. */
export async function useToken(page: Page, token: string): Promise<void> {
  await page.context().addCookies([{ name: 'access_token', value: token, url: BASE, expires: Math.floor(Date.now() / 1000) + 604800 }]);
}

/** A fresh mainland mobile number for a test. */
export function freshPhone(): string {
  return `13${String(Date.now() % 1e9).padStart(9, '0')}`.slice(0, 11);
}

export const SEEDED = {
  admin: { username: 'admin', password: 'admin123' },
  editor: { username: 'editor', password: 'editor123' },
};

/**
 * Until the served HTML of a public page contains `text` (or, with `absent`, no longer does). A content change
 * reaches a rendered page when the page renderer has rendered it again (about a second on a quiet machine); a
 * browser opening the page starts from that HTML and asks the API nothing more (issue 25), so a test that opens it
 * right after an edit waits for this first.
 */
export async function untilServed(request: APIRequestContext, url: string, text: string, { absent = false, timeout = 60_000 } = {}): Promise<void> {
  const served = expect.poll(async () => (await request.get(`${BASE}${url}`)).text(), { timeout, message: `${url} serves the change` });
  await (absent ? served.not.toContain(text) : served.toContain(text));
}
