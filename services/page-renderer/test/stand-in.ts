/**
 * The stand-in builds of the worker tests: a host build whose pages say which thread rendered them and at what
 * priority, and a remote server build served on loopback listing PAGES - 1 articles and a list page.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { RendererConfig } from '../src/config';

export const PAGES = 120;
/**
 * The stand-in host: a page per URL, a date formatted in the process's zone, and the thread that rendered it noted.
 * The run's own thread renders once every render thread has rendered a page (each says so on a BroadcastChannel):
 * without that, on these instant pages it could render them all while the threads still load. Likewise a render
 * thread goes on past its first page once STAND_IN_RENDER_THREADS threads (default 1) have rendered one: on a busy
 * machine the thread that loaded first could otherwise take every page before the next had loaded.
 */
const HOST_BUILD = `
const fs = require('node:fs');
const { threadId, BroadcastChannel } = require('node:worker_threads');
let log = null;
const channel = new BroadcastChannel('renderer-workers-test');
channel.unref();
const seen = new Set();
let wake = () => {};
let said = false;
// A thread that loads late missed the messages sent before its channel existed: hearing a render thread for the
// first time, or the run's thread asking (0), a render thread that has said so says it again, so every thread comes
// to hear every render thread.
channel.onmessage = (e) => {
  const again = e.data === 0 || !seen.has(e.data);
  if (e.data !== 0) seen.add(e.data);
  if (again && said) channel.postMessage(threadId);
  wake();
};
const threadsRendered = (n) => new Promise((resolve) => { wake = () => seen.size >= n && resolve(); wake(); });
module.exports = {
  PUBLIC_ROUTES: [{ path: '/news', remote: 'remote_content', module: './News' }, { path: '/newsDetail', remote: 'remote_content', module: './NewsDetail', search: { id: 'required' } }],
  CLIENT_ROUTES: ['/news', '/newsDetail'],
  ClientOnlySlot: class extends Error {},
  beginRenderRun() {},
  notFoundPages: async () => [],
  async renderPage({ url }) {
    globalThis.__renderSteps?.push(url);
    fs.appendFileSync(log, threadId + ':' + require('node:os').getPriority() + '\\n');
    if (threadId !== 0 && !said) channel.postMessage(threadId), (said = true), seen.add(threadId);
    if (threadId === 0 && seen.size < Number(process.env.RENDER_WORKERS) - 1) channel.postMessage(0);
    if (threadId === 0) await threadsRendered(Number(process.env.RENDER_WORKERS) - 1);
    else await threadsRendered(Number(process.env.STAND_IN_RENDER_THREADS || 1));
    if (url === '/newsDetail?id=13') return { html: '', data: null, errors: [{ message: '文章 13 加载失败' }], clientOnly: false, head: '', css: [] };
    const day = new Date(Date.UTC(2025, 1, 3, 19)).toString();
    return { html: '<main><h1>' + url + '</h1><p>' + day + '</p></main>', data: { url }, errors: [], clientOnly: false, head: '<title>' + url + '</title>', css: ['h1{}'] };
  },
};
`;
const REMOTE_BUILD = `
module.exports = {
  name: 'remote_content', version: '1.0.0', setPublicPath() {},
  pages: { './News': async () => ({ default: () => null }), './NewsDetail': async () => ({ default: () => null }) },
  renderRoutes: async () => {
    await null;
    globalThis.__renderSteps?.push('listed');
    return [
      { url: '/news', channels: [12] },
      ...Array.from({ length: ${PAGES - 1} }, (_, i) => ({
        url: '/newsDetail?id=' + (i + 1), articleId: i + 1, channels: [12],
        lastModified: i + 1 === 7 && globalThis.__published7 ? globalThis.__published7 : '2025-02-04 03:00:00',
      })),
    ];
  },
};
`;

export async function standIn(t: { after(fn: () => void): void }) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'renderer-workers-'));
  const hostRoot = path.join(tmp, 'host');
  mkdirSync(path.join(hostRoot, 'server'), { recursive: true });
  writeFileSync(path.join(hostRoot, 'index.html'), '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>');
  // The log file's name in the build: each worker loads the build itself, so it must know the file without being told.
  const log = path.join(tmp, 'threads.log');
  writeFileSync(path.join(hostRoot, 'server', 'server.js'), HOST_BUILD.replace('let log = null;', `let log = ${JSON.stringify(log)};`));
  const server = http.createServer((req, res) => {
    if (req.url === '/rc/mf-manifest.json') return res.end(JSON.stringify({ metaData: { buildInfo: { buildVersion: '1.0.0' } }, exposes: [] }));
    if (req.url === '/rc/server/server.js') return res.end(REMOTE_BUILD);
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t.after(() => {
    server.close();
    rmSync(tmp, { recursive: true, force: true });
  });
  const config = (out: string): RendererConfig => ({
    outDir: path.join(tmp, out),
    store: null,
    apiOrigin: origin,
    siteOrigin: 'https://www.example.cn',
    hostRoot,
    remotesFile: null,
    remotes: { remote_content: `${origin}/rc/mf-manifest.json` },
    port: 0,
    token: '',
    cacheDir: path.join(tmp, 'cache'),
  });
  /** The threads that rendered since the last call, each with its priority (nice) then. */
  const threads = () => {
    const lines = existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];
    rmSync(log, { force: true });
    return new Map(lines.map((l) => l.split(':')).map(([id, nice]) => [id, Number(nice)]));
  };
  return { config, threads };
}

export const quiet = { ...console, warn: () => undefined, error: () => undefined } as Console;
