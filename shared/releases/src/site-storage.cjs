/**
 * The site's shared storage for the host origin and nginx's configuration: with `STORAGE_DRIVER=s3` (and
 * the API's `S3_*` settings) the page renderer publishes its output under `site/rendered/` and the release script
 * writes the remotes file to `site/remotes.json` there (@site/object-storage, `site-keys.ts`); with the local driver
 * (the default) both are files on this machine, as before, and this answers null.
 */
function siteStorage(env = process.env) {
  if ((env.STORAGE_DRIVER || 'local').trim().toLowerCase() === 'local') return null;
  const objectStorage = require('@site/object-storage/load.cjs');
  // The local root is never used with a shared driver (storageFromEnv refuses an unknown one).
  const storage = objectStorage.storageFromEnv(env, require('os').tmpdir());
  return {
    storage,
    renderedPrefix: objectStorage.RENDERED_PREFIX,
    remotesKey: objectStorage.REMOTES_KEY,
    /** Where nginx reads the public keys from: the bucket's path-style address on the service. */
    endpoint: env.S3_ENDPOINT ? env.S3_ENDPOINT.trim().replace(/\/+$/, '') : '',
    bucket: env.S3_BUCKET.trim(),
  };
}

/** A stored object's bytes (small files: an index, the remotes file). */
async function readStored(storage, key) {
  const stored = await storage.get(key);
  if (!stored) return null;
  const chunks = [];
  for await (const chunk of stored.body) chunks.push(Buffer.from(chunk));
  return { info: stored.info, bytes: Buffer.concat(chunks) };
}

/**
 * A small stored file kept in memory and checked again (a HEAD, its entity tag) at most every `refreshMs`: what
 * each request reads without waiting on the storage more than once a second. An unreadable check keeps the last
 * value (a storage that is briefly away changes nothing); `parse` failing on the new bytes too.
 */
function storedFile(storage, key, { parse = (b) => b, refreshMs = 1000 } = {}) {
  let state = { etag: null, value: null, checkedAt: -Infinity };
  let pending = null;
  async function check() {
    const info = await storage.head(key);
    if (!info) {
      state = { etag: null, value: null, checkedAt: Date.now() };
      return;
    }
    if (info.etag !== state.etag) {
      const stored = await readStored(storage, key);
      if (stored) state = { etag: stored.info.etag, value: parse(stored.bytes), checkedAt: Date.now() };
    }
  }
  async function current() {
    if (Date.now() - state.checkedAt >= refreshMs) {
      pending ??= check()
        .catch(() => undefined)
        .finally(() => {
          state.checkedAt = Date.now();
          pending = null;
        });
      await pending;
    }
    return state.value;
  }
  /** The last value read, without waiting (null before the first read). */
  const last = () => state.value;
  return { current, last };
}

module.exports = { siteStorage, readStored, storedFile };
