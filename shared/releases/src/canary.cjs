/**
 * A canary release: one remote's new version served to a share of the visitors while everyone else keeps
 * the live one. One module for every process that takes part, so they all decide alike:
 *
 * - the state is one small JSON object beside the remotes file, `remotes.canary.json` (with a shared storage the key
 *   `site/remotes.canary.json`): `{ remote, version, url, percent, started, by, live }`. No such object: no canary.
 *   The live remotes file itself never changes during a canary (`scripts/remote.cjs publish --canary` writes only
 *   this object; `promote` writes the live file and removes it; `abort` removes it);
 * - the visitor's bucket is the cookie `site_bucket`, an integer 0..99 the host origin (or nginx) sets on the first
 *   answer without one; a visitor is in the canary when bucket < percent. Sticky: the cookie stays a year, and the
 *   same bucket falls on the same side as long as the percent is not lowered;
 * - a canary visitor's `/remotes.json` is the live file with the canary's remote pointed at the canary's manifest
 *   (`variantRemotes`), and the rendered pages of that remote come from the canary's output (`rendered-canary/`,
 *   with a shared storage `site/rendered-canary/`), which the page renderer writes while the canary is open;
 * - every step (publish, canary, promote, abort, automatic abort) is one JSON line of the release history,
 *   `releases.jsonl` beside the remotes file (with a shared storage `site/releases.jsonl`): `{ at, by, action,
 *   remote, version, ... }`.
 */
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');

const BUCKET_COOKIE = 'site_bucket';
/** A year: the visitor keeps its side of every canary. */
const BUCKET_MAX_AGE_S = 365 * 24 * 3600;
const CANARY_FILE = 'remotes.canary.json';
const HISTORY_FILE = 'releases.jsonl';
const CANARY_KEY = 'site/remotes.canary.json';
const HISTORY_KEY = 'site/releases.jsonl';
/** The renderer's canary output: a folder inside its output folder, and the keys under the shared storage. */
const CANARY_OUTPUT_DIR = 'canary';
const CANARY_RENDERED_PREFIX = 'site/rendered-canary/';
/**
 * For nginx, which cannot read JSON: while a canary is open (shared storage only), `scripts/remote.cjs` also keeps
 * the canary visitors' remotes file (`variantRemotes`) at this key, its percent in the content type's parameter
 * (`nginxCanaryType`). nginx reads the object's headers to decide, and serves its body to the canary's visitors.
 */
const NGINX_CANARY_KEY = 'site/remotes.canary-variant.json';
const nginxCanaryType = (percent) => `application/json; charset=utf-8; canary-percent=${percent}`;

/** The visitor's bucket from a Cookie header: 0..99, or null when it has none (or a value that is no bucket). */
function bucketOf(cookieHeader) {
  const m = /(?:^|;\s*)site_bucket=(\d{1,2})(?:;|$)/.exec(String(cookieHeader || ''));
  return m ? Number(m[1]) : null;
}

const newBucket = () => crypto.randomInt(100);

/** The Set-Cookie value of a new bucket (not HttpOnly: the host's field reports may name it; it is no secret). */
const bucketCookie = (bucket) => `${BUCKET_COOKIE}=${bucket}; Path=/; Max-Age=${BUCKET_MAX_AGE_S}; SameSite=Lax`;

/** Whether a canary state is one (a remote, a manifest URL, a percent 1..99). */
function validCanary(c) {
  return Boolean(
    c &&
    typeof c === 'object' &&
    typeof c.remote === 'string' &&
    typeof c.url === 'string' &&
    Number.isInteger(c.percent) &&
    c.percent >= 1 &&
    c.percent <= 99,
  );
}

/** Whether a visitor of this bucket gets the canary. */
const inCanary = (bucket, canary) => validCanary(canary) && bucket !== null && bucket < canary.percent;

/** The remotes file a canary visitor gets: the live one with the canary's remote at its new version. */
function variantRemotes(live, canary) {
  return { ...live, [canary.remote]: canary.url };
}

