/**
 * services/origin-server/src/serve.cjs as a supervisor (issue 15): each origin and the API server are child processes; one that dies
 * is restarted within seconds and the output says so, the others keep answering meanwhile; the environment reaches
 * the API (NODE_ENV defaults to production); a supervisor killed outright leaves no server behind.
 * Linux: the children are found through /proc.
 */
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const http = require('http');
const net = require('net');
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');

const SERVE = path.join(__dirname, '..', 'src', 'serve.cjs');
const APPS = ['host', 'remote_content', 'remote_support', 'remote_account', 'remote_shell_admin'];

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function get(port, pathname) {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: pathname, agent: false, timeout: 5000 }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode, body }));
    });
    req.on('error', (e) => resolve({ status: 0, body: e.code }));
    req.on('timeout', () => req.destroy());
  });
}

async function until(check, what, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Direct children of `pid` with their command lines. */
function childrenOf(pid) {
  const out = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid)
        out.push({ pid: Number(entry), cmd: fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ') });
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
}

/** A site of small folders on free ports, served by serve.cjs; `output()` is everything it printed. */
async function startServe(extraEnv = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-test-'));
  const ports = {};
  const env = { ...process.env, ...extraEnv };
  delete env.SITE_DEPLOY_DIR;
  delete env.REMOTES_FILE;
  for (const name of APPS) {
    const root = path.join(dir, name);
    fs.mkdirSync(root);
    fs.writeFileSync(path.join(root, 'index.html'), `<!doctype html><title>${name}</title>`);
    fs.writeFileSync(path.join(root, 'mf-manifest.json'), JSON.stringify({ name }));
    ports[name] = await freePort();
    env[`${name.toUpperCase()}_PORT`] = String(ports[name]);
    env[`${name.toUpperCase()}_ROOT`] = root;
  }
  ports.api = Number(env.API_PORT || (env.API_PORT = String(await freePort())));
  for (const [k, v] of Object.entries(extraEnv)) if (v === undefined) delete env[k];
  const child = spawn(process.execPath, [SERVE], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await gone;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const name of APPS) await until(async () => (await get(ports[name], '/mf-manifest.json')).status === 200, `${name} up`, 30_000);
  } catch (err) {
    await stop();
    throw new Error(`${err.message}\n${out}`, { cause: err });
  }
  return { child, ports, output: () => out, stop };
}

test('[issue 15 supervise] a static origin killed outright is restarted within seconds, says so, and the other origins keep answering', async () => {
  const site = await startServe({ API_EXTERNAL: '1' });
  try {
    const origin = await until(() => childrenOf(site.child.pid).find((c) => / remote_content$/.test(c.cmd)), 'remote_content child', 5000);
    process.kill(origin.pid, 'SIGKILL');
    // The host and the other remotes are other processes: unaffected.
    assert.strictEqual((await get(site.ports.host, '/')).status, 200);
    assert.strictEqual((await get(site.ports.remote_support, '/mf-manifest.json')).status, 200);
    await until(
      () => site.output().includes(`[serve] remote_content server (port ${site.ports.remote_content}) exited (SIGKILL); restarting in 1 s`),
      'restart message',
      10_000,
    );
    const back = await until(
      async () => {
        const r = await get(site.ports.remote_content, '/mf-manifest.json');
        return r.status === 200 && r.body;
      },
      'remote_content back',
      15_000,
    );
    assert.strictEqual(JSON.parse(back).name, 'remote_content');
    const now = childrenOf(site.child.pid).find((c) => / remote_content$/.test(c.cmd));
    assert.ok(now && now.pid !== origin.pid, 'a new process serves remote_content');
  } finally {
    await site.stop();
  }
});

test('[issue 15 supervise] the supervisor killed outright (SIGKILL) leaves no origin listening', async () => {
  const site = await startServe({ API_EXTERNAL: '1' });
  try {
    site.child.kill('SIGKILL');
    for (const name of APPS) await until(async () => (await get(site.ports[name], '/')).status === 0, `${name} stopped`, 15_000);
  } finally {
    await site.stop();
  }
});

test(
  '[issue 15 supervise][issue 15 finding 1] the API server: NODE_ENV defaults to production (no /dev), env reaches it, and a killed API is restarted',
  { timeout: 400_000 },
  async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-test-data-'));
    const base = {
      DATA_DIR: dataDir,
      DATABASE_URL: undefined,
      API_EXTERNAL: undefined,
      NODE_ENV: undefined,
      SITE_DEV_ENDPOINTS: undefined,
      SITE_WX_LOCAL: undefined,
      SITE_TEST_ACCOUNTS: undefined,
    };
    const healthy = (port) => until(async () => (await get(port, '/health')).status === 200, 'API /health', 180_000);
    let site = await startServe(base);
    try {
      await healthy(site.ports.api);
      // Production: the test helpers do not exist, on the API port or through the host.
      assert.strictEqual((await get(site.ports.api, '/dev/visits?uv=1')).status, 404);
      assert.notStrictEqual((await get(site.ports.host, '/dev/visits?uv=1')).body.includes('"code"'), true);
      const api = childrenOf(site.child.pid).find((c) => c.cmd.includes('src/main.ts'));
      assert.ok(api, 'API child');
      process.kill(api.pid, 'SIGKILL');
      await until(() => site.output().includes('[serve] API server exited (SIGKILL); restarting in 1 s'), 'restart message', 10_000);
      await healthy(site.ports.api);
      await until(() => site.output().includes('[serve] API server is back'), 'back message', 10_000);
      // Through the host's proxy as well.
      assert.strictEqual((await get(site.ports.host, '/health')).status, 200);
    } finally {
      await site.stop();
    }
    // A harness's settings reach the API child.
    site = await startServe({ ...base, NODE_ENV: 'test', SITE_DEV_ENDPOINTS: '1' });
    try {
      await healthy(site.ports.api);
      assert.strictEqual((await get(site.ports.api, '/dev/visits?uv=1')).status, 200);
      assert.strictEqual((await get(site.ports.host, '/dev/visits?uv=1')).body.includes('"code"'), false, '/dev is never proxied');
    } finally {
      await site.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
