/**
 * Issue 37.3: what a canary's opening and end make the real service (src/service.ts) render. The live remotes file
 * stays as it is during a canary (@site/releases), so no live page changes: only the canary's variant of its own
 * remote's pages is rendered (opened), or removed (ended). The service runs on stand-in host and remote builds and a
 * stand-in API's /health, without a feed; the host build notes each page it renders and into which output.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { writeAtomic } from '../src/output';

const pkg = path.resolve(import.meta.dirname, '..');

/** Two remotes' pages. */
const ROUTES = [
  { path: '/news', remote: 'remote_content', module: './News' },
  { path: '/support', remote: 'remote_support', module: './Support' },
  { path: '/support/faq', remote: 'remote_support', module: './Faq' },
];
/** The host build: each page a run renders appended to the log as `<output> <url>` (the canary's is `canary/`). */
const hostBuild = (log: string) => `
const fs = require('node:fs');
const path = require('node:path');
module.exports = {
  PUBLIC_ROUTES: ${JSON.stringify(ROUTES)},
  CLIENT_ROUTES: ${JSON.stringify(ROUTES.map((r) => r.path))},
  ClientOnlySlot: class extends Error {},
  beginRenderRun() {},
  notFoundPages: async () => [],
  async renderPage({ url }) {
    const out = path.basename(process.env.RENDER_OUT_DIR) === 'canary' ? 'canary' : 'live';
    // The runs' pages only: the search process renders /search from this build too, whenever it starts.
    if (path.basename(process.argv[1]) === 'worker.ts') fs.appendFileSync(${JSON.stringify(log)}, out + ' ' + url + '\\n');
    return { html: '<main><h1>' + url + '</h1></main>', data: null, errors: [], clientOnly: false, head: '', css: [] };
  },
};
`;
const remoteBuild = (name: string, version: string, urls: string[]) => `
module.exports = {
  name: ${JSON.stringify(name)}, version: ${JSON.stringify(version)}, setPublicPath() {},
  pages: {},
  renderRoutes: async () => ${JSON.stringify(urls.map((url) => ({ url })))},
};
`;

test('[issue 37.3] a canary opened renders only its remote’s pages, into canary/, and its end removes them: no live page is rendered again', async (t) => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'renderer-canary-run-'));
  const hostRoot = path.join(tmp, 'host');
  const deploy = path.join(tmp, 'deploy');
  const outDir = path.join(deploy, 'rendered');
  const log = path.join(tmp, 'renders.log');
  mkdirSync(path.join(hostRoot, 'server'), { recursive: true });
  writeFileSync(path.join(hostRoot, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(hostRoot, 'server', 'server.js'), hostBuild(log));

  // The API's /health and the remotes' releases: remote_support's live 1.0.0 and its canary 2.0.0.
  const releases: Record<string, { version: string; build: string }> = {
    '/rc/': { version: '1.0.0', build: remoteBuild('remote_content', '1.0.0', ['/news']) },
    '/rs/': { version: '1.0.0', build: remoteBuild('remote_support', '1.0.0', ['/support', '/support/faq']) },
    '/rs2/': { version: '2.0.0', build: remoteBuild('remote_support', '2.0.0', ['/support', '/support/faq']) },
  };
  const standIn = http.createServer((req, res) => {
    const url = req.url ?? '';
    if (url === '/health') return res.end('ok');
    const release = Object.entries(releases).find(([base]) => url.startsWith(base));
    if (release && url.endsWith('/mf-manifest.json'))
      return res.end(JSON.stringify({ metaData: { buildInfo: { buildVersion: release[1].version } } }));
    if (release && url.endsWith('/server/server.js')) return res.end(release[1].build);
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((r) => standIn.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  const live = { remote_content: `${origin}/rc/mf-manifest.json`, remote_support: `${origin}/rs/mf-manifest.json` };
  writeAtomic(path.join(deploy, 'remotes.json'), JSON.stringify(live));

  const service = spawn(process.execPath, ['--import', 'tsx', 'src/service.ts'], {
    cwd: pkg,
    env: {
      ...process.env,
      RENDER_OUT_DIR: outDir,
      RENDER_HOST_ROOT: hostRoot,
      RENDER_API_ORIGIN: origin,
      RENDER_SITE_ORIGIN: 'http://127.0.0.1:1',
      RENDER_REMOTES_FILE: path.join(deploy, 'remotes.json'),
      RENDER_PORT: '0',
      RENDER_WORKERS: '1',
      SITE_RENDER_HOOK_TOKEN: '',
      STORAGE_DRIVER: 'local',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiting: { re: RegExp; from: number; resolve: () => void }[] = [];
  const heard = (d: Buffer) => {
    output += d;
    for (const w of [...waiting])
      if (w.re.test(output.slice(w.from))) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve();
      }
  };
  service.stdout.on('data', heard);
  service.stderr.on('data', heard);
  t.after(() => {
    service.kill('SIGKILL');
    standIn.close();
    rmSync(tmp, { recursive: true, force: true });
  });
  /** The service's next line matching `re` (printed after this call), or a failure when it exits first. */
  const next = (re: RegExp) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ re, from: output.length, resolve });
      service.once('exit', (code) => reject(new Error(`the service exited (${code}) before ${re}:\n${output}`)));
    });
  /** The renders noted since the last call, sorted. */
  const renders = () => {
    const lines = existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];
    rmSync(log, { force: true });
    return lines.sort();
  };

  await next(/\[renderer\] \d+ pages in \d+ ms/);
  assert.deepEqual(renders(), ['live /news', 'live /support', 'live /support/faq'], 'the start renders every page');

  const opened = next(/\[renderer\] canary remote_support@2\.0\.0: \d+ pages/);
  const canary = { remote: 'remote_support', version: '2.0.0', url: `${origin}/rs2/mf-manifest.json`, percent: 50, live: live.remote_support };
  writeAtomic(path.join(deploy, 'remotes.canary.json'), JSON.stringify({ ...canary, started: new Date().toISOString(), by: 't' }));
  await opened;
  assert.deepEqual(renders(), ['canary /support', 'canary /support/faq'], 'the canary’s variant of its remote’s pages, and nothing live');
  assert.deepEqual(Object.keys((JSON.parse(readFileSync(path.join(outDir, 'canary/index.json'), 'utf8')) as { pages: object }).pages), [
    '/support',
    '/support/faq',
  ]);

  const ended = next(/\[renderer\] no canary open: its pages are removed/);
  rmSync(path.join(deploy, 'remotes.canary.json'));
  await ended;
  assert.deepEqual(renders(), [], 'an aborted canary renders nothing: the live pages never named it');
  assert.ok(!existsSync(path.join(outDir, 'canary')), 'its pages are gone');
  assert.ok(existsSync(path.join(outDir, 'pages')), 'the live pages stay');
});
