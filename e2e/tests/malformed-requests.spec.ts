/**
 * Issue 15, finding 2: one malformed request (`GET /%00`, `//[`) used to end the process serving all five origins.
 * Here a few hundred requests no HTTP client would send (raw TCP: control bytes raw and escaped, `//`, `\`, 20 KB
 * paths, bad escapes, `..` in every encoding, huge headers, absolute-form targets) go to each origin and to the API
 * port; each must get a status, and afterwards the whole site still works. Also: `/dev` is not on the host's proxy
 * list (finding 1), so the API's test helpers cannot be reached through the site's origin.
 */
import { expect, test } from '@playwright/test';
import { API, BASE, PORTS, remoteOrigin } from '../support/site';

interface CorpusResult {
  failures: string[];
  statuses: Record<string, number>;
  sent: number;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the CommonJS corpus the production servers' own tests use
const malformed = require('@site/origin-server/src/malformed-requests.cjs') as {
  corpus(): Buffer[];
  sendCorpus(port: number, reqs?: Buffer[], concurrency?: number): Promise<CorpusResult>;
};

const REMOTES = ['remote_content', 'remote_support', 'remote_account', 'remote_shell_admin'] as const;

test.describe.configure({ mode: 'serial' });

test('[issue 15 finding 2] a few hundred malformed requests to each origin and the API: every one gets a status, then every origin still serves its files', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const targets: [string, number][] = [['host', PORTS.host], ...REMOTES.map((r): [string, number] => [r, PORTS[r]]), ['api', PORTS.api]];
  const summary: Record<string, CorpusResult['statuses']> = {};
  for (const [name, port] of targets) {
    const reqs = malformed.corpus();
    const result = await malformed.sendCorpus(port, reqs, 6);
    summary[name] = result.statuses;
    expect(result.sent, name).toBeGreaterThan(300);
    expect(result.failures, `${name}: requests answered without a status`).toEqual([]);
    // The static origins answer errors of their own as 4xx: a 5xx would be a failure inside the server.
    if (name !== 'api' && name !== 'host')
      expect(
        Object.keys(result.statuses).filter((s) => Number(s) >= 500),
        `${name}: ${JSON.stringify(result.statuses)}`,
      ).toEqual([]);
  }
  test.info().annotations.push({ type: 'statuses', description: JSON.stringify(summary) });

  // Every origin serves its files.
  const home = await request.get(`${BASE}/`);
  expect(home.status()).toBe(200);
  expect(await home.text()).toContain('<div id="root">');
  for (const r of REMOTES) {
    const manifest = await request.get(`${remoteOrigin(r)}/mf-manifest.json`);
    expect(manifest.status(), r).toBe(200);
    expect((await manifest.json()).name, r).toBe(r);
  }
  expect((await request.get(`${API}/health`)).status()).toBe(200);
  expect((await request.get(`${BASE}/health`)).status()).toBe(200);
  // And the composed site still renders: host page, a remote's page, the API's data.
  await page.goto('/news');
  await expect(page.locator('footer')).toBeVisible();
  await expect(page.locator('h1').first()).toBeVisible();
});

test('[issue 15 finding 1] /dev answers 404 on every origin of the site (the host: its 404 page), never the API', async ({ page, request }) => {
  // The API itself has the helpers in this harness, so a JSON answer through the host would be the proxy's doing.
  expect((await request.get(`${API}/dev/visits`, { params: { uv: '1' } })).status()).toBe(200);
  for (const p of [
    '/dev/visits?uv=1',
    '/dev/sms-outbox?phone=13800000000',
    '/dev/captcha/00000000-0000-0000-0000-000000000000',
    '/dev/visits.json',
    '/%64ev/visits?uv=1',
  ]) {
    const res = await request.get(`${BASE}${p}`);
    expect(res.status(), p).toBe(404);
    expect(res.headers()['content-type'], p).not.toMatch(/json/);
    expect(await res.text(), p).not.toContain('"code"');
  }
  for (const p of ['/dev/captcha-enabled?enabled=false', '/dev/rate-limits/reset']) {
    const res = await request.post(`${BASE}${p}`);
    expect(res.status(), p).toBe(404);
    expect(await res.text(), p).not.toContain('"code"');
  }
  // Every remote origin too: nothing of the site answers under /dev, whatever the method.
  for (const r of REMOTES) {
    expect((await request.get(`http://localhost:${PORTS[r]}/dev/sms-outbox?phone=13800000000`)).status(), r).toBe(404);
    expect((await request.post(`http://localhost:${PORTS[r]}/dev/rate-limits/reset`)).status(), r).toBe(404);
  }
  await page.goto('/dev/sms-outbox?phone=13800000000');
  await expect(page.getByRole('heading', { name: '抱歉，您访问的页面不存在' })).toBeVisible();
});
