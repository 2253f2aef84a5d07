import { defineConfig } from '@playwright/test';
import fs from 'fs';
import os from 'os';
import path from 'path';
import {
  BASE,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  PORTS,
  PORTAL_ORIGINS,
  SITE_TIME_ZONE,
  TEST_RATE_LIMITS,
  TEST_SERVER_SWITCHES,
  TEST_SUPPORT_URL,
  topology,
} from './support/site';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS helper shared with scripts/test.cjs's extra builds
const { copyApiData } = require('./support/variants.cjs') as { copyApiData: (dataDir: string) => boolean };

// A run without E2E_DATA_DIR gets a database of its own: a fixed folder carried one run's changes (a renamed channel,
// a locked account, a deleted article) into the next. Set in the runner's process before its workers start, so they
// inherit the same folder; it is left in place for a look after a failure.
process.env.E2E_DATA_DIR ||= fs.mkdtempSync(path.join(os.tmpdir(), 'site-e2e-data-'));
const dataDir = process.env.E2E_DATA_DIR;
// The API's database from the copy `npm test` made ahead (support/variants.cjs), not created at the site's start.
copyApiData(dataDir);

/**
 * The spec files that take a worker longest (a clean run's durations, their beforeAll's sites included), started
 * first. A file that grows past a minute belongs here; one with an @site-wide test does not (it would not change
 * which project runs that test, only which runs the rest of the file).
 */
const LONG_FILES = /\/(deploy-canary|rendered-pages|public-layout|reliability-api|admin-articles)\.spec\.ts$/;

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS || 2),
  // Never retried: a test that passes only on a second try hides a real race (issue 15, finding 7).
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: BASE,
    locale: 'zh-CN',
    // The site's visitors and staff are in China: dates the pages compute ("today", "the last 7 days") are the
    // server's days (TZ Asia/Shanghai), also between 16:00 and 24:00 UTC.
    timezoneId: SITE_TIME_ZONE,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  // Tests tagged @site-wide change what every page shows (a navigation channel's name, the footer, the home banner
  // order) and wait for the rendered pages to show it and then to show it no more. They run after all the others,
  // so that no other test reads a page they have changed: the browser starts from the rendered HTML (issue 25).
  // The other tests are two projects only for their order: a worker takes the next file in the order of the projects,
  // then of the file names, and the longest files taken last (rendered-pages was) left the other worker idle for
  // their last 20-40 s. The files of `site-long` (each a minute and more of one worker) are taken first.
  projects: [
    { name: 'site-long', testMatch: LONG_FILES, grepInvert: /@site-wide/ },
    { name: 'site', testIgnore: LONG_FILES, grepInvert: /@site-wide/ },
    { name: 'site-wide', grep: /@site-wide/, dependencies: ['site-long', 'site'] },
  ],
  webServer: {
    command: 'node ../services/origin-server/src/serve.cjs',
    // Ready once the renderer has written its first output (sitemap.xml is its own file, a 404 before): until then
    // every public URL is answered by the app with 200, also an unknown id, and no page is rendered HTML.
    url: `${BASE}/sitemap.xml`,
    timeout: 180_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      ...topology.serveEnv(PORTS),
      DATA_DIR: dataDir,
      PORTAL_ORIGINS,
      ...TEST_SERVER_SWITCHES,
      ...TEST_RATE_LIMITS,
      SUPPORT_URL: TEST_SUPPORT_URL,
    },
  },
});
