/**
 * Issue 35 item 8: the renderer's worker dies with it. The real service (src/service.ts, as its unit runs it) is
 * started on a stand-in host build and API, its first run's worker is caught asking a remote for its manifest (a
 * stand-in that never answers, so the run is surely under way), then the service is killed with SIGKILL: nothing
 * runs its shutdown, and the worker must still exit within a few seconds (its IPC channel closes: worker.ts exits on
 * `disconnect`) rather than go on writing into the output folder as an orphan.
 */
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { until } from './until';

const pkg = path.resolve(import.meta.dirname, '..');

/** Alive and not a zombie waiting for its new parent to reap it. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** A process's command line, its arguments NUL-separated. */
function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

function childrenOf(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((s) => Number(s.trim()))
      .filter(Boolean);
  } catch {
    return []; // ps exits 1 when there is none
  }
}

/**
 * The real service on a stand-in host build and API; the remote's manifest never answers (`hang`: the run stays
 * under way) or is missing (`missing`: the run ends at once, its page left to the browser).
 */
async function startService(t: TestContext, manifest: 'hang' | 'missing') {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'renderer-orphan-'));
  const hostRoot = path.join(tmp, 'host');
  mkdirSync(path.join(hostRoot, 'server'), { recursive: true });
  writeFileSync(path.join(hostRoot, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  // The smallest host server build: one public page of one remote (the worker then asks that remote for its manifest).
  writeFileSync(
    path.join(hostRoot, 'server', 'server.js'),
    `module.exports = { PUBLIC_ROUTES: [{ path: '/', remote: 'remote_content', module: './Home' }], CLIENT_ROUTES: [],
      beginRenderRun() {}, renderPage: async () => ({ html: '', data: null, errors: [], clientOnly: true, head: '', css: [] }),
      notFoundPages: async () => [],
      ClientOnlySlot: class extends Error {} };\n`,
  );
  // The API (its /health) and a remote whose manifest never comes (or is missing).
  const asked: string[] = [];
  const hung = new Set<http.ServerResponse>();
  const standIn = http.createServer((req, res) => {
    if (req.url === '/health') return res.end('ok');
    asked.push(req.url ?? '');
    if (manifest === 'missing') {
      res.statusCode = 404;
      return res.end();
    }
    hung.add(res);
  });
  await new Promise<void>((r) => standIn.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;

  const service = spawn(process.execPath, ['--import', 'tsx', 'src/service.ts'], {
    cwd: pkg,
    env: {
      ...process.env,
      RENDER_OUT_DIR: path.join(tmp, 'out'),
      RENDER_HOST_ROOT: hostRoot,
      RENDER_API_ORIGIN: origin,
      RENDER_SITE_ORIGIN: 'http://127.0.0.1:1',
      RENDER_REMOTES: JSON.stringify({ remote_content: `${origin}/remote-content/mf-manifest.json` }),
      RENDER_PORT: '0',
      SITE_RENDER_HOOK_TOKEN: '',
      STORAGE_DRIVER: 'local',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  service.stdout.on('data', (d: Buffer) => (output += d));
  service.stderr.on('data', (d: Buffer) => (output += d));
  let worker: number[] = [];
  t.after(() => {
    for (const pid of [service.pid, ...worker]) if (pid && alive(pid)) process.kill(pid, 'SIGKILL');
    for (const res of hung) res.destroy();
    standIn.close();
    rmSync(tmp, { recursive: true, force: true });
  });
  return { service, asked, output: () => output, pids: (list: number[]) => (worker = list) };
}

test('[ISSUE-35] kill -9 of the renderer: its worker exits within a few seconds (no orphan)', async (t) => {
  const { service, asked, output, pids } = await startService(t, 'hang');
  let worker = 0;
  let others: number[] = [];
  await until(() => asked.some((u) => u.endsWith('/mf-manifest.json')), `the worker asks for the manifest (service said: ${output()})`, 60_000);
  // The service's children: the worker (its command line names worker.ts) beside tsx's esbuild service and the search
  // process (search-worker.ts, issue 36.5), which must not outlive it either (below).
  const workers = await until(
    () => {
      const list = childrenOf(service.pid!).filter((pid) => alive(pid) && /\/worker\.ts/.test(cmdline(pid)));
      return list.length ? list : null;
    },
    'the worker in the process tree',
    5000,
  );
  assert.equal(workers.length, 1, `one worker: ${workers.join(', ')}`);
  worker = workers[0];
  others = childrenOf(service.pid!).filter((pid) => pid !== worker && alive(pid));
  pids([worker, ...others]);

  const killed = Date.now();
  process.kill(service.pid!, 'SIGKILL');
  await until(() => !alive(worker), `the worker ${worker} exits after its service's kill -9`, 5000);
  const ms = Date.now() - killed;
  t.diagnostic(`worker exited ${ms} ms after the kill -9 of its service`);
  // Nor does anything else the service started (tsx's esbuild service, the search process) outlive it.
  await until(() => !others.some(alive), `the service's other children ${others.join(', ')} exit`, 5000);
});

test('[issue 36.9] the worker started ahead of the next run exits with its service too (kill -9)', async (t) => {
  const { service, asked, output, pids } = await startService(t, 'missing');
  // The first run ends at once (no manifest: the page is left to the browser); the next run's worker is started then.
  await until(() => asked.some((u) => u.endsWith('/mf-manifest.json')), `the first run asks for the manifest (service said: ${output()})`, 60_000);
  const ready = await until(
    () => {
      const list = childrenOf(service.pid!).filter((pid) => alive(pid) && /worker\.ts\0--ready/.test(cmdline(pid)));
      return list.length ? list : null;
    },
    `the worker started ahead (service said: ${output()})`,
    30_000,
  );
  assert.equal(ready.length, 1, `one worker ahead: ${ready.join(', ')}`);
  const others = childrenOf(service.pid!).filter((pid) => pid !== ready[0] && alive(pid));
  pids([...ready, ...others]);
  const killed = Date.now();
  process.kill(service.pid!, 'SIGKILL');
  await until(() => !alive(ready[0]), `the worker ahead ${ready[0]} exits after its service's kill -9`, 5000);
  t.diagnostic(`the worker ahead exited ${Date.now() - killed} ms after the kill -9 of its service`);
  await until(() => !others.some(alive), `the service's other children ${others.join(', ')} exit`, 5000);
});
