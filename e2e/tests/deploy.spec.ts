/**
 * Issue 10: a remote team publishes, rolls back and survives version skew without touching the host.
 * Builds remote-content into temporary folders, releases them with scripts/remote.cjs into a temporary
 * deploy folder served on its own origin, and points a second site instance at it.
 */
import { expect, test } from '@playwright/test';
import { execFileSync } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { REPO, defaultRemotes, extraBuild, startSite, startStaticServer } from '../support/processes';

const BASE = 18500;
const CDN_PORT = BASE + 91;

function remoteCli(args: string[], deployDir: string) {
  return execFileSync(process.execPath, [path.join(REPO, 'scripts/remote.cjs'), ...args], {
    env: { ...process.env, DEPLOY_DIR: deployDir, REMOTE_CONTENT_PORT: String(CDN_PORT) },
    encoding: 'utf8',
  });
}

/** Release a build folder as `version` into the deploy folder (what `remote.cjs release` does with dist/). */
function releaseFolder(build: string, deployDir: string, version: string) {
  const target = path.join(deployDir, 'remote-content', version);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.cpSync(build, target, { recursive: true });
}

test.describe.configure({ mode: 'serial' });

test.describe('shipping remote-content on its own', () => {
  test.setTimeout(300_000);
  let tmp: string;
  let deployDir: string;
  let stopCdn: () => Promise<void>;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ship-'));
    deployDir = path.join(tmp, 'deploy');
    // N: the suite's own build. N+1: rebuilt with a new version, and against the previous minor of
    // @site/app-runtime (the skew case that must keep working). A build against the next major must be refused.
    releaseFolder(path.join(REPO, 'remote-content/dist'), deployDir, '5.0.0');
    const n1 = await extraBuild('content-5.1.0');
    const major = await extraBuild('content-6.0.0');
    releaseFolder(n1.dir, deployDir, '5.1.0');
    releaseFolder(major.dir, deployDir, '6.0.0');
    n1.done();
    major.done();
    stopCdn = await startStaticServer(CDN_PORT, path.join(deployDir, 'remote-content'));
  });
  test.afterAll(async () => {
    await stopCdn?.();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  async function siteWith(version: string) {
    remoteCli(['publish', 'remote-content', version], deployDir);
    const live = JSON.parse(fs.readFileSync(path.join(deployDir, 'remotes.json'), 'utf8')).remote_content as string;
    return startSite(BASE, { ...defaultRemotes(), remote_content: live });
  }

  test('publish N+1, reload shows it with no other app rebuilt; roll back to N and it is gone', async ({ page }) => {
    const hostDist = path.join(REPO, 'host/dist');
    const stamp = () => fs.readdirSync(hostDist).map((f) => `${f}:${fs.statSync(path.join(hostDist, f)).mtimeMs}`);
    const before = stamp();
    const site = await siteWith('5.0.0');
    try {
      await page.goto(`${site.origin}/`);
      await expect(page.locator('h1').first()).toBeVisible();
      await page.goto(`${site.origin}/test`);
      await expect(page.getByText('5.1.0', { exact: true })).toHaveCount(0);

      remoteCli(['publish', 'remote-content', '5.1.0'], deployDir);
      site.writeRemotes({
        ...defaultRemotes(),
        remote_content: JSON.parse(fs.readFileSync(path.join(deployDir, 'remotes.json'), 'utf8')).remote_content,
      });
      await page.reload();
      await expect(page.getByText('5.1.0', { exact: true })).toBeVisible();
      await page.goto(`${site.origin}/`);
      await expect(page.locator('h1').first()).toBeVisible();

      remoteCli(['publish', 'remote-content', '5.0.0'], deployDir);
      site.writeRemotes({
        ...defaultRemotes(),
        remote_content: JSON.parse(fs.readFileSync(path.join(deployDir, 'remotes.json'), 'utf8')).remote_content,
      });
      await page.goto(`${site.origin}/test`);
      await expect(page.getByText('remote_content').first()).toBeVisible();
      await expect(page.getByText('5.1.0', { exact: true })).toHaveCount(0);
      expect(stamp()).toEqual(before);
    } finally {
      await site.stop();
    }
  });

  test('a remote built against an older minor of @site/app-runtime still works', async ({ page }) => {
    const site = await siteWith('5.1.0');
    try {
      await page.goto(`${site.origin}/`);
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
    } finally {
      await site.stop();
    }
  });

  test('a remote built against another major of @site/app-runtime is refused with a fallback and a console message naming it', async ({ page }) => {
    const messages: string[] = [];
    page.on('console', (m) => messages.push(m.text()));
    const site = await siteWith('6.0.0');
    try {
      await page.goto(`${site.origin}/`);
      await expect(page.getByTestId('remote-fallback')).toBeVisible({ timeout: 10_000 });
      await expect(page.locator('footer')).toBeVisible();
      expect(messages.some((m) => m.includes('remote_content'))).toBe(true);
    } finally {
      await site.stop();
    }
  });
});
