/**
 * Writes `file.br` and `file.gz` beside each compressible file of a build folder, once, so the static server sends
 * them as they are (@fastify/static `preCompressed`) instead of compressing on every request.
 */
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const { promisify } = require('util');

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.map']);
/** Below this a compressed answer saves less than its headers cost. */
const MIN_BYTES = 512;
/**
 * Brotli 10, not 11: on this site's 7.5 MB of scripts 11 took 23 s against 4.4 s for 1.5 % fewer bytes (9: 3.6 s,
 * 6.5 % more bytes), and it runs at every start on folders that changed.
 */
const ENCODINGS = [
  ['.br', (buf) => brotli(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 10, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length } })],
  ['.gz', (buf) => gzip(buf, { level: 9 })],
];

/** A sibling written by precompress (not a build file of its own): hashes of a release leave them out. */
function isCompressedSibling(file) {
  const ext = path.extname(file);
  return (ext === '.br' || ext === '.gz') && COMPRESSIBLE.has(path.extname(file.slice(0, -ext.length)));
}

function listFiles(root) {
  try {
    return fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => path.join(d.parentPath ?? d.path, d.name));
  } catch {
    return []; // not built yet: nothing to do
  }
}

/**
 * @param {string} root
 * @returns {Promise<number>} how many files got new siblings
 */
async function precompressTree(root) {
  let written = 0;
  for (const file of listFiles(root)) {
    if (!COMPRESSIBLE.has(path.extname(file).toLowerCase())) continue;
    let st;
    try {
      st = fs.statSync(file);
    } catch {
      continue; // removed meanwhile
    }
    if (st.size < MIN_BYTES) continue;
    let body = null;
    for (const [ext, compress] of ENCODINGS) {
      const target = file + ext;
      const fresh = fs.existsSync(target) && fs.statSync(target).mtimeMs >= st.mtimeMs;
      if (fresh) continue;
      body ??= fs.readFileSync(file);
      const out = await compress(body);
      // Renamed into place: a request (or another server process on the same folder) never reads half a file.
      const tmp = `${target}.${process.pid}.tmp`;
      try {
        fs.writeFileSync(tmp, out);
        fs.renameSync(tmp, target);
        written++;
      } catch {
        // A read-only folder: its files are served uncompressed, which is slower but correct.
        fs.rmSync(tmp, { force: true });
        return written;
      }
    }
  }
  return written;
}

module.exports = { precompressTree, isCompressedSibling, COMPRESSIBLE, MIN_BYTES };

/** `node shared/releases/src/precompress.cjs <folder> ...`: the host build for nginx (docs/deploy.md). */
if (require.main === module) {
  const folders = process.argv.slice(2);
  if (!folders.length) {
    console.error('usage: node shared/releases/src/precompress.cjs <folder> ... (e.g. host/dist)');
    process.exit(2);
  }
  (async () => {
    for (const folder of folders) {
      if (!fs.existsSync(folder)) throw new Error(`${folder} does not exist: build it first (node scripts/build.cjs)`);
      const written = await precompressTree(folder);
      console.log(`[precompress] ${folder}: ${written} compressed copies (.br, .gz) written`);
    }
  })().catch((e) => {
    console.error(`[precompress] ${e.message}`);
    process.exit(1);
  });
}
