/**
 * The production layout of docs/deploy.md on loopback, for the scale-out test and the bench: a throwaway PostgreSQL
 * server, API instances as their own processes, Debian's nginx with the configuration deploy/render-nginx.cjs writes.
 */
const { spawn, execFileSync } = require('child_process');
const fs = require('fs');
const net = require('net');
const path = require('path');
const { renderNginx } = require('../deploy/render-nginx.cjs');

const NGINX = process.env.NGINX_BIN || '/usr/sbin/nginx';
const API_DIR = path.resolve(__dirname, '../../api-server');

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

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

/** A free loopback port in [from, to): the API's, whose metrics port is 1<port> (site-api@.service). */
async function freePortIn(from, to) {
  for (let i = 0; i < 200; i++) {
    const port = from + Math.floor(Math.random() * (to - from));
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
    : (await renderNginx({ NGINX_LISTEN: '127.0.0.1', NGINX_CACHE_DIR: path.join(prefix, 'cache'), ...env })).conf;
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

/** SIGTERM each process still running, and wait for it to exit. */
async function stopAll(children) {
  const running = children.filter((p) => p && p.exitCode === null && p.signalCode === null);
  const exited = running.map((p) => new Promise((r) => p.once('exit', r)));
  for (const p of running) p.kill('SIGTERM');
  await Promise.all(exited);
}

module.exports = { NGINX, freePort, freePortIn, waitFor, startPostgres, startApi, startUnit, startNginx, stopAll };
