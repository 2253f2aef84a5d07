#!/usr/bin/env node
/**
 * The production layout of docs/deploy.md on loopback (services/origin-server/tools/cluster.cjs: one
 * throwaway PostgreSQL server, API processes, Debian's nginx with the rendered template). Measures
 *   - API read throughput through nginx with one instance, then with two, on the same database;
 *   - how long a write answered by A takes to show in B's answers (p50/p99 over BENCH_SCALE_WRITES, 100);
 *   - failed requests through nginx, then through the Node host origin (API_UPSTREAMS), while instance B is killed
 *     (-9) under steady read load.
 * `node scripts/bench/scale-out.cjs` alone, or from `npm run bench` (BENCH_SKIP_SCALE_OUT=1 leaves it out). Prints
 * the numbers and returns them; never fails on them.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');
const { freePort, waitFor, startPostgres, startApi, startNginx, stopAll } = require('@site/origin-server/tools/cluster.cjs');

const root = path.resolve(__dirname, '../..');
const autocannon = require('autocannon');
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS || 8);
const WRITES = Number(process.env.BENCH_SCALE_WRITES || 100);

const json = async (res) => res.json();
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function signIn(api) {
  const cap = await json(await fetch(`${api.origin}/captchaImage`));
  const body = { username: 'admin', password: 'admin123' };
  if (cap.captchaEnabled)
    Object.assign(body, { uuid: cap.uuid, code: (await json(await fetch(`${api.origin}/dev/captcha/${cap.uuid}`))).data.answer });
  const r = await json(
    await fetch(`${api.origin}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  );
  if (r.code !== 200) throw new Error(`sign-in: ${JSON.stringify(r)}`);
  return r.token;
}

function load(url, seconds, onStart) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections: 32, duration: seconds }, (err, result) => (err ? reject(err) : resolve(result)));
    onStart?.(instance);
  });
}

const summary = (r) => ({
  rps: Math.round(r.requests.average),
  p50ms: r.latency.p50,
  p99ms: r.latency.p99,
  total: r.requests.total,
  non2xx: r.non2xx,
  errors: r.errors,
  timeouts: r.timeouts,
});

async function measureScaleOut() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-out-'));
  fs.chmodSync(tmp, 0o755);
  const [pgPort, portA, portB, hostPort, nodePort, ...remotePorts] = await Promise.all(Array.from({ length: 9 }, freePort));
  const names = ['REMOTE_CONTENT', 'REMOTE_SUPPORT', 'REMOTE_ACCOUNT', 'REMOTE_SHELL_ADMIN'];
  const siteEnv = {
    HOST_PORT: String(hostPort),
    HOST_ROOT: path.join(tmp, 'host'),
    RENDER_OUT_DIR: path.join(tmp, 'rendered'),
    ...Object.fromEntries(names.map((n, i) => [`${n}_PORT`, String(remotePorts[i])])),
    ...Object.fromEntries(names.map((n) => [`${n}_ROOT`, path.join(tmp, n.toLowerCase())])),
  };
  fs.mkdirSync(siteEnv.HOST_ROOT);
  fs.writeFileSync(path.join(siteEnv.HOST_ROOT, 'index.html'), '<!doctype html><title>bench</title>');
  const children = [];
  const pg = startPostgres(path.join(tmp, 'pg'), pgPort);
  const report = { cpus: os.cpus().length };
  try {
    const apiEnv = (n) => ({
      DATABASE_URL: pg.url,
      DATA_DIR: path.join(tmp, `data-${n}`),
      SITE_DEV_ENDPOINTS: '1',
      SITE_TEST_ACCOUNTS: '1',
    });
    const [a, b] = await Promise.all([startApi('A', portA, apiEnv('a')), startApi('B', portB, apiEnv('b'))]);
    children.push(a.child, b.child);
    const token = await signIn(a);
    const channelId = (await json(await fetch(`${a.origin}/api/channel`))).find((c) => c.id).id;
    const readPath = `/api/article?channelId=${channelId}&limit=10`;

    // Read throughput: the same nginx configuration with one upstream, then two.
    for (const [label, upstreams] of [
      ['one instance', [a]],
      ['two instances', [a, b]],
    ]) {
      const nginx = await startNginx(path.join(tmp, `nginx-${upstreams.length}`), {
        ...siteEnv,
        API_UPSTREAMS: upstreams.map((u) => u.origin).join(','),
      });
      try {
        await load(`${nginx.origin}${readPath}`, 2); // warm-up: connections, caches
        report[`read ${label}`] = summary(await load(`${nginx.origin}${readPath}`, SECONDS));
      } finally {
        await stopAll([nginx.child]);
      }
    }

    // A write answered by A until B's answer shows it.
    const visible = [];
    let firstRead = 0;
    for (let i = 0; i < WRITES; i++) {
      const created = await json(
        await fetch(`${a.origin}/system/article`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ channelId, title: `可见性 ${i}`, description: '摘要', text: '<p>正文</p>', tags: [], status: 0 }),
        }),
      );
      const answered = performance.now();
      for (let reads = 1; ; reads++) {
        const list = await json(await fetch(`${b.origin}/api/article?channelId=${channelId}&limit=5`));
        if (list.some((x) => x.id === created.data.id)) {
          visible.push(performance.now() - answered);
          if (reads === 1) firstRead++;
          break;
        }
        if (performance.now() - answered > 5000) break;
      }
    }
    const sorted = [...visible].sort((x, y) => x - y);
    report['write on A visible on B'] = {
      writes: WRITES,
      seen: visible.length,
      'on B’s first read': firstRead,
      p50ms: +percentile(sorted, 50).toFixed(1),
      p99ms: +percentile(sorted, 99).toFixed(1),
    };

    // Steady reads through nginx; B is killed a third of the way in.
    const nginx = await startNginx(path.join(tmp, 'nginx-kill'), { ...siteEnv, API_UPSTREAMS: `${a.origin},${b.origin}` });
    children.push(nginx.child);
    const result = await load(`${nginx.origin}${readPath}`, SECONDS, () => setTimeout(() => b.child.kill('SIGKILL'), (SECONDS * 1000) / 3));
    report['reads while B is killed'] = summary(result);

    // The same through the Node host origin's proxy (API_UPSTREAMS), B started again first.
    const b2 = await startApi('B', portB, apiEnv('b'));
    children.push(b2.child);
    const origin = spawn(process.execPath, [path.join(root, 'services/origin-server/src/origin.cjs'), 'host'], {
      env: {
        ...process.env,
        ...siteEnv,
        HOST_PORT: String(nodePort),
        API_UPSTREAMS: `${a.origin},${b2.origin}`,
        API_HEALTH_INTERVAL_MS: '1000',
        SITE_RENDER: '0',
      },
      stdio: 'ignore',
    });
    children.push(origin);
    const nodeOrigin = `http://127.0.0.1:${nodePort}`;
    await waitFor(async () => (await fetch(`${nodeOrigin}/health`)).status === 200, 'the Node host origin', 20_000);
    await load(`${nodeOrigin}${readPath}`, 2);
    const viaNode = await load(`${nodeOrigin}${readPath}`, SECONDS, () => setTimeout(() => b2.child.kill('SIGKILL'), (SECONDS * 1000) / 3));
    report['reads via the Node origin while B is killed'] = summary(viaNode);
  } finally {
    await stopAll(children);
    pg.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  console.log('\nScale-out (docs/deploy.md: nginx, API instances on one PostgreSQL server)');
  console.table(Object.fromEntries(Object.entries(report).filter(([, v]) => typeof v === 'object')));
  return report;
}

if (require.main === module) {
  measureScaleOut().catch((e) => {
    console.error('[bench scale-out]', e);
    process.exitCode = 0;
  });
}

module.exports = { measureScaleOut };
