/**
 * Processes for the API fault tests (reliability-api.spec.ts): a private API server on its own data folder that
 * a test can stop and start again, a composed site whose host proxies to a chosen API port, and a stand-in API
 * upstream that forwards to the real server except for the calls a test tells it to break.
 */
import { spawn, type ChildProcess } from 'child_process';
import http from 'http';
import net from 'net';
import path from 'path';
import { TEST_RATE_LIMITS, TEST_SERVER_SWITCHES, topology } from './site';
import { untilReady } from './wait';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS helper shared with scripts/test.cjs's extra builds
const { copyApiData } = require('./variants.cjs') as { copyApiData: (dataDir: string) => boolean };

export const REPO = path.resolve(__dirname, '../..');

/** Children still running when the worker exits are killed, so a failed run leaves no server on its ports. */
const running = new Set<ChildProcess>();
process.once('exit', () => running.forEach((c) => c.kill('SIGKILL')));

function track(child: ChildProcess): ChildProcess {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

export interface ApiServer {
  port: number;
  dataDir: string;
  /** Sends the signal and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The tail of what the server printed (for failure messages). */
  output(): string;
}

/**
 * The API server as `services/origin-server/src/serve.cjs` starts it (`node --import tsx src/main.ts` in server/), on its own port and
 * data folder (PGlite, whatever DATABASE_URL the suite has), resolved once /health answers 200. A new data folder
 * starts from the API's data made ahead, when `npm test` made it (support/variants.cjs).
 */
export async function startApiServer(port: number, dataDir: string, timeoutMs = 120_000, extraEnv: NodeJS.ProcessEnv = {}): Promise<ApiServer> {
  copyApiData(dataDir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    API_PORT: String(port),
    DATA_DIR: dataDir,
    ...TEST_SERVER_SWITCHES,
    ...TEST_RATE_LIMITS,
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.join(REPO, topology.SERVICE_DIRS.apiServer),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let out = '';
  const keep = (d: Buffer) => (out = (out + d.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const what = `API server on ${port}`;
  try {
    await untilReady([`http-get://127.0.0.1:${port}/health`], {
      intervalMs: 200,
      timeoutMs,
      timeoutMessage: `${what}: not ready after ${timeoutMs} ms`,
      gaveUp: exited(child).then(({ code, signal }) => `${what}: exited (${code ?? signal}):\n${out}`),
    });
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    port,
    dataDir,
    output: () => out,
    stop(signal = 'SIGTERM') {
      const done = exited(child);
      child.kill(signal);
      return done;
    },
  };
}

export interface SiteProcess {
  origin: string;
  stop(): Promise<void>;
}

/**
 * A composed site (production build, `services/origin-server/src/serve.cjs`) on base+80..base+84 whose host proxies the API paths to
 * 127.0.0.1:apiPort; it starts no API server of its own (API_EXTERNAL=1).
 */
export async function startSiteWithApi(base: number, apiPort: number): Promise<SiteProcess> {
  const ports = topology.portsFrom(base, { api: apiPort });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    API_EXTERNAL: '1',
    ...topology.serveEnv(ports),
    // Pages rendered by the browser: these sites test the API behind the host, not the page renderer.
    SITE_RENDER: '0',
  };
  delete env.REMOTES_FILE;
  delete env.SITE_DEPLOY_DIR;
  const child = track(spawn(process.execPath, [path.join(REPO, 'services/origin-server/src/serve.cjs')], { env, stdio: ['ignore', 'pipe', 'pipe'] }));
  // The supervisor's own words (a child that cannot listen, a restart) belong in the failure, not in /dev/null.
  let out = '';
  const keep = (d: Buffer) => (out = (out + d.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const listening = [ports.host, ports.remote_content, ports.remote_support, ports.remote_account];
  try {
    await untilReady(
      listening.map((port) => `tcp:127.0.0.1:${port}`),
      { intervalMs: 200, timeoutMs: 30_000, timeoutMessage: `site on ${ports.host}: not ready after 30000 ms` },
    );
  } catch (e) {
    throw new Error(`${(e as Error).message}\n--- services/origin-server/src/serve.cjs said:\n${out}`, { cause: e });
  }
  return {
    origin: `http://localhost:${ports.host}`,
    stop: async () => {
      const done = exited(child);
      child.kill('SIGTERM');
      await done;
    },
  };
}

/** What the stand-in API does with one call: drop the connection, never answer, or answer this HTTP status. */
export type Fault = 'reset' | 'hang' | { status: number };

export interface FaultyApi {
  port: number;
  /** Decides per call; null forwards it to the real API server. */
  setRule(rule: ((req: http.IncomingMessage) => Fault | null) | null): void;
  /** Calls that matched a rule so far. */
  faulted(): number;
  /** Stops listening (connections refused) / listens again. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

/** A stand-in API upstream on `port` forwarding to the real API server at `targetPort` unless a rule says otherwise. */
export async function startFaultyApi(port: number, targetPort: number): Promise<FaultyApi> {
  let rule: ((req: http.IncomingMessage) => Fault | null) | null = null;
  let faulted = 0;
  const sockets = new Set<net.Socket>();
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    const fault = rule?.(req) ?? null;
    if (fault) faulted++;
    if (fault === 'reset') return req.socket.destroy();
    if (fault === 'hang') return; // held until the caller gives up or the server closes
    if (fault) {
      res.writeHead(fault.status, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(`<html><body><h1>${fault.status}</h1></body></html>`);
    }
    const up = http.request({ host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers: req.headers, agent }, (upRes) => {
      res.writeHead(upRes.statusCode || 502, upRes.headers);
      upRes.pipe(res);
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  const listen = () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const down = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      sockets.forEach((s) => s.destroy());
    });
  await listen();
  return {
    port,
    setRule(r) {
      rule = r;
    },
    faulted: () => faulted,
    down,
    up: async () => {
      if (!server.listening) await listen();
    },
    close: async () => {
      await down();
      agent.destroy();
    },
  };
}