/** Parses a stored or local canary state; anything unreadable is no canary. */
function parseCanary(bytes) {
  if (bytes === null || bytes === undefined) return null;
  try {
    const c = JSON.parse(String(bytes));
    return validCanary(c) ? c : null;
  } catch {
    return null;
  }
}

/** Who does a step: --by, else the OS user (SUDO_USER first: the person behind sudo -u site). */
function actor(by, env = process.env) {
  if (by) return String(by);
  try {
    return env.SUDO_USER || require('os').userInfo().username;
  } catch {
    return env.USER || 'unknown';
  }
}

/**
 * Where the canary state and the release history are kept: the deploy folder (this machine), and with a shared
 * storage also there (the storage's copy is the one every process reads). `shared` is siteStorage()'s answer or null.
 */
function canaryStore(deployDir, shared) {
  const localCanary = path.join(deployDir, CANARY_FILE);
  const localHistory = path.join(deployDir, HISTORY_FILE);
  const writeLocal = (file, body) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, body);
    fs.renameSync(tmp, file);
  };
  const readKey = async (key) => {
    const stored = await shared.storage.get(key);
    if (!stored) return null;
    const chunks = [];
    for await (const chunk of stored.body) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks).toString('utf8');
  };
  return {
    async read() {
      if (shared) return parseCanary(await readKey(CANARY_KEY));
      return fs.existsSync(localCanary) ? parseCanary(fs.readFileSync(localCanary, 'utf8')) : null;
    },
    async write(canary) {
      const body = JSON.stringify(canary, null, 2) + '\n';
      if (shared) await shared.storage.put(CANARY_KEY, body, { contentType: 'application/json; charset=utf-8' });
      writeLocal(localCanary, body);
    },
    async clear() {
      if (shared) await shared.storage.delete(CANARY_KEY);
      fs.rmSync(localCanary, { force: true });
    },
    /** The release history, oldest first. */
    async history() {
      const text = shared ? ((await readKey(HISTORY_KEY)) ?? '') : fs.existsSync(localHistory) ? fs.readFileSync(localHistory, 'utf8') : '';
      return text
        .split('\n')
        .filter(Boolean)
        .flatMap((line) => {
          try {
            return [JSON.parse(line)];
          } catch {
            return [];
          }
        });
    },
    /** One step appended (with a shared storage: the object read and put again whole; releases are rare). */
    async record(step) {
      const line = JSON.stringify({ at: new Date().toISOString(), ...step }) + '\n';
      if (shared) {
        const before = (await readKey(HISTORY_KEY)) ?? '';
        await shared.storage.put(HISTORY_KEY, before + line, { contentType: 'application/x-ndjson; charset=utf-8' });
      }
      fs.mkdirSync(deployDir, { recursive: true });
      fs.appendFileSync(localHistory, line);
    },
  };
}

/**
 * Ends the open canary: its state removed (every front door and host origin sends everyone to the live version at
 * its next read, at most a second later; the renderer removes the canary's pages), one history line. The one path of
 * `remote.cjs abort` and of the automatic abort (`action: 'auto-abort'` with its reason). `version`: end it only if
 * the canary open now is that one (a check that raced a promote or a new canary leaves it alone). Null: none ended.
 */
async function abortCanary(store, { by, reason, remote, version, action = 'abort' } = {}) {
  const c = await store.read();
  if (!c || (remote && c.remote !== remote) || (version && c.version !== version)) return null;
  await store.clear();
  await store.record({ by: actor(by), action, remote: c.remote, version: c.version, percent: c.percent, ...(reason ? { reason } : {}) });
  return c;
}

module.exports = {
  abortCanary,
  BUCKET_COOKIE,
  BUCKET_MAX_AGE_S,
  CANARY_FILE,
  HISTORY_FILE,
  CANARY_KEY,
  HISTORY_KEY,
  CANARY_OUTPUT_DIR,
  CANARY_RENDERED_PREFIX,
  NGINX_CANARY_KEY,
  nginxCanaryType,
  bucketOf,
  newBucket,
  bucketCookie,
  inCanary,
  validCanary,
  variantRemotes,
  parseCanary,
  actor,
  canaryStore,
};
