/** Release, publish, roll back and the contract check of scripts/remote.cjs, on a temporary deploy folder. */
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
