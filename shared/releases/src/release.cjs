/**
 * Shipping one remote without touching the host or the other remotes. Every step is a plain file operation a static
 * host or CDN can mirror:
 *
 * - release: a build folder (`<remote-dir>/dist`) copied to `<deployDir>/<remote-dir>/<version>/`, immutable, with a
 *   .br and a .gz beside each text file (precompress.cjs);
 * - publish: the live remotes file (`<deployDir>/remotes.json`) pointed at a released version (a rollback is a
 *   publish of an older one); with `canary`, a canary of it instead (canary.cjs), promoted or aborted later;
 * - check: the federation contract, every module the host routes to is in the remote's manifest.
 *
 * With a shared storage (STORAGE_DRIVER=s3 and the S3_* settings, as the API's) the live remotes file is the bucket's
 * `site/remotes.json`, which every host instance, nginx and the page renderer read: publish and rollback write it there
 * (and `<deployDir>/remotes.json` as this machine's copy), list reads it from there. No host build, no restart.
 *
 * `scripts/remote.cjs` is the command line over this module; the page renderer calls `autoAbort` directly.
 */
const fs = require('fs');
const path = require('path');
const crypto = require('crypto');
const { APPS, portEnvName } = require('@site/build-config/site');
const { requiredExposes } = require('@site/build-config/contract');
const routes = require('@site/contract/routes.json');
const { isCompressedSibling, precompressTree } = require('./precompress.cjs');
const { siteStorage, readStored } = require('./site-storage.cjs');
const { abortCanary, actor, canaryStore, NGINX_CANARY_KEY, nginxCanaryType, variantRemotes } = require('./canary.cjs');

/** The checkout the remote folders are in (each remote's build is `<root>/<remote-dir>/dist`). */
const WORKSPACE_ROOT = path.resolve(__dirname, '../../..');
const USAGE =
  'node scripts/remote.cjs release|publish|list|check <remote-dir> [version|manifest] [--canary <percent>] [--by <name>]; promote|abort <remote-dir> [--by <name>] [--reason <text>]; history [remote-dir]';

