/**
 * Issue 37.3/37.4: a whole private site as `npm start` runs it (serve.cjs with its own API on its own PGlite, the page
 * renderer holding the render lease, every remote released into a deploy folder and published with
 * scripts/remote.cjs), on a port block of its own, for the canary test (deploy-canary.spec.ts). The automatic
 * rollback's settings are made fast here only (RENDER_CANARY_MIN_VIEWS, RENDER_CANARY_CHECK_MS; production: 30 views,
 * 15 s). `releaseCopy` makes another release of a remote from its build without building: the folder copied under a
 * new version (the manifest says it), optionally with its page scripts made to throw (a broken release).
 */
import { execFileSync, spawn, type ChildProcess } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { TEST_RATE_LIMITS, TEST_SERVER_SWITCHES, topology } from './site';
import { untilReady } from './wait';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS helper shared with scripts/test.cjs's extra builds
const { copyApiData } = require('./variants.cjs') as { copyApiData: (dataDir: string) => boolean };

export const REPO = path.resolve(__dirname, '../..');

export interface CanarySite {
  origin: string;
  deployDir: string;
  /** `node scripts/remote.cjs <args>` on this site's deploy folder and ports. */
  remoteCli(args: string[]): string;
  /** The live manifest URL of a remote (deploy/remotes.json). */
  live(remote: string): string;
  output(): string;
  /** Lines the site has printed (stdout and stderr) since it started. */
  linesPrinted(): number;
  stop(): Promise<void>;
}

const REMOTE_DIRS = ['remote-content', 'remote-support', 'remote-account', 'remote-shell-admin'];

export async function startCanarySite(base: number, env: NodeJS.ProcessEnv = {}): Promise<CanarySite> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'canary-site-'));
  const deployDir = path.join(tmp, 'deploy');
  const ports = topology.portsFrom(base);
  const siteEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ...topology.serveEnv(ports),
    DATA_DIR: path.join(tmp, 'data'),
    SITE_DEPLOY_DIR: deployDir,
    RENDER_OUT_DIR: path.join(deployDir, 'rendered'),
    STORAGE_DRIVER: 'local',
    NODE_ENV: 'production',
    ...TEST_SERVER_SWITCHES,
    ...TEST_RATE_LIMITS,
    ...env,
  };
  delete siteEnv.DATABASE_URL;
  delete siteEnv.API_EXTERNAL;
  delete siteEnv.SITE_RENDER_HOOK_TOKEN;
  const remoteCli = (args: string[]) =>
    execFileSync(process.execPath, [path.join(REPO, 'scripts/remote.cjs'), ...args], {
      env: { ...siteEnv, DEPLOY_DIR: deployDir },
      encoding: 'utf8',
      stdio: 'pipe',
    });
  // Its API's database from the copy `npm test` made ahead (support/variants.cjs), when there is one.
  copyApiData(path.join(tmp, 'data'));
  for (const dir of REMOTE_DIRS) {
    remoteCli(['release', dir]);
    remoteCli(['publish', dir]);
  }
  const child: ChildProcess = spawn(process.execPath, [path.join(REPO, 'services/origin-server/src/serve.cjs')], {
    env: siteEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let lines = 0;
  const keep = (d: Buffer) => {
    const text = d.toString();
    lines += text.split('\n').length - 1;
    out = (out + text).slice(-20000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const origin = `http://localhost:${ports.host}`;
  // Ready once the renderer's first run is out (sitemap.xml is its own file).
  await untilReady([`http-get://127.0.0.1:${ports.host}/sitemap.xml`], {
    intervalMs: 500,
    timeoutMs: 240_000,
    timeoutMessage: `the canary site on ${ports.host} did not render its pages:\n${out}`,
  });
  return {
    origin,
    deployDir,
    remoteCli,
    live: (remote) => (JSON.parse(fs.readFileSync(path.join(deployDir, 'remotes.json'), 'utf8')) as Record<string, string>)[remote],
    output: () => out,
    linesPrinted: () => lines,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          fs.rmSync(tmp, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/**
 * A new release of `dir` made from its live release folder: copied as `version` (the manifest's buildVersion says
 * so, as a build of that version would). `broken`: the browser scripts of the named exposed module throw when they
 * load (its server build is left alone, so the page still renders on the server: broken only in the browser).
 */
export function releaseCopy(deployDir: string, dir: string, from: string, version: string, broken?: string): void {
  const source = path.join(deployDir, dir, from);
  const target = path.join(deployDir, dir, version);
  fs.cpSync(source, target, { recursive: true });
  const manifestFile = path.join(target, 'mf-manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as {
    metaData: { buildInfo: { buildVersion: string } };
    exposes: { path: string; assets?: { js?: { sync?: string[]; async?: string[] } } }[];
  };
  manifest.metaData.buildInfo.buildVersion = version;
  fs.writeFileSync(manifestFile, JSON.stringify(manifest));
  for (const sibling of ['.br', '.gz']) fs.rmSync(`${manifestFile}${sibling}`, { force: true });
  if (!broken) return;
  const expose = manifest.exposes.find((e) => e.path === broken);
  if (!expose) throw new Error(`${dir} exposes no ${broken}`);
  const scripts = expose.assets?.js?.sync ?? [];
  if (!scripts.length) throw new Error(`${dir} ${broken}: no scripts in its manifest`);
  for (const rel of scripts) {
    const file = path.join(target, rel);
    fs.writeFileSync(file, `throw new Error('canary ${version} is broken: ${rel}');\n`);
    for (const sibling of ['.br', '.gz']) fs.rmSync(`${file}${sibling}`, { force: true });
  }
}
