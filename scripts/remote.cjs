#!/usr/bin/env node
/**
 * Ship one remote without touching the host or the other remotes. Every step is a plain file operation
 * a static host or CDN can mirror.
 *
 *   node scripts/remote.cjs release <remote-dir>            copy its build (dist/) to deploy/<remote-dir>/<version>/ (immutable)
 *   node scripts/remote.cjs publish <remote-dir> <version>  point deploy/remotes.json at that version (also: rollback)
 *   node scripts/remote.cjs list <remote-dir>               versions on disk and the live one
 *   node scripts/remote.cjs check <remote-dir> [manifest]   the contract: its manifest exposes every module the host routes to
 *
 * DEPLOY_DIR (default ./deploy) holds the versions and remotes.json; PUBLIC_HOST and <NAME>_PORT make the URLs.
 * With a shared storage (STORAGE_DRIVER=s3 and the S3_* settings, as the API's; issue 26) the live remotes file is the
 * bucket's `site/remotes.json`, which every host instance, nginx and the page renderer read: publish and rollback
 * write it there (and deploy/remotes.json as this machine's copy), list reads it from there. No host build, no restart.
 */
const fs = require('fs');
const path = require('path');
const crypto = require('crypto');
const { APPS, portEnvName } = require('../shared/build-config/site.cjs');
const { requiredExposes } = require('./lib/contract.cjs');
const { isCompressedSibling } = require('../services/origin-server/src/precompress.cjs');
const { siteStorage, readStored } = require('../services/origin-server/src/site-storage.cjs');

const root = path.resolve(__dirname, '..');
const deployDir = path.resolve(process.env.DEPLOY_DIR || path.join(root, 'deploy'));
const remotesFile = path.join(deployDir, 'remotes.json');

function appOf(dir) {
  const entry = Object.entries(APPS).find(([, a]) => a.dir === dir);
  if (!entry || entry[0] === 'host')
    throw new Error(
      `unknown remote folder "${dir}" (one of ${Object.values(APPS)
        .filter((a) => a.dir !== 'host')
        .map((a) => a.dir)
        .join(', ')})`,
    );
  return { name: entry[0], ...entry[1] };
}

function hashDir(dir) {
  const h = crypto.createHash('sha256');
  for (const f of fs.readdirSync(dir, { recursive: true }).sort()) {
    // The .br/.gz the static server writes beside a release's files are derived from them, not part of it.
    if (isCompressedSibling(f) || f.endsWith('.tmp')) continue;
    const p = path.join(dir, f);
    if (fs.statSync(p).isFile()) h.update(f).update(fs.readFileSync(p));
  }
  return h.digest('hex');
}

function readRemotes() {
  return fs.existsSync(remotesFile) ? JSON.parse(fs.readFileSync(remotesFile, 'utf8')) : {};
}

/** The live remotes file: the shared storage's when there is one (null: this machine's deploy/remotes.json). */
async function readLiveRemotes(shared) {
  if (!shared) return readRemotes();
  const stored = await readStored(shared.storage, shared.remotesKey);
  return stored ? JSON.parse(stored.bytes.toString('utf8')) : {};
}

function writeRemotes(map) {
  fs.mkdirSync(deployDir, { recursive: true });
  const tmp = `${remotesFile}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(map, null, 2) + '\n');
  fs.renameSync(tmp, remotesFile); // atomic: the host never reads half a file
}

function manifestUrl(app, version) {
  const port = Number(process.env[portEnvName(app.name)] || app.port);
  return `http://${process.env.PUBLIC_HOST || 'localhost'}:${port}/${version}/mf-manifest.json`;
}

function check(dir, manifestPath) {
  const app = appOf(dir);
  const file = manifestPath || path.join(root, dir, 'dist', 'mf-manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${dir}: no manifest at ${file} (build it first)`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
  const exposed = new Set(manifest.exposes.map((e) => e.path));
  const missing = (requiredExposes()[app.name] || []).filter((m) => !exposed.has(m));
  if (missing.length)
    throw new Error(`${dir}: the host routes to ${missing.join(', ')} but the manifest does not expose ${missing.length > 1 ? 'them' : 'it'}`);
  return manifest;
}

/** @param {{onConflict?: 'fail'|'suffix'}} [opts] 'suffix' (npm start) releases changed files of an unchanged version as <version>-<hash>. */
function release(dir, opts = {}) {
  const app = appOf(dir);
  const dist = path.join(root, dir, 'dist');
  const manifest = check(dir);
  let version = manifest.metaData.buildInfo.buildVersion;
  let target = path.join(deployDir, dir, version);
  if (fs.existsSync(target) && hashDir(target) !== hashDir(dist) && opts.onConflict === 'suffix') {
    version = `${version}-${hashDir(dist).slice(0, 8)}`;
    target = path.join(deployDir, dir, version);
  }
  if (fs.existsSync(target)) {
    if (hashDir(target) === hashDir(dist)) {
      console.log(`[remote] ${dir}@${version} already released (same files)`);
      return version;
    }
    throw new Error(`${dir}@${version} is already released with other files: versions are immutable, bump the version in ${dir}/package.json`);
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.cpSync(dist, target, { recursive: true });
  console.log(`[remote] released ${app.name}@${version} -> ${path.relative(root, target)}`);
  return version;
}

/** Points the live remotes file at a released version (a rollback is a publish of an older one). */
async function publish(dir, version, env = process.env) {
  const app = appOf(dir);
  const target = path.join(deployDir, dir, version, 'mf-manifest.json');
  if (!fs.existsSync(target)) throw new Error(`${dir}@${version} is not released (no ${path.relative(root, target)})`);
  check(dir, target);
  const shared = siteStorage(env);
  try {
    const map = await readLiveRemotes(shared);
    const previous = map[app.name];
    map[app.name] = manifestUrl(app, version);
    const body = JSON.stringify(map, null, 2) + '\n';
    // One object replaced whole: a reader gets the old file or the new one.
    if (shared) await shared.storage.put(shared.remotesKey, body, { contentType: 'application/json; charset=utf-8' });
    writeRemotes(map);
    console.log(
      `[remote] ${app.name} now ${map[app.name]}${previous ? ` (was ${previous})` : ''}${shared ? ` in ${shared.bucket}/${shared.remotesKey}` : ''}`,
    );
  } finally {
    shared?.storage.client?.destroy();
  }
}

async function list(dir, env = process.env) {
  const app = appOf(dir);
  const folder = path.join(deployDir, dir);
  const shared = siteStorage(env);
  let live;
  try {
    live = (await readLiveRemotes(shared))[app.name] || '';
  } finally {
    shared?.storage.client?.destroy();
  }
  const versions = fs.existsSync(folder) ? fs.readdirSync(folder).filter((v) => fs.existsSync(path.join(folder, v, 'mf-manifest.json'))) : [];
  for (const v of versions) console.log(`${live.includes(`/${v}/`) ? '*' : ' '} ${v}`);
  return versions;
}

module.exports = { release, publish, list, check, readRemotes, remotesFile, deployDir };

async function main(cmd, dir, arg) {
  if (cmd === 'release') release(dir);
  else if (cmd === 'publish') await publish(dir, arg);
  else if (cmd === 'list') await list(dir);
  else if (cmd === 'check') {
    check(dir, arg);
    console.log(`[remote] ${dir}: contract ok`);
  } else {
    console.error('usage: remote.cjs release|publish|list|check <remote-dir> [version|manifest]');
    process.exit(2);
  }
}

if (require.main === module) {
  main(...process.argv.slice(2)).catch((e) => {
    console.error(`[remote] ${e.message}`);
    process.exit(1);
  });
}