/** A remote by its folder (`remote-support`): its name (`remote_support`) and the topology's entry; else what to name. */
function appOf(dir) {
  const entry = Object.entries(APPS).find(([, a]) => a.dir === dir);
  if (!entry || entry[0] === 'host')
    throw new Error(
      `${dir ? `unknown remote folder "${dir}"` : 'no remote named'}: name one of ${Object.values(APPS)
        .filter((a) => a.dir !== 'host')
        .map((a) => a.dir)
        .join(', ')} (usage: ${USAGE})`,
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

function manifestUrl(app, version, env) {
  const port = Number(env[portEnvName(app.name)] || app.port);
  return `http://${env.PUBLIC_HOST || 'localhost'}:${port}/${version}/mf-manifest.json`;
}

/**
 * nginx's copy of the open canary (canary.cjs NGINX_CANARY_KEY, shared storage only): the canary visitors' remotes
 * file, its percent in the content type. Written with the canary and whenever the live file changes during it;
 * removed when it ends (before the state: nginx sends everyone to the live version first).
 */
async function writeNginxCanary(shared, live, canary) {
  if (!shared) return;
  await shared.storage.put(NGINX_CANARY_KEY, JSON.stringify(variantRemotes(live, canary), null, 2) + '\n', {
    contentType: nginxCanaryType(canary.percent),
  });
}

async function removeNginxCanary(shared) {
  if (shared) await shared.storage.delete(NGINX_CANARY_KEY);
}

/** A storage failure with what to check: the settings are the API's (docs/deploy.md, section 3). */
function storageError(e, shared) {
  return new Error(
    `the shared storage did not answer (${e.name || 'Error'}: ${e.message}): check STORAGE_DRIVER, S3_ENDPOINT, S3_BUCKET (${shared.bucket}; it must exist), S3_REGION, S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY and S3_FORCE_PATH_STYLE in this environment (the API's values; docs/deploy.md, section 3); nothing was published`,
  );
}

/** Runs `fn(shared)` with the site's shared storage of `env` (null: none) and lets its connections go afterwards. */
async function withStorage(env, fn) {
  const shared = siteStorage(env);
  try {
    return await fn(shared);
  } finally {
    shared?.storage.client?.destroy();
  }
}

/**
 * The releases of one deploy folder.
 * @param {{deployDir: string, root?: string, log?: (line: string) => void}} options `root`: the checkout whose
 * `<remote-dir>/dist` a release copies (default: this workspace); `log`: where each step is told (default console.log).
 */
function releases({ deployDir, root = WORKSPACE_ROOT, log = console.log }) {
  if (!deployDir) throw new Error('releases({ deployDir }): name the deploy folder (DEPLOY_DIR)');
  deployDir = path.resolve(deployDir);
  const remotesFile = path.join(deployDir, 'remotes.json');

  function readRemotes() {
    return fs.existsSync(remotesFile) ? JSON.parse(fs.readFileSync(remotesFile, 'utf8')) : {};
  }

  /** The live remotes file: the shared storage's when there is one (null: this machine's remotes.json). */
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

  /** The contract: the manifest (default: the remote's build) exposes every module the host routes to. */
  function check(dir, manifestPath) {
    const app = appOf(dir);
    const file = manifestPath || path.join(root, dir, 'dist', 'mf-manifest.json');
    if (!fs.existsSync(file))
      throw new Error(
        manifestPath
          ? `${dir}: no manifest at ${file}: give the path of a built mf-manifest.json`
          : `${dir}: no manifest at ${file}: build it first (pnpm --filter @site/${dir} build, or node scripts/build.cjs ${dir})`,
      );
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
    const exposed = new Set(manifest.exposes.map((e) => e.path));
    const missing = (requiredExposes(routes)[app.name] || []).filter((m) => !exposed.has(m));
    if (missing.length)
      throw new Error(`${dir}: the host routes to ${missing.join(', ')} but the manifest does not expose ${missing.length > 1 ? 'them' : 'it'}`);
    return manifest;
  }

  /**
   * @param {{onConflict?: 'fail'|'suffix', dist?: string}} [opts] 'suffix' (npm start) releases changed files of an unchanged
   * version as <version>-<hash>; `dist` another build folder than <remote-dir>/dist (tests).
   */
  function release(dir, opts = {}) {
    const app = appOf(dir);
    const dist = opts.dist || path.join(root, dir, 'dist');
    const manifest = check(dir, opts.dist && path.join(opts.dist, 'mf-manifest.json'));
    let version = manifest.metaData.buildInfo.buildVersion;
    let target = path.join(deployDir, dir, version);
    if (fs.existsSync(target) && hashDir(target) !== hashDir(dist) && opts.onConflict === 'suffix') {
      version = `${version}-${hashDir(dist).slice(0, 8)}`;
      target = path.join(deployDir, dir, version);
    }
    if (fs.existsSync(target)) {
      if (hashDir(target) === hashDir(dist)) {
        log(`[remote] ${dir}@${version} already released (same files)`);
        return version;
      }
      throw new Error(
        `${dir}@${version} is already released with other files: versions are immutable; bump the version in ${dir}/package.json, build and release again`,
      );
    }
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.cpSync(dist, target, { recursive: true });
    log(`[remote] released ${app.name}@${version} -> ${path.relative(root, target)}`);
    return version;
  }

  /** A release, then its .br/.gz siblings (the bytes the Node origin sends; nginx's gzip_static/brotli_static). */
  async function releaseCompressed(dir, opts = {}) {
    const version = release(dir, opts);
    const written = await precompressTree(path.join(deployDir, dir, version));
    if (written) log(`[remote] ${dir}@${version}: ${written} compressed copies (.br, .gz) written beside its text files`);
    return version;
  }

  /** The released versions of a remote (folders with a manifest), oldest first: by version number, then release time. */
  function releasedVersions(dir) {
    const folder = path.join(deployDir, dir);
    const versions = fs.existsSync(folder) ? fs.readdirSync(folder).filter((v) => fs.existsSync(path.join(folder, v, 'mf-manifest.json'))) : [];
    // `1.2.0-3f9a1c2e` (npm start's release of changed files under an unchanged version) ranks with 1.2.0, by time.
    const core = (v) => (v.match(/^(\d+)\.(\d+)\.(\d+)/) || [0, -1, -1, -1]).slice(1).map(Number);
    const time = (v) => fs.statSync(path.join(folder, v, 'mf-manifest.json')).mtimeMs;
    return versions.sort((a, b) => {
      const [x, y] = [core(a), core(b)];
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2] || time(a) - time(b) || a.localeCompare(b);
    });
  }

  /**
   * Points the live remotes file at a released version (a rollback is a publish of an older one); none: the newest.
   * `opts.canary` (1..99): instead, opens a canary of that version for that share of the visitors (canary.cjs); the live
   * file is left as it is. `opts.by`: who, for the release history (default: the OS user).
   */
  async function publish(dir, version, env = process.env, opts = {}) {
    const app = appOf(dir);
    const percent = opts.canary === undefined ? null : Number(opts.canary);
    if (percent !== null && !(Number.isInteger(percent) && percent >= 1 && percent <= 99))
      throw new Error(
        `--canary ${opts.canary}: give a whole percent from 1 to 99 (the share of visitors sent to the new version; 100 % is node scripts/remote.cjs publish ${dir} <version>)`,
      );
    if (!version) {
      version = releasedVersions(dir).pop();
      if (!version)
        throw new Error(
          `${dir} has no release in ${path.join(deployDir, dir)}: build it and run node scripts/remote.cjs release ${dir} first (DEPLOY_DIR is ${deployDir})`,
        );
      log(`[remote] no version given: publishing the newest release of ${dir}, ${version}`);
    }
    const target = path.join(deployDir, dir, version, 'mf-manifest.json');
    if (!fs.existsSync(target)) {
      const have = releasedVersions(dir);
      throw new Error(
        `${dir}@${version} is not released (no ${target}): ${
          have.length ? `released versions are ${have.join(', ')}` : `release it first with node scripts/remote.cjs release ${dir}`
        }`,
      );
    }
    check(dir, target);
    const by = actor(opts.by, env);
    return withStorage(env, async (shared) => {
      const store = canaryStore(deployDir, shared);
      const map = await readLiveRemotes(shared).catch((e) => {
        throw storageError(e, shared);
      });
      const open = await store.read().catch((e) => {
        throw storageError(e, shared);
      });
      if (open && open.remote === app.name)
        throw new Error(
          `a canary of ${dir}@${open.version} (${open.percent} %) is open since ${open.started}: end it first with node scripts/remote.cjs promote ${dir} (make it live for all) or node scripts/remote.cjs abort ${dir}`,
        );
      if (open && percent !== null)
        throw new Error(
          `a canary of ${open.remote}@${open.version} is open: one canary at a time; promote or abort it first (node scripts/remote.cjs promote|abort ${APPS[open.remote]?.dir ?? open.remote})`,
        );
      if (percent !== null) {
        if (!map[app.name])
          throw new Error(
            `${dir} has no live version to compare a canary with: publish one first (node scripts/remote.cjs publish ${dir} <version>)`,
          );
        const url = manifestUrl(app, version, env);
        if (url === map[app.name]) throw new Error(`${dir}@${version} is the live version already: a canary needs another release`);
        const canary = { remote: app.name, version, url, percent, started: new Date().toISOString(), by, live: map[app.name] };
        await store.write(canary).catch((e) => {
          throw storageError(e, shared);
        });
        await writeNginxCanary(shared, map, canary);
        await store.record({ by, action: 'canary', remote: app.name, version, percent, live: map[app.name] });
        log(
          `[remote] canary: ${percent} % of the visitors get ${app.name}@${version} (${url}), the others ${map[app.name]}; end it with node scripts/remote.cjs promote ${dir} or abort ${dir}`,
        );
        return canary;
      }
      const previous = map[app.name];
      map[app.name] = manifestUrl(app, version, env);
      const body = JSON.stringify(map, null, 2) + '\n';
      // One object replaced whole: a reader gets the old file or the new one.
      if (shared)
        await shared.storage.put(shared.remotesKey, body, { contentType: 'application/json; charset=utf-8' }).catch((e) => {
          throw storageError(e, shared);
        });
      writeRemotes(map);
      // Another remote's release during a canary: the canary visitors' file nginx serves follows the live one.
      if (open) await writeNginxCanary(shared, map, open);
      await store.record({ by, action: 'publish', remote: app.name, version, ...(previous ? { previous } : {}) });
      log(
        `[remote] ${app.name} now ${map[app.name]}${previous ? ` (was ${previous})` : ''}${shared ? ` in ${shared.bucket}/${shared.remotesKey}` : ''}`,
      );
      return undefined;
    });
  }

  /**
   * The canary store and its open canary, when that is this remote's; otherwise an error that names the open one
   * (with `hint(open)` after it) and ends with `what` to do. promote and abort act only on their own remote's canary.
   */
  async function ownCanary(shared, dir, app, hint, what) {
    const store = canaryStore(deployDir, shared);
    const open = await store.read().catch((e) => {
      throw storageError(e, shared);
    });
    if (!open || open.remote !== app.name)
      throw new Error(`no canary of ${dir} is open${open ? ` (the open one is ${open.remote}@${open.version}${hint(open)})` : ''}: ${what}`);
    return { store, open };
  }

  /** Makes the open canary of this remote live for everyone: the live remotes file points at it, the canary ends. */
  async function promote(dir, env = process.env, opts = {}) {
    const app = appOf(dir);
    const by = actor(opts.by, env);
    return withStorage(env, async (shared) => {
      const start = `start one with node scripts/remote.cjs publish ${dir} <version> --canary <percent>`;
      const { store, open } = await ownCanary(shared, dir, app, () => '', start);
      const map = await readLiveRemotes(shared);
      const previous = map[app.name];
      map[app.name] = open.url;
      const body = JSON.stringify(map, null, 2) + '\n';
      // The live file first, then the canary ends: a reader in between sees the new version on both sides.
      if (shared) await shared.storage.put(shared.remotesKey, body, { contentType: 'application/json; charset=utf-8' });
      writeRemotes(map);
      await removeNginxCanary(shared);
      await store.clear();
      await store.record({
        by,
        action: 'promote',
        remote: app.name,
        version: open.version,
        percent: open.percent,
        ...(previous ? { previous } : {}),
      });
      log(`[remote] promoted: ${app.name}@${open.version} is live for all (was ${previous})`);
      return open;
    });
  }

  /** Ends the open canary of this remote by a person's decision: everyone keeps the live version (canary.cjs abortCanary). */
  async function abort(dir, env = process.env, opts = {}) {
    const app = appOf(dir);
    return withStorage(env, async (shared) => {
      const abortIt = (o) => `: node scripts/remote.cjs abort ${APPS[o.remote]?.dir ?? o.remote}`;
      const { store, open } = await ownCanary(shared, dir, app, abortIt, 'nothing to abort');
      await removeNginxCanary(shared).catch((e) => {
        throw storageError(e, shared);
      });
      await abortCanary(store, { by: actor(opts.by, env), reason: opts.reason, remote: app.name });
      log(`[remote] aborted: the canary of ${app.name}@${open.version} is over; everyone gets ${open.live}${opts.reason ? ` (${opts.reason})` : ''}`);
      return open;
    });
  }

  /**
   * The automatic abort (the page renderer's, from the field figures; `abort --auto` on the command line): ends the
   * canary of `judged.remote` at `judged.version` only if that is still the open one, recorded as `auto-abort` with
   * `reason`. A canary promoted, aborted or replaced meanwhile is left alone. Answers `{ ended, open }`: the canary it
   * ended (null: none) and the one it found open (null: none).
   */
  async function autoAbort(judged, { by, reason } = {}, env = process.env) {
    return withStorage(env, async (shared) => {
      const store = canaryStore(deployDir, shared);
      const open = await store.read().catch((e) => {
        throw storageError(e, shared);
      });
      if (!open || open.remote !== judged.remote || open.version !== judged.version) return { ended: null, open };
      await removeNginxCanary(shared).catch((e) => {
        throw storageError(e, shared);
      });
      const ended = await abortCanary(store, { by: actor(by, env), reason, remote: judged.remote, version: judged.version, action: 'auto-abort' });
      if (ended)
        log(
          `[remote] aborted (automatic): the canary of ${ended.remote}@${ended.version} is over; everyone gets ${ended.live}${reason ? ` (${reason})` : ''}`,
        );
      return { ended, open };
    });
  }

  /** The release history (every publish, canary, promote, abort, automatic abort), oldest first; one remote's or all. */
  async function history(dir, env = process.env) {
    const app = dir ? appOf(dir) : null;
    return withStorage(env, async (shared) => {
      const steps = (await canaryStore(deployDir, shared).history()).filter((s) => !app || s.remote === app.name);
      for (const s of steps)
        log(
          `${s.at}  ${String(s.action).padEnd(10)} ${s.remote}@${s.version}${s.percent ? ` ${s.percent} %` : ''}  by ${s.by}${s.reason ? `  (${s.reason})` : ''}`,
        );
      return steps;
    });
  }

  /** The released versions of a remote, each marked `*` (live) or `~` (the open canary); oldest first. */
  async function list(dir, env = process.env) {
    const app = appOf(dir);
    const { live, open } = await withStorage(env, async (shared) => ({
      live:
        (
          await readLiveRemotes(shared).catch((e) => {
            throw storageError(e, shared);
          })
        )[app.name] || '',
      open: await canaryStore(deployDir, shared).read(),
    }));
    const versions = releasedVersions(dir);
    const canary = open && open.remote === app.name ? open : null;
    for (const v of versions)
      log(
        `${live.includes(`/${v}/`) ? '*' : canary && canary.version === v ? '~' : ' '} ${v}${canary && canary.version === v ? ` (canary, ${canary.percent} %)` : ''}`,
      );
    return versions;
  }

  return {
    deployDir,
    remotesFile,
    check,
    release,
    releaseCompressed,
    releasedVersions,
    readRemotes,
    publish,
    promote,
    abort,
    autoAbort,
    history,
    list,
  };
}

module.exports = { releases, appOf, USAGE };
