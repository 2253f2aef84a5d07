/** Issue 37.3: publish --canary, promote, abort and the release history of scripts/remote.cjs, on a temporary deploy folder. */
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

const root = path.resolve(__dirname, '../..');
const script = path.join(root, 'scripts/remote.cjs');
const supportExposes = ['./Support', './DocumentCentre', './Question', './Video', './VideoDetail'];

function fakeBuild(dir, version) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({ metaData: { buildInfo: { buildVersion: version } }, exposes: supportExposes.map((p) => ({ path: p })) }),
  );
}

const run = (args, env) =>
  execFileSync(process.execPath, [script, ...args], { env: { ...process.env, STORAGE_DRIVER: 'local', ...env }, encoding: 'utf8', stdio: 'pipe' });
const fails = (args, env, pattern) =>
  assert.throws(
    () => run(args, env),
    (e) => pattern.test(String(e.stderr)) || assert.fail(String(e.stderr)),
  );

test('[issue 37.3] publish --canary opens a canary beside the live file; promote makes it live; abort ends it; each step in the history with who and when', () => {
  const deploy = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-canary-'));
  const env = { DEPLOY_DIR: deploy };
  const live = () => JSON.parse(fs.readFileSync(path.join(deploy, 'remotes.json'), 'utf8'));
  const canaryFile = path.join(deploy, 'remotes.canary.json');
  try {
    for (const v of ['1.0.0', '1.1.0', '1.2.0']) fakeBuild(path.join(deploy, 'remote-support', v), v);
    fails(['publish', 'remote-support', '1.1.0', '--canary', '10'], env, /no live version to compare a canary with: publish one first/);
    run(['publish', 'remote-support', '1.0.0', '--by', 'ann'], env);

    const out = run(['publish', 'remote-support', '1.1.0', '--canary', '10', '--by', 'bob'], env);
    assert.match(out, /canary: 10 % of the visitors get remote_support@1\.1\.0/);
    assert.match(live().remote_support, /\/1\.0\.0\/mf-manifest\.json$/, 'the live file is untouched by a canary');
    const canary = JSON.parse(fs.readFileSync(canaryFile, 'utf8'));
    assert.deepStrictEqual(
      { remote: canary.remote, version: canary.version, percent: canary.percent, by: canary.by },
      { remote: 'remote_support', version: '1.1.0', percent: 10, by: 'bob' },
    );
    assert.match(canary.url, /:8082\/1\.1\.0\/mf-manifest\.json$/);
    assert.match(canary.live, /\/1\.0\.0\//);
    assert.ok(!Number.isNaN(Date.parse(canary.started)));
    assert.match(run(['list', 'remote-support'], env), /\* 1\.0\.0\n~ 1\.1\.0 \(canary, 10 %\)/);

    // Errors say what to do.
    fails(
      ['publish', 'remote-support', '1.2.0'],
      env,
      /a canary of remote-support@1\.1\.0 \(10 %\) is open .*promote remote-support .*abort remote-support/,
    );
    fails(['publish', 'remote-support', '1.2.0', '--canary', '5'], env, /is open/);
    fails(['publish', 'remote-support', '1.2.0', '--canary', '100'], env, /--canary 100: give a whole percent from 1 to 99/);
    fails(['publish', 'remote-support', '1.2.0', '--canary'], env, /--canary needs a value/);
    fails(['promote', 'remote-content'], env, /no canary of remote-content is open \(the open one is remote_support@1\.1\.0\)/);

    run(['promote', 'remote-support', '--by', 'carol'], env);
    assert.match(live().remote_support, /\/1\.1\.0\/mf-manifest\.json$/);
    assert.ok(!fs.existsSync(canaryFile), 'promote ends the canary');
    fails(
      ['promote', 'remote-support'],
      env,
      /no canary of remote-support is open: start one with node scripts\/remote\.cjs publish remote-support <version> --canary <percent>/,
    );
    fails(['publish', 'remote-support', '1.1.0', '--canary', '20'], env, /is the live version already/);

    run(['publish', 'remote-support', '1.2.0', '--canary', '50'], env);
    run(['abort', 'remote-support', '--reason', 'slow pages', '--by', 'dan'], env);
    assert.match(live().remote_support, /\/1\.1\.0\//, 'abort leaves the live version');
    assert.ok(!fs.existsSync(canaryFile));
    fails(['abort', 'remote-support'], env, /no canary of remote-support is open: nothing to abort/);

    const steps = fs
      .readFileSync(path.join(deploy, 'releases.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.deepStrictEqual(
      steps.map((s) => [s.action, s.version, s.by, s.percent ?? null, s.reason ?? null]),
      [
        ['publish', '1.0.0', 'ann', null, null],
        ['canary', '1.1.0', 'bob', 10, null],
        ['promote', '1.1.0', 'carol', 10, null],
        ['canary', '1.2.0', os.userInfo().username, 50, null],
        ['abort', '1.2.0', 'dan', 50, 'slow pages'],
      ],
    );
    for (const s of steps) assert.ok(!Number.isNaN(Date.parse(s.at)), 'each step says when');
    assert.match(run(['history', 'remote-support'], env), /abort +remote_support@1\.2\.0 50 % {2}by dan {2}\(slow pages\)/);
  } finally {
    fs.rmSync(deploy, { recursive: true, force: true });
  }
});

test('[issue 37.4] the automatic abort is the abort command with --auto <version>: it ends only the canary it judged, and says why', () => {
  const deploy = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-canary-'));
  const env = { DEPLOY_DIR: deploy };
  try {
    for (const v of ['1.0.0', '2.0.0']) fakeBuild(path.join(deploy, 'remote-support', v), v);
    run(['publish', 'remote-support', '1.0.0'], env);
    run(['publish', 'remote-support', '2.0.0', '--canary', '50'], env);
    fails(
      ['abort', 'remote-support', '--auto', '1.9.0', '--by', 'page-renderer'],
      env,
      /remote-support@1\.9\.0 is not the open canary \(2\.0\.0 is\): nothing aborted/,
    );
    assert.ok(fs.existsSync(path.join(deploy, 'remotes.canary.json')), 'another canary is left alone');
    const reason = 'canary 30 of 30 page views failed (100.0 %), live 0 of 12 (0.0 %)';
    assert.match(run(['abort', 'remote-support', '--auto', '2.0.0', '--by', 'page-renderer', '--reason', reason], env), /aborted \(automatic\)/);
    assert.ok(!fs.existsSync(path.join(deploy, 'remotes.canary.json')));
    const last = JSON.parse(fs.readFileSync(path.join(deploy, 'releases.jsonl'), 'utf8').trim().split('\n').pop());
    assert.deepStrictEqual([last.action, last.by, last.version, last.reason], ['auto-abort', 'page-renderer', '2.0.0', reason]);
    fails(['abort', 'remote-support', '--auto', '2.0.0'], env, /no canary of remote-support is open/);
  } finally {
    fs.rmSync(deploy, { recursive: true, force: true });
  }
});
