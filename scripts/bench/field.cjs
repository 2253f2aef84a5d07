#!/usr/bin/env node
/**
 * The field and canary targets that need no running site (`node scripts/bench/field.cjs`; writes bench-report-field.json):
 *
 * - the web-vitals chunk the field reporting loads after the page is idle: its bytes as the host build wrote them
 *   (host/dist, with the .br and .gz precompress.cjs writes beside it; the bytes the origins send);
 * - the share of canary visitors over 10,000 synthetic new visitors at 10, 30 and 50 %: each a bucket as the host
 *   origin draws it (canary.cjs newBucket) and its side by canary.cjs inCanary, the rule every front door applies;
 *   and at nginx (render-nginx.cjs's split_clients), 10,000 new visitors' /remotes.json in a 30 % canary.
 *
 * Not measured here (printed as such, null in the report): the entry chunks' delta (needs a build without the
 * reporting to compare with), requests before the page is interactive (needs the site in Chromium) and the time from
 * a broken canary's first failing view to its abort (e2e/tests/deploy-canary.spec.ts measures it in its run).
 * Never fails on numbers.
 */
const fs = require('fs');
const path = require('path');
const { newBucket, inCanary, siteStorage, NGINX_CANARY_KEY, nginxCanaryType } = require('@site/releases');

const root = path.resolve(__dirname, '../..');
const HOST_DIST = path.join(root, 'host/dist');
const VISITORS = 10_000;

/** The web-vitals chunk's bytes (identity, br, gzip), or null without a host build. */
function vitalsChunk(dist = HOST_DIST) {
  const name = fs.existsSync(dist) ? fs.readdirSync(dist).find((f) => /^web-vitals\.[0-9a-f]+\.js$/.test(f)) : undefined;
  if (!name) return null;
  const size = (f) => (fs.existsSync(path.join(dist, f)) ? fs.statSync(path.join(dist, f)).size : null);
  return { file: name, identity: size(name), br: size(`${name}.br`), gzip: size(`${name}.gz`) };
}

/** The share of VISITORS new visitors in a canary of each percent (canary.cjs's own rule). */
function canaryShares(percents = [10, 30, 50], visitors = VISITORS) {
  return percents.map((percent) => {
    const canary = { remote: 'remote_support', url: 'http://x/1.1.0/mf-manifest.json', percent };
    let inIt = 0;
    for (let i = 0; i < visitors; i++) if (inCanary(newBucket(), canary)) inIt += 1;
    const share = (100 * inIt) / visitors;
    return { percent, visitors, inCanary: inIt, share, offBy: Math.abs(share - percent), met: Math.abs(share - percent) <= 2 };
  });
}

/**
 * The same share at the nginx front door (render-nginx.cjs: split_clients on the request id for a new visitor):
 * Debian's nginx on a throwaway s3rver bucket holding a 30 % canary as the release script writes it, `visitors`
 * requests for /remotes.json without a cookie; each answer's Set-Cookie bucket and the remotes file it got. Null
 * (with the reason) when nginx is not installed.
 */
async function nginxShare(percent = 30, visitors = VISITORS) {
  const os = require('os');
  const http = require('http');
  const { NGINX, freePortsIn, startS3, startStorageNginx, stopAll } = require('@site/origin-server/tools/cluster.cjs');
  if (!fs.existsSync(NGINX)) return { error: `no ${NGINX}` };
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-field-'));
  fs.chmodSync(tmp, 0o755);
  const [hostPort, apiPort, ...remotePorts] = await freePortsIn(6, 23000, 24000);
  const s3 = await startS3(path.join(tmp, 's3'), { bucket: 'bench-field' });
  const api = http.createServer((_q, r) => r.end('ok')).listen(apiPort, '127.0.0.1');
  const shared = siteStorage(s3.env);
  let nginx;
  try {
    const live = { remote_support: 'http://127.0.0.1/1.0.0/mf-manifest.json' };
    await shared.storage.put('site/remotes.json', JSON.stringify(live));
    await shared.storage.put(NGINX_CANARY_KEY, JSON.stringify({ remote_support: 'http://127.0.0.1/1.1.0/mf-manifest.json' }), {
      contentType: nginxCanaryType(percent),
    });
    const hostRoot = path.join(tmp, 'host');
    fs.mkdirSync(hostRoot);
    fs.writeFileSync(path.join(hostRoot, 'index.html'), '<p>app</p>');
    nginx = await startStorageNginx(path.join(tmp, 'nginx'), {
      s3Env: s3.env,
      hostPort,
      hostRoot,
      deployDir: path.join(tmp, 'deploy'),
      apiUpstreams: `http://127.0.0.1:${apiPort}`,
      remotePorts,
    });
    let inIt = 0;
    let mismatched = 0;
    const one = async () => {
      const res = await fetch(`${nginx.origin}/remotes.json`);
      const b = Number(/^site_bucket=(\d+);/.exec(res.headers.get('set-cookie') ?? '')?.[1]);
      const canary = (await res.text()).includes('/1.1.0/');
      if (canary) inIt += 1;
      if (canary !== b < percent) mismatched += 1;
    };
    for (let i = 0; i < visitors; i += 20) await Promise.all(Array.from({ length: Math.min(20, visitors - i) }, one));
    const share = (100 * inIt) / visitors;
    return { percent, visitors, inCanary: inIt, share, offBy: Math.abs(share - percent), met: Math.abs(share - percent) <= 2, mismatched };
  } catch (e) {
    return { error: String(e.message ?? e).slice(0, 300) };
  } finally {
    shared.storage.client?.destroy();
    await stopAll([nginx?.child]);
    api.close();
    await s3.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

async function measureField() {
  return {
    vitalsChunk: vitalsChunk(),
    entryDelta: null,
    requestsBeforeInteractive: null,
    canaryAbortSeconds: null,
    canaryShares: canaryShares(),
    nginxShare: await nginxShare(),
  };
}

function printField(r) {
  console.log('\nField figures and canary');
  const c = r.vitalsChunk;
  console.log(
    c
      ? `  web-vitals chunk (after load and idle): ${c.file} ${c.identity} B, br ${c.br ?? '?'} B, gzip ${c.gzip ?? '?'} B`
      : '  web-vitals chunk: no host/dist build (npm run build)',
  );
  console.log('  entry chunks delta: not measured here (needs a build without the reporting)');
  console.log('  requests before interactive: not measured here (needs the site in Chromium)');
  console.log('  broken canary to automatic abort: not measured here (e2e/tests/deploy-canary.spec.ts measures it)');
  for (const s of r.canaryShares)
    console.log(
      `  canary share at ${s.percent} % (canary.cjs): ${s.inCanary} of ${s.visitors} new visitors = ${s.share.toFixed(2)} % (target within 2 points: ${s.met ? 'met' : 'not met'})`,
    );
  const n = r.nginxShare;
  console.log(
    n.error
      ? `  canary share at nginx: not measured (${n.error})`
      : `  canary share at nginx, ${n.percent} %: ${n.inCanary} of ${n.visitors} new visitors = ${n.share.toFixed(2)} % (target within 2 points: ${n.met ? 'met' : 'not met'}); answers not matching their new cookie: ${n.mismatched}`,
  );
}

async function main() {
  const report = { date: new Date().toISOString(), ...(await measureField()) };
  printField(report);
  fs.writeFileSync(path.join(root, 'bench-report-field.json'), JSON.stringify(report, null, 2));
  console.log('\nwrote bench-report-field.json');
}

module.exports = { measureField, printField, vitalsChunk, canaryShares, main };

if (require.main === module) main().catch((e) => console.error('[bench]', e));
