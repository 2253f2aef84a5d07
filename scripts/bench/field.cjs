#!/usr/bin/env node
/**
 * Issue 37's targets that need no running site (`node scripts/bench/field.cjs`; writes bench-report-field.json):
 *
 * - the web-vitals chunk the field reporting loads after the page is idle: its bytes as the host build wrote them
 *   (host/dist, with the .br and .gz precompress.cjs writes beside it; the bytes the origins send);
 * - the share of canary visitors over 10,000 synthetic new visitors at 10, 30 and 50 %: each a bucket as the host
 *   origin draws it (canary.cjs newBucket) and its side by canary.cjs inCanary, the rule every front door applies.
 *
 * Not measured here (printed as such, null in the report): the entry chunks' delta (needs a build without the
 * reporting to compare with), requests before the page is interactive (needs the site in Chromium) and the time from
 * a broken canary's first failing view to its abort (e2e/tests/deploy-canary.spec.ts measures it in its run).
 * Never fails on numbers.
 */
const fs = require('fs');
const path = require('path');
const { newBucket, inCanary } = require('../../services/origin-server/src/canary.cjs');

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

function measureField() {
  return {
    vitalsChunk: vitalsChunk(),
    entryDelta: null,
    requestsBeforeInteractive: null,
    canaryAbortSeconds: null,
    canaryShares: canaryShares(),
  };
}

function printField(r) {
  console.log('\nField figures and canary (issue 37)');
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
      `  canary share at ${s.percent} %: ${s.inCanary} of ${s.visitors} new visitors = ${s.share.toFixed(2)} % (target within 2 points: ${s.met ? 'met' : 'not met'})`,
    );
}

function main() {
  const report = { date: new Date().toISOString(), ...measureField() };
  printField(report);
  fs.writeFileSync(path.join(root, 'bench-report-field.json'), JSON.stringify(report, null, 2));
  console.log('\nwrote bench-report-field.json');
}

module.exports = { measureField, printField, vitalsChunk, canaryShares, main };

if (require.main === module) main();
