/**
 * The production layout of docs/deploy.md on loopback, for the scale-out test, the nginx canary test and the bench (one
 * start-up for all): a throwaway PostgreSQL server, API instances as their own processes, Debian's nginx with the
 * configuration deploy/render-nginx.cjs writes, an S3 test server (s3rver), Debian's Prometheus.
 */
const { spawn, execFileSync } = require('child_process');
const fs = require('fs');
const net = require('net');
const path = require('path');
const { renderNginx } = require('../deploy/render-nginx.cjs');

const NGINX = process.env.NGINX_BIN || '/usr/sbin/nginx';
const PROMETHEUS = '/usr/bin/prometheus';
const API_DIR = path.resolve(__dirname, '../../api-server');

/**
 * A free loopback port for a server of the layout, in 24000-31999: below Linux's ephemeral range (32768-60999), where
 * the system's pick (port 0) and every outgoing connection's own port are, so a port found free here is not taken by
 * a connection before its server binds it (nginx starts a minute after the ports are chosen); and away from the fixed
 * blocks of npm start (3000, 8080), e2e (13000, 18000), the bench (19100) and the other engineers' runs (32000-39999).
 */
const freePort = () => freePortIn(24000, 32000);

async function waitFor(check, what, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A throwaway PostgreSQL server in `dir` (as services/api-server/test/run-pg.sh starts one). */
function startPostgres(dir, port) {
  if (!fs.existsSync('/usr/lib/postgresql')) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql (npm test does)');
  const pgbin = fs
    .readdirSync('/usr/lib/postgresql')
    .sort((a, b) => Number(a) - Number(b))
    .map((v) => `/usr/lib/postgresql/${v}/bin`)
    .pop();
  const root = process.getuid() === 0;
  // initdb refuses to run as root: the server runs as the postgres system user then.
  const asPg = (bin, args) => (root ? execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args]) : execFileSync(bin, args));
  fs.mkdirSync(dir, { recursive: true });
  if (root) execFileSync('chown', ['postgres', dir]);
  asPg(`${pgbin}/initdb`, ['-D', `${dir}/data`, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const start = () => asPg(`${pgbin}/pg_ctl`, ['-D', `${dir}/data`, '-l', `${dir}/server.log`, '-w', '-t', '30', '-o', options, 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** Starts the stopped server again (same folder, port and settings): an outage's end. */
    start,
    stop: () => {
      try {
        asPg(`${pgbin}/pg_ctl`, ['-D', `${dir}/data`, '-m', 'fast', '-w', 'stop']);
      } catch {
        /* already stopped */
      }
    },
  };
}

/** One API instance as its own process, as serve.cjs runs it; resolves when its /health answers. */
async function startApi(name, port, env) {
  const out = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: API_DIR,
    env: { ...process.env, ...env, API_PORT: String(port), NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (c) => out.push(c));
  child.stderr.on('data', (c) => out.push(c));
  const api = { name, port, child, origin: `http://127.0.0.1:${port}`, output: () => Buffer.concat(out).toString() };
  await waitFor(async () => (await fetch(`${api.origin}/health`)).status === 200, `API ${name}`, 120_000).catch((err) => {
    child.kill('SIGKILL');
    throw new Error(`${err.message}\n${api.output()}`);
  });
  return api;
}

/**
 * A process as a systemd unit runs it (guide.cjs unitCommand: its command, arguments, folder and environment, plus
 * `extraEnv`, a test's own switches); resolves when `healthPath` answers 200 on `origin`. `restart()` starts it again
 * as `Restart=always` would.
 */
async function startUnit(name, spec, { origin, healthPath = '/health', extraEnv = {}, timeoutMs = 120_000 } = {}) {
  const out = [];
  const unit = { name, origin, spec, output: () => Buffer.concat(out).toString() };
  unit.start = async () => {
    out.push(Buffer.from(`--- ${name} started ${new Date().toISOString()}\n`));
    const child = spawn(spec.command, spec.args, { cwd: spec.cwd, env: { ...spec.env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => out.push(c));
    unit.child = child;
    if (origin)
      await waitFor(async () => (await fetch(`${origin}${healthPath}`)).status === 200, `${name} ${healthPath}`, timeoutMs).catch((err) => {
        child.kill('SIGKILL');
        const all = unit.output();
        throw new Error(`${err.message}\n${all.slice(all.lastIndexOf('--- '))}`);
      });
    return unit;
  };
  unit.restart = unit.start;
  return unit.start();
}

/** Ports this process was given already: two callers at once (Promise.all) never get the same one. */
const given = new Set();

/** A free loopback port in [from, to) (the scale-out test's API instances: 3100-5500, their metrics port 1<port>). */
async function freePortIn(from, to) {
  for (let i = 0; i < 200; i++) {
    const port = from + Math.floor(Math.random() * (to - from));
    if (given.has(port)) continue;
    given.add(port);
    const free = await new Promise((resolve) => {
      const s = net.createServer();
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${from}..${to}`);
}

/**
 * nginx with the site's configuration for `env` (render-nginx.cjs's variables), its own prefix in `prefix`, in the
 * foreground; resolves when the host's port answers /health through it.
 */
async function startNginx(prefix, env, { rendered = false } = {}) {
  if (!fs.existsSync(NGINX)) throw new Error(`nginx is not installed (${NGINX}): apt-get install -y nginx (npm test does)`);
  fs.mkdirSync(prefix, { recursive: true });
  // rendered: <prefix>/site.conf is written already (by the guide's own command).
  const conf = rendered
    ? fs.readFileSync(path.join(prefix, 'site.conf'), 'utf8')
    : (
        await renderNginx({
          NGINX_LISTEN: '127.0.0.1',
          NGINX_CACHE_DIR: path.join(prefix, 'cache'),
          NGINX_ACCESS_LOG: path.join(prefix, 'access.log'),
          ...env,
        })
      ).conf;
  fs.writeFileSync(path.join(prefix, 'site.conf'), conf);
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      // Debian's nginx.conf loads the packaged modules from modules-enabled; a prefix of its own needs the full path.
      ...(conf.includes('brotli_static on;') ? ['load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;'] : []),
      // Two workers, as on any machine with two cores or more: the upstream zone is what they share.
      'worker_processes 2;',
      `pid ${prefix}/nginx.pid;`,
      'error_log stderr error;',
      'events { worker_connections 1024; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${prefix}/${t};`),
      `  include ${prefix}/site.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  let output = '';
  const child = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr.on('data', (c) => (output += c));
  const origin = `http://127.0.0.1:${env.HOST_PORT}`;
  await waitFor(async () => (await fetch(`${origin}/health`)).status === 200, 'nginx', 20_000).catch((err) => {
    child.kill('SIGKILL');
    throw new Error(`${err.message}\n${output}`);
  });
  return { child, origin, output: () => output };
}

/** `n` distinct free loopback ports in [from, to) (freePort's block unless given). */
async function freePortsIn(n, from = 24000, to = 32000) {
  const ports = new Set();
  while (ports.size < n) ports.add(await freePortIn(from, to));
  return [...ports];
}

/** The remotes' names in the site's variables (REMOTE_<NAME>_PORT, _ROOT), in the order of the site's ports. */
const REMOTE_ENV_NAMES = ['REMOTE_CONTENT', 'REMOTE_SUPPORT', 'REMOTE_ACCOUNT', 'REMOTE_SHELL_ADMIN'];

/** REMOTE_<NAME>_PORT for each remote, from four ports. */
const remotePortsEnv = (ports) => Object.fromEntries(REMOTE_ENV_NAMES.map((n, i) => [`${n}_PORT`, String(ports[i])]));

/**
 * An S3 test server (s3rver) on loopback keeping its objects in `dir`, with `bucket` made when given (the scale-out
 * test makes its bucket with the guide's script instead). `env`: the site's variables for it (STORAGE_DRIVER=s3 and
 * S3_*, as api.env names them). `stop()` and `start()` again on the same port and folder: a storage outage.
 */
async function startS3(dir, { bucket, port } = {}) {
  const S3rver = require('s3rver');
  const options = { address: '127.0.0.1', silent: true, directory: dir, ...(bucket ? { configureBuckets: [{ name: bucket, configs: [] }] } : {}) };
  port ??= await freePort();
  let server = new S3rver({ ...options, port });
  await server.run();
  const s3 = {
    port,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket ?? '',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: async () => {
      await server?.close();
      server = null;
    },
    start: async () => {
      server = new S3rver({ ...options, port });
      await server.run();
    },
  };
  return s3;
}

/**
 * Debian's Prometheus (`/usr/bin/prometheus`) with `configFile`, its data in `dataDir`, its API on `port`. `query(q)`:
 * an instant query's result vector.
 */
function startPrometheus(configFile, dataDir, port) {
  if (!fs.existsSync(PROMETHEUS))
    throw new Error(`Debian’s prometheus is not installed (${PROMETHEUS}): apt-get install -y prometheus (scripts/test.cjs does)`);
  let output = '';
  const child = spawn(PROMETHEUS, [`--config.file=${configFile}`, `--storage.tsdb.path=${dataDir}`, `--web.listen-address=127.0.0.1:${port}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const query = async (q) => (await (await fetch(`http://127.0.0.1:${port}/api/v1/query?query=${encodeURIComponent(q)}`)).json()).data.result;
  return { child, query, output: () => output };
}

/**
 * nginx as the guide renders it for a shared storage (front-door.env: the bucket's `s3Env`, the host's files in
 * `hostRoot`, the remotes' releases in `deployDir`), on loopback ports: `hostPort`, the four `remotePorts`; API
 * calls to `apiUpstreams`.
 */
function startStorageNginx(prefix, { s3Env, hostPort, hostRoot, deployDir, apiUpstreams, remotePorts }) {
  return startNginx(prefix, {
    ...s3Env,
    ...remotePortsEnv(remotePorts),
    HOST_PORT: String(hostPort),
    HOST_ROOT: hostRoot,
    SITE_DEPLOY_DIR: deployDir,
    API_UPSTREAMS: apiUpstreams,
    PUBLIC_HOST: '127.0.0.1',
    NGINX_CACHE_DIR: path.join(prefix, 'cache'),
  });
}

/** SIGTERM each process still running, and wait for it to exit. */
async function stopAll(children) {
  const running = children.filter((p) => p && p.exitCode === null && p.signalCode === null);
  const exited = running.map((p) => new Promise((r) => p.once('exit', r)));
  for (const p of running) p.kill('SIGTERM');
  await Promise.all(exited);
}

module.exports = {
  NGINX,
  PROMETHEUS,
  REMOTE_ENV_NAMES,
  remotePortsEnv,
  freePort,
  freePortIn,
  freePortsIn,
  waitFor,
  startPostgres,
  startApi,
  startUnit,
  startNginx,
  startStorageNginx,
  startS3,
  startPrometheus,
  stopAll,
};
