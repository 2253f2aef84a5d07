/**
 * Extra processes some end-to-end tests need: a second composed site whose remotes file the test
 * writes (to point a remote at a dead, hanging or re-versioned origin), a plain static server, and
 * servers that refuse or never answer.
 */
import { spawn, type ChildProcess } from 'child_process';
import fs from 'fs';
import http from 'http';
import net from 'net';
import os from 'os';
import path from 'path';
import { PORTS, topology } from './site';
import { untilReady } from './wait';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS helper shared with scripts/, loaded as it is
const { buildVariant } = require('./variants.cjs') as { buildVariant: (name: string, outDir: string) => Promise<void> };

export const REPO = path.resolve(__dirname, '../..');

export interface SiteInstance {
  origin: string;
  remotesFile: string;
  writeRemotes(map: Record<string, string>): void;
  stop(): Promise<void>;
}

/**
 * A second composed site on `base+80..base+84` sharing the suite's API server, serving the production
 * build (or the given roots) with a remotes file the test controls; with `render`, its own page renderer (output
 * beside the remotes file, notices on base+86).
 */
export async function startSite(
  base: number,
  remotes: Record<string, string>,
  roots: Record<string, string> = {},
  opts: { render?: boolean } = {},
): Promise<SiteInstance> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-instance-'));
  const remotesFile = path.join(dir, 'remotes.json');
  const writeRemotes = (map: Record<string, string>) => fs.writeFileSync(remotesFile, JSON.stringify(map, null, 2));
  writeRemotes(remotes);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    API_EXTERNAL: '1',
    ...topology.serveEnv(topology.portsFrom(base, { api: PORTS.api })),
    REMOTES_FILE: remotesFile,
    // The page renderer only where a test is about it: the other tests of a second site are about the browser's
    // loading of remotes, with every page rendered by the browser.
    SITE_RENDER: opts.render ? '1' : '0',
  };
  for (const [name, root] of Object.entries(roots)) env[`${name.toUpperCase()}_ROOT`] = root;
  const child: ChildProcess = spawn(process.execPath, [path.join(REPO, 'services/origin-server/src/serve.cjs')], { env, stdio: 'ignore' });
  const { host } = topology.portsFrom(base);
  await untilReady([`tcp:127.0.0.1:${host}`], { intervalMs: 150, timeoutMs: 30_000, timeoutMessage: `port ${host} did not open` });
  return {
    origin: `http://localhost:${host}`,
    remotesFile,
    writeRemotes,
    stop: () =>
      new Promise((resolve) => {
        // Removed once the site has stopped: its page renderer writes into this folder until then.
        child.once('exit', () => {
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Accepts connections and never answers: a hanging remote. */
export async function startHangingServer(port: number): Promise<() => Promise<void>> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(port, '0.0.0.0', () => r()));
  return () =>
    new Promise((resolve) => {
      sockets.forEach((s) => s.destroy());
      server.close(() => resolve());
    });
}

/** A static file server for a folder (e.g. a remote's build), with CORS like a CDN. */
export async function startStaticServer(port: number, root: string, pages: Record<string, string> = {}): Promise<() => Promise<void>> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url || '/', 'http://x');
    if (pages[url.pathname] !== undefined) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(pages[url.pathname]);
    }
    const file = path.join(root, path.normalize(url.pathname).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404, { 'access-control-allow-origin': '*' });
      return res.end();
    }
    const type = file.endsWith('.js') ? 'application/javascript' : file.endsWith('.json') ? 'application/json' : 'application/octet-stream';
    res.writeHead(200, { 'content-type': type, 'access-control-allow-origin': '*', 'cache-control': 'no-cache' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((r) => server.listen(port, '0.0.0.0', () => r()));
  // close() alone waits for every open socket, and a socket the browser opened ahead (preconnect) and never used
  // counts as busy until the server's header timeout (60 s): the test is done with this server, so all are cut.
  return () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}

/**
 * The folder of one of the suite's extra builds (see variants.cjs): the one `npm test` built ahead when
 * E2E_PREBUILT_DIR is set, else built (or, for a copy of the production build, copied) now into a temporary folder.
 * `done()` removes what was made here.
 */
export async function extraBuild(name: string): Promise<{ dir: string; done: () => void }> {
  const prebuilt = process.env.E2E_PREBUILT_DIR && path.join(process.env.E2E_PREBUILT_DIR, name);
  if (prebuilt && fs.existsSync(path.join(prebuilt, 'mf-manifest.json'))) return { dir: prebuilt, done: () => undefined };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `e2e-${name}-`));
  await buildVariant(name, dir);
  return { dir, done: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** The remotes file of the suite's site, or of the site on the port block at `base`. */
export function defaultRemotes(base?: number): Record<string, string> {
  const ports = base ? topology.portsFrom(base) : PORTS;
  const manifest = (name: 'remote_content' | 'remote_support' | 'remote_account' | 'remote_shell_admin') =>
    `http://localhost:${ports[name]}/mf-manifest.json`;
  return {
    remote_content: manifest('remote_content'),
    remote_support: manifest('remote_support'),
    remote_account: manifest('remote_account'),
    remote_shell_admin: manifest('remote_shell_admin'),
  };
}

/**
 * Build a fixture app (`e2e/fixtures/<name>/webpack.config.cjs`, which calls the site's config factory) into
 * `outDir`. Runs from the app folder `like` so packages resolve as they do for that app.
 */
export function buildFixture(name: string, outDir: string, like = 'remote-support'): Promise<void> {
  const config = path.join(REPO, 'e2e/fixtures', name, 'webpack.config.cjs');
  return new Promise((resolve, reject) => {
    const child = spawn('pnpm', ['exec', 'webpack', '--mode', 'production', '--config', config], {
      cwd: path.join(REPO, like),
      env: { ...process.env, BUILD_OUT_DIR: outDir },
      stdio: 'pipe',
    });
    let out = '';
    child.stdout?.on('data', (d) => (out += d));
    child.stderr?.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build fixture ${name} failed:\n${out}`))));
  });
}
