/**
 * The target "bytes of the home page's scripts through nginx and through the Node origin", on the real build:
 * host/dist and the four remotes' dist/ as the build wrote them (with the .br and .gz beside each file that the
 * release step writes), one API instance on PGlite (its seeded content), and two front doors on ports of their own:
 * Debian's nginx with the site's configuration (cluster.cjs startNginx, deploy/render-nginx.cjs) and the Node origins
 * (origin.cjs: the host and each remote). Chromium (Debian's, driven over its DevTools pipe; no Playwright here)
 * opens `/` through each door as a new visitor and lists every script the page loaded, the host's and the remotes';
 * each is then fetched again from the same door with `Accept-Encoding: br, gzip` (and without compression, for
 * scale), and the bytes of its body on the wire counted. Never throws: a failure is the report's `error`.
 *
 * `node scripts/bench/home-scripts.cjs` alone, or through `npm run bench -- --production` (bench/production.cjs).
 */
const fs = require('fs');
const http = require('http');
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');
const { CHROMIUM, CHROMIUM_ARGS } = require('@site/build-config/chromium');
const { APPS } = require('@site/build-config/site');
const { freePortsIn, remotePortsEnv, startApi, startNginx, stopAll, waitFor } = require('@site/origin-server/tools/cluster.cjs');

const root = path.resolve(__dirname, '../..');
const ORIGIN = path.join(root, 'services/origin-server/src/origin.cjs');
/** A page is loaded when no request has been open for this long after its load event (the idle-time chunks too). */
const QUIET_MS = 3000;
const PAGE_TIMEOUT_MS = 90_000;

