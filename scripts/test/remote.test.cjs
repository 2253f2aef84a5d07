/**
 * Release, publish, roll back and the contract check through the command line, scripts/remote.cjs, on a temporary deploy
 * folder (the library's own tests: shared/releases/test/).
 */
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

const root = path.resolve(__dirname, '../..');
const script = path.join(root, 'scripts/remote.cjs');

function fakeBuild(dir, version, exposes) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({ metaData: { buildInfo: { buildVersion: version } }, exposes: exposes.map((p) => ({ path: p })) }),
  );
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `/* ${version} */`);
}

function run(args, env) {
  return execFileSync(process.execPath, [script, ...args], { env: { ...process.env, ...env }, encoding: 'utf8', stdio: 'pipe' });
}

const supportExposes = ['./Support', './DocumentCentre', './Question', './Video', './VideoDetail'];

test('a released version is immutable; publish points the remotes file at it; rollback is publish again', () => {
  const deploy = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-'));
  const env = { DEPLOY_DIR: deploy };
  for (const v of ['1.0.0', '1.1.0']) {
    const d = path.join(deploy, 'remote-support', v);
    fakeBuild(d, v, supportExposes);
  }
  run(['publish', 'remote-support', '1.1.0'], env);
  const live = () => JSON.parse(fs.readFileSync(path.join(deploy, 'remotes.json'), 'utf8')).remote_support;
  assert.match(live(), /:8082\/1\.1\.0\/mf-manifest\.json$/);
  run(['publish', 'remote-support', '1.0.0'], env);
  assert.match(live(), /\/1\.0\.0\/mf-manifest\.json$/);
  assert.throws(() => run(['publish', 'remote-support', '9.9.9'], env), /not released/);
  assert.match(run(['list', 'remote-support'], env), /\* 1\.0\.0/);
  fs.rmSync(deploy, { recursive: true, force: true });
});

test('[ISSUE-35] publish without a version publishes the newest release and says so; each error says what to do', () => {
  const deploy = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-'));
  const env = { DEPLOY_DIR: deploy };
  try {
    assert.throws(
      () => run(['publish', 'remote-support'], env),
      (e) => /has no release in .*remote\.cjs release remote-support first/.test(String(e.stderr)),
    );
    for (const v of ['1.9.0', '1.10.0', '1.2.3']) fakeBuild(path.join(deploy, 'remote-support', v), v, supportExposes);
    assert.match(
      run(['publish', 'remote-support'], env),
      /publishing the newest release of remote-support, 1\.10\.0[\s\S]*now .*\/1\.10\.0\/mf-manifest\.json/,
    );
    assert.throws(
      () => run(['publish', 'remote-support', '9.9.9'], env),
      (e) => /not released .*released versions are 1\.2\.3, 1\.9\.0, 1\.10\.0/.test(String(e.stderr)),
    );
    assert.throws(
      () => run(['publish', 'remote-nope'], env),
      (e) => /unknown remote folder "remote-nope": name one of remote-content, .*usage: node scripts\/remote\.cjs/.test(String(e.stderr)),
    );
    assert.throws(
      () => run(['publish'], env),
      (e) => /no remote named: name one of/.test(String(e.stderr)),
    );
  } finally {
    fs.rmSync(deploy, { recursive: true, force: true });
  }
});

test('the contract check fails when a manifest lacks a module the host routes to', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'manifest-'));
  fakeBuild(
    dir,
    '1.0.0',
    supportExposes.filter((m) => m !== './VideoDetail'),
  );
  assert.throws(
    () => run(['check', 'remote-support', path.join(dir, 'mf-manifest.json')], {}),
    (e) => /VideoDetail/.test(String(e.stderr)),
  );
  fakeBuild(dir, '1.0.0', supportExposes);
  assert.match(run(['check', 'remote-support', path.join(dir, 'mf-manifest.json')], {}), /contract ok/);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('[ISSUE-26] with a shared storage, publish and rollback write the bucket’s site/remotes.json and list reads it', async () => {
  const S3rver = require('s3rver');
  const { siteStorage, readStored } = require('@site/releases');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(tmp, 's3'),
    configureBuckets: [{ name: 'site', configs: [] }],
  });
  const { port } = await server.run();
  const s3 = {
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: 'site',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  const shared = siteStorage(s3);
  const deploy = path.join(tmp, 'deploy');
  const runAsync = (args) =>
    new Promise((resolve, reject) =>
      require('child_process').execFile(
        process.execPath,
        [script, ...args],
        { env: { ...process.env, ...s3, DEPLOY_DIR: deploy } },
        (err, stdout, stderr) => (err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout)),
      ),
    );
  try {
    for (const v of ['1.0.0', '1.1.0']) fakeBuild(path.join(deploy, 'remote-support', v), v, supportExposes);
    // Another remote's team published before: its entry is kept.
    await shared.storage.put('site/remotes.json', JSON.stringify({ remote_content: 'http://cdn.example.test/c/2.0.0/mf-manifest.json' }));
    const stored = async () => JSON.parse((await readStored(shared.storage, 'site/remotes.json')).bytes.toString('utf8'));
    assert.match(await runAsync(['publish', 'remote-support', '1.1.0']), /remote_support now .*1\.1\.0.* in site\/site\/remotes\.json/);
    const live = await stored();
    assert.strictEqual(live.remote_content, 'http://cdn.example.test/c/2.0.0/mf-manifest.json');
    assert.match(live.remote_support, /:8082\/1\.1\.0\/mf-manifest\.json$/);
    assert.strictEqual((await shared.storage.head('site/remotes.json')).contentType, 'application/json; charset=utf-8');
    await runAsync(['publish', 'remote-support', '1.0.0']);
    assert.match((await stored()).remote_support, /\/1\.0\.0\/mf-manifest\.json$/);
    // This machine's copy follows, and list names the bucket's live version.
    assert.deepStrictEqual(JSON.parse(fs.readFileSync(path.join(deploy, 'remotes.json'), 'utf8')), await stored());
    await shared.storage.put('site/remotes.json', JSON.stringify({ remote_support: 'http://localhost:8082/1.1.0/mf-manifest.json' }));
    assert.match(await runAsync(['list', 'remote-support']), /\* 1\.1\.0/);
  } finally {
    shared.storage.client.destroy();
    await server.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
