/**
 * Marks the scripts a public page starts with for eager compilation: `//# allFunctionsCalledOnLoad` as their first
 * line (V8's explicit compile hints, Chromium 136 and later; other engines read a comment). A marked script's
 * functions are compiled on the streaming thread while it downloads, instead of on the main thread at each
 * function's first call, inside the start's and hydration's tasks. `/` on this machine's Chromium 156, main-thread
 * CPU to hydration (median of 9 cold loads each): about 200 ms unmarked, 175 with the host's entry, react and
 * bootstrap chunks marked, 155 with every host start file marked (docs/performance.md).
 *
 * Which files: the host's entry chunk and its start files (start-preload.cjs, the files a rendered page preloads),
 * and a remote's remoteEntry.js and the chunks of its exposed modules (a page's own code). Not the UI kit's chunk:
 * most of antd's functions never run on a page, and compiling them all would cost more than it saves.
 *
 * Added after minification (Terser drops comments) and before the real content hash, so the file's name still
 * names its bytes.
 */
const { startFiles } = require('./start-preload.cjs');

const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
const EXPOSE_CHUNK_PREFIX = '__federation_expose_';

/** The JavaScript files of `compilation` to mark (file names as webpack's assets name them). */
function hintedFiles(compilation, { isHost, name }) {
  const files = new Set();
  const entryFiles = (entry) => {
    for (const chunk of compilation.entrypoints.get(entry)?.chunks ?? []) for (const f of chunk.files) files.add(f);
  };
  if (isHost) {
    startFiles(compilation).forEach((f) => files.add(f));
    entryFiles('main');
  } else {
    // The federation container (remoteEntry.js) is the entry named as the remote.
    entryFiles(name);
    for (const chunk of compilation.chunks) if (chunk.name?.startsWith(EXPOSE_CHUNK_PREFIX)) chunk.files.forEach((f) => files.add(f));
  }
  return [...files].filter((f) => f.endsWith('.js'));
}

class CompileHintsPlugin {
  /** @param {{ isHost: boolean, name: string }} app  the app's federation name and role */
  constructor(app) {
    this.app = app;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'CompileHintsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 }, () => {
        for (const file of hintedFiles(compilation, this.app))
          compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source));
      });
    });
  }
}

module.exports = { CompileHintsPlugin, hintedFiles, COMPILE_HINT };