/** Chromium with its DevTools protocol on a pipe (fds 3 and 4): `send(method, params, sessionId)`, `on(listener)`. */
function openChromium(profileDir) {
  const child = spawn(CHROMIUM, ['--headless=new', ...CHROMIUM_ARGS, '--remote-debugging-pipe', `--user-data-dir=${profileDir}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr = (stderr + c).slice(-2000)));
  const [toChrome, fromChrome] = [child.stdio[3], child.stdio[4]];
  fromChrome.setEncoding('utf8');
  const pending = new Map();
  const listeners = new Set();
  let buffer = '';
  let lastId = 0;
  fromChrome.on('data', (chunk) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\0'); end >= 0; end = buffer.indexOf('\0')) {
      const message = JSON.parse(buffer.slice(0, end));
      buffer = buffer.slice(end + 1);
      const waiting = pending.get(message.id);
      if (waiting) {
        pending.delete(message.id);
        if (message.error) waiting.reject(new Error(`${waiting.method}: ${message.error.message}`));
        else waiting.resolve(message.result);
      } else for (const listener of listeners) listener(message);
    }
  });
  child.on('exit', () => {
    for (const w of pending.values()) w.reject(new Error(`Chromium exited: ${stderr}`));
    pending.clear();
  });
  return {
    child,
    send: (method, params = {}, sessionId) =>
      new Promise((resolve, reject) => {
        const id = ++lastId;
        pending.set(id, { resolve, reject, method });
        toChrome.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
      }),
    on: (listener) => listeners.add(listener),
    off: (listener) => listeners.delete(listener),
  };
}

/** The scripts a new visitor's page at `url` loads (their URLs and statuses), once its network is quiet. */
async function scriptsLoaded(browser, url) {
  const { browserContextId } = await browser.send('Target.createBrowserContext');
  const { targetId } = await browser.send('Target.createTarget', { url: 'about:blank', browserContextId });
  const { sessionId } = await browser.send('Target.attachToTarget', { targetId, flatten: true });
  const scripts = new Map();
  const open = new Set();
  let lastActivity = Date.now();
  let loaded = false;
  let pageText;
  const listener = (m) => {
    if (m.sessionId !== sessionId) return;
    const p = m.params;
    if (m.method === 'Network.requestWillBeSent') open.add(p.requestId);
    else if (m.method === 'Network.responseReceived' && p.type === 'Script')
      scripts.set(p.requestId, { url: p.response.url, status: p.response.status });
    else if (m.method === 'Network.loadingFinished' || m.method === 'Network.loadingFailed') open.delete(p.requestId);
    else if (m.method === 'Page.loadEventFired') loaded = true;
    else return;
    lastActivity = Date.now();
  };
  browser.on(listener);
  try {
    await browser.send('Network.enable', {}, sessionId);
    await browser.send('Page.enable', {}, sessionId);
    await browser.send('Page.navigate', { url }, sessionId);
    await waitFor(async () => loaded && open.size === 0 && Date.now() - lastActivity >= QUIET_MS, `${url}: loaded and quiet`, PAGE_TIMEOUT_MS);
    // What the visitor sees (the page's own texts, not an error page): the report shows its start.
    const { result } = await browser.send(
      'Runtime.evaluate',
      { expression: "document.querySelector('main')?.innerText ?? document.body.innerText" },
      sessionId,
    );
    pageText = String(result.value ?? '')
      .replace(/\s+/g, ' ')
      .slice(0, 80);
  } finally {
    browser.off(listener);
    await browser.send('Target.disposeBrowserContext', { browserContextId }).catch(() => {});
  }
  return { scripts: [...scripts.values()], pageText };
}

/** The bytes of an answer's body as sent (not decoded), with `accept-encoding` asked. */
function bytesOnWire(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (c) => (bytes += c.length));
      res.on('end', () => resolve({ status: res.statusCode, encoding: res.headers['content-encoding'] || 'identity', bytes }));
    });
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`${url}: no answer in 30 s`)));
  });
}

/** One door's figures: every script `/` loaded, each fetched again compressed (br, gzip) and not; the totals. */
async function doorFigures(browser, door, appOfPort) {
  const { scripts: loaded, pageText } = await scriptsLoaded(browser, `${door}/`);
  const files = [];
  for (const s of loaded) {
    const u = new URL(s.url);
    const compressed = await bytesOnWire(s.url, 'br, gzip');
    const identity = await bytesOnWire(s.url, 'identity');
    files.push({
      app: appOfPort[u.port] ?? u.host,
      path: u.pathname,
      status: compressed.status,
      encoding: compressed.encoding,
      bytes: compressed.bytes,
      identity: identity.bytes,
    });
  }
  files.sort((a, b) => `${a.app}${a.path}`.localeCompare(`${b.app}${b.path}`));
  const sum = (k) => files.reduce((n, f) => n + f[k], 0);
  return {
    pageText,
    scripts: files.length,
    brOrGzipBytes: sum('bytes'),
    identityBytes: sum('identity'),
    encodings: files.reduce((m, f) => ({ ...m, [f.encoding]: (m[f.encoding] ?? 0) + 1 }), {}),
    notOk: files.filter((f) => f.status !== 200).length,
    files,
  };
}

/** Both doors on the real build; the report of the home page's scripts row. */
async function measureHomeScripts() {
  const dists = Object.values(APPS).map((a) => path.join(root, a.dir, 'dist'));
  const missing = dists.filter((d) => !fs.existsSync(path.join(d, d.includes(`${path.sep}host${path.sep}`) ? 'index.html' : 'mf-manifest.json')));
  if (missing.length) return { error: `not built: ${missing.map((d) => path.relative(root, d)).join(', ')} (npm run build)` };
  if (!fs.existsSync(CHROMIUM)) return { error: `no Chromium at ${CHROMIUM}` };
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-home-scripts-'));
  // nginx's workers run as an unprivileged user when started as root: they must read the folders.
  fs.chmodSync(tmp, 0o755);
  const children = [];
  let browser;
  try {
    const [apiPort, nginxHost, nodeHost, ...rest] = await freePortsIn(11);
    const [nginxRemotes, nodeRemotes] = [rest.slice(0, 4), rest.slice(4, 8)];
    const api = await startApi('home-scripts', apiPort, { DATA_DIR: path.join(tmp, 'data') });
    children.push(api.child);
    // No remotes file: each door's remotes are its own remote ports (site-env.cjs defaultRemotes), the apps' dist/.
    const site = {
      PUBLIC_HOST: '127.0.0.1',
      API_UPSTREAMS: api.origin,
      RENDER_OUT_DIR: path.join(tmp, 'rendered'),
      SITE_RENDER: '0',
    };
    fs.mkdirSync(site.RENDER_OUT_DIR);
    const nginx = await startNginx(path.join(tmp, 'nginx'), { ...site, HOST_PORT: String(nginxHost), ...remotePortsEnv(nginxRemotes) });
    children.push(nginx.child);
    const nodeEnv = { ...process.env, ...site, HOST_PORT: String(nodeHost), ...remotePortsEnv(nodeRemotes) };
    for (const app of Object.keys(APPS)) {
      const child = spawn(process.execPath, [ORIGIN, app], { env: nodeEnv, stdio: 'ignore' });
      children.push(child);
    }
    const nodeDoor = `http://127.0.0.1:${nodeHost}`;
    for (const [port, file] of [[nodeHost, '/'], ...nodeRemotes.map((p) => [p, '/mf-manifest.json'])])
      await waitFor(async () => (await fetch(`http://127.0.0.1:${port}${file}`)).status === 200, `the Node origin on ${port}`, 30_000);
    // Port -> app folder name (host, remote-content, ...): the doors' remote ports are in APPS' order.
    const names = Object.values(APPS).map((a) => a.dir);
    const appOfPort = Object.fromEntries([nginxHost, ...nginxRemotes, nodeHost, ...nodeRemotes].map((p, i) => [String(p), names[i % 5]]));
    browser = openChromium(path.join(tmp, 'chromium'));
    const viaNginx = await doorFigures(browser, nginx.origin, appOfPort);
    const viaNode = await doorFigures(browser, nodeDoor, appOfPort);
    const key = (f) => `${f.app}${f.path}`;
    const same = JSON.stringify(viaNginx.files.map(key)) === JSON.stringify(viaNode.files.map(key));
    return { page: '/', build: 'host/dist and remote-*/dist', acceptEncoding: 'br, gzip', sameScripts: same, nginx: viaNginx, node: viaNode };
  } catch (e) {
    return { error: String(e.message ?? e).slice(0, 2000) };
  } finally {
    browser?.child.kill('SIGKILL');
    await stopAll(children);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

function printHomeScripts(r) {
  if (!r || r.error) return console.log(`  home page scripts through nginx / Node origin: not measured (${r?.error ?? 'not run'})`);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  for (const [door, d] of [
    ['nginx', r.nginx],
    ['Node origin', r.node],
  ])
    console.log(
      `  home page (/) scripts through ${door.padEnd(11)}: ${d.scripts} scripts, ${d.brOrGzipBytes} B (${kb(d.brOrGzipBytes)}) with Accept-Encoding br, gzip (${JSON.stringify(d.encodings)}); ${kb(d.identityBytes)} uncompressed${d.notOk ? `; ${d.notOk} not 200` : ''}`,
    );
  if (!r.sameScripts) console.log('  (the two doors loaded different scripts: see the report)');
}

module.exports = { measureHomeScripts, printHomeScripts };

if (require.main === module)
  measureHomeScripts().then((r) => {
    printHomeScripts(r);
    console.log(JSON.stringify(r, null, 2));
  });
