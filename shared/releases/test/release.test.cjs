/**
 * The library called as the processes call it (the release script's command line has its own tests in scripts/test/):
 * a release with its compressed copies, and the automatic abort the page renderer calls, on a temporary deploy folder.
 */
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const zlib = require('zlib');
const { releases } = require('@site/releases');

const supportExposes = ['./Support', './DocumentCentre', './Question', './Video', './VideoDetail'];

function fakeBuild(dir, version) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({ metaData: { buildInfo: { buildVersion: version } }, exposes: supportExposes.map((p) => ({ path: p })) }),
  );
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `/* ${version} */`);
}

/** A deploy folder in a temporary directory, its steps' lines collected instead of printed. */
function desk() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'releases-'));
  const lines = [];
  const r = releases({ deployDir: path.join(tmp, 'deploy'), root: tmp, log: (line) => lines.push(line) });
  return { tmp, lines, r, done: () => fs.rmSync(tmp, { recursive: true, force: true }) };
}
const LOCAL = { STORAGE_DRIVER: 'local' };

test('[ISSUE-35] a release is precompressed: .br and .gz beside each text file, the bytes the Node origin sends', async () => {
  const { tmp, lines, r, done } = desk();
  const dist = path.join(tmp, 'dist');
  try {
    fakeBuild(dist, '2.0.0');
    const big = `console.log(${JSON.stringify('远程模块'.repeat(400))});\n`;
    fs.mkdirSync(path.join(dist, 'static/js'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'static/js/main.0123abcd.js'), big);
    fs.writeFileSync(path.join(dist, 'static/js/logo.png'), Buffer.alloc(2048, 7));
    assert.strictEqual(await r.releaseCompressed('remote-support', { dist }), '2.0.0');
    assert.match(lines.join('\n'), /released remote_support@2\.0\.0[\s\S]*2 compressed copies \(\.br, \.gz\)/);
    const file = path.join(r.deployDir, 'remote-support/2.0.0/static/js/main.0123abcd.js');
    assert.strictEqual(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString(), big);
    assert.strictEqual(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString(), big);
    assert.ok(!fs.existsSync(path.join(r.deployDir, 'remote-support/2.0.0/static/js/logo.png.gz')), 'only text files');
    assert.ok(!fs.existsSync(path.join(r.deployDir, 'remote-support/2.0.0/remoteEntry.js.gz')), 'not below 512 bytes');
    // The siblings are derived: releasing the same build again is the same release.
    assert.strictEqual(r.release('remote-support', { dist }), '2.0.0');
    assert.match(lines.at(-1), /already released \(same files\)/);
  } finally {
    done();
  }
});

test('[issue 46.2] the automatic abort is a function: it ends only the canary it judged and answers what it found, with no error to parse', async () => {
  const { r, done } = desk();
  try {
    for (const v of ['1.0.0', '2.0.0']) fakeBuild(path.join(r.deployDir, 'remote-support', v), v);
    await r.publish('remote-support', '1.0.0', LOCAL);
    assert.deepStrictEqual(await r.autoAbort({ remote: 'remote_support', version: '2.0.0' }, { by: 'page-renderer' }, LOCAL), {
      ended: null,
      open: null,
    });
    const canary = await r.publish('remote-support', '2.0.0', LOCAL, { canary: 50, by: 'ann' });
    const stateFile = path.join(r.deployDir, 'remotes.canary.json');

    // Another version than the open canary (promoted and replaced since it was judged): left alone.
    const other = await r.autoAbort({ remote: 'remote_support', version: '1.9.0' }, { by: 'page-renderer' }, LOCAL);
    assert.strictEqual(other.ended, null);
    assert.strictEqual(other.open.version, '2.0.0');
    assert.ok(fs.existsSync(stateFile));

    const reason = 'canary 30 of 30 visitors failed (100.0 %), live 0 of 12 (0.0 %)';
    const { ended } = await r.autoAbort({ remote: 'remote_support', version: '2.0.0' }, { by: 'page-renderer', reason }, LOCAL);
    assert.deepStrictEqual(ended, canary);
    assert.ok(!fs.existsSync(stateFile), 'the canary state is removed');
    assert.match(JSON.parse(fs.readFileSync(r.remotesFile, 'utf8')).remote_support, /\/1\.0\.0\//, 'the live version stays');
    const last = (await r.history('remote-support', LOCAL)).at(-1);
    assert.deepStrictEqual([last.action, last.by, last.version, last.percent, last.reason], ['auto-abort', 'page-renderer', '2.0.0', 50, reason]);
    assert.deepStrictEqual(await r.autoAbort({ remote: 'remote_support', version: '2.0.0' }, { by: 'page-renderer' }, LOCAL), {
      ended: null,
      open: null,
    });
  } finally {
    done();
  }
});

test('[issue 46.2] index.d.cts declares exactly what index.cjs exports (the TypeScript packages see the real names)', () => {
  const declared = [...fs.readFileSync(path.join(__dirname, '../index.d.cts'), 'utf8').matchAll(/^export declare (?:const|function) (\w+)/gm)].map(
    (m) => m[1],
  );
  assert.deepStrictEqual([...new Set(declared)].sort(), Object.keys(require('@site/releases')).sort());
});
