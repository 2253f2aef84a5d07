/**
 * The host's start files, named in its index.html: the chunks of the entry's async boundary (the host's start,
 * `import('./bootstrap')`) and, for each shared module that start consumes, the host's own chunk providing it (the
 * host is the first app on the page and registers its own copies, so the federation runtime loads exactly these).
 *
 * Without this the browser learns of them only once the entry chunk has arrived and run: one more round trip and the
 * entry's own download and start (on a slow phone 0.3-0.5 s) before React, the router and the query cache begin to
 * download. They are written as preload links inside `<template id="site-start">`, which loads nothing by itself:
 * the rendered page's first script (`page-catch.ts`) puts them in the head together with the entry chunk, so they
 * still wait until the page has painted what it carries.
 *
 * Read from webpack's chunk graph (public API: entries, module blocks and types, block chunk groups, chunk files);
 * a module is matched to its provider by the module both load, never by name.
 */
const START_TEMPLATE_ID = 'site-start';

/** The files (relative to the output's public path) the entry's async start needs before it runs. */
function startFiles(compilation, entryName = 'main') {
  const { chunkGraph, moduleGraph } = compilation;
  const entry = compilation.entries.get(entryName);
  if (!entry) return [];
  const entryModules = entry.dependencies.map((d) => moduleGraph.getModule(d)).filter(Boolean);
  const startChunks = new Set();
  for (const m of entryModules)
    for (const block of m.blocks) {
      const group = chunkGraph.getBlockChunkGroup(block);
      if (group) group.chunks.forEach((c) => startChunks.add(c));
    }
  /** Each shared module the host provides (the module its `get()` loads) -> the chunks that load it. */
  const providers = new Map();
  for (const m of compilation.modules) {
    if (m.type !== 'provide-module') continue;
    for (const block of m.blocks) {
      const group = chunkGraph.getBlockChunkGroup(block);
      for (const dep of block.dependencies) {
        const target = moduleGraph.getModule(dep);
        if (target && group) providers.set(target, group.chunks);
      }
    }
  }
  const chunks = new Set(startChunks);
  for (const chunk of startChunks)
    for (const m of chunkGraph.getChunkModulesIterable(chunk)) {
      if (m.type !== 'consume-shared-module') continue;
      for (const block of m.blocks)
        for (const dep of block.dependencies) (providers.get(moduleGraph.getModule(dep)) || []).forEach((c) => chunks.add(c));
    }
  const files = new Set();
  for (const c of chunks) for (const f of c.files) if (f.endsWith('.js')) files.add(f);
  return [...files].sort();
}

/** Writes `<template id="site-start">` with a preload of each start file into the head of the app's index.html. */
class StartPreloadPlugin {
  constructor(HtmlWebpackPlugin) {
    this.HtmlWebpackPlugin = HtmlWebpackPlugin;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('StartPreloadPlugin', (compilation) => {
      this.HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('StartPreloadPlugin', (data) => {
        const publicPath = data.publicPath ?? '';
        // In the mode webpack's own chunk loader asks for them (a script without crossorigin on the same origin), so
        // each preload serves that request.
        const links = startFiles(compilation).map((f) => `<link rel="preload" href="${publicPath}${f}" as="script"/>`);
        if (links.length)
          data.headTags.push({
            tagName: 'template',
            voidTag: false,
            attributes: { id: START_TEMPLATE_ID },
            innerHTML: links.join(''),
            meta: { plugin: 'StartPreloadPlugin' },
          });
        return data;
      });
    });
  }
}

module.exports = { StartPreloadPlugin, startFiles, START_TEMPLATE_ID };
