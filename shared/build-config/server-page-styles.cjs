/**
 * Which stylesheets each exposed page module of a remote's server build reaches, written into that build once its
 * module graph is known, so the page renderer inlines into a page the host's sheets and its own page module's only:
 * not the other pages' of the remote, nor another remote's. From the graph and not from what the build registered
 * while running, because what a process has loaded depends on the pages it rendered before; the graph is the same
 * in every worker and every run, and so is each page's CSS.
 *
 * The generated entry (server.cjs) holds a placeholder string; this plugin replaces it with
 * `{ "<expose>": [[moduleId, key], ...] }`: each sheet module (the one server-css-loader.cjs made) reachable from the
 * exposed module through any import (a dynamic `import()` too: requiring the sheet module by its id registers it
 * whether or not the code that imports it ran), in the order ES modules evaluate (a module's imports first, in
 * source order), so the cascade is the browser's.
 */
const { styleKey } = require('./server-css-loader.cjs');

const NAME = 'SitePageStylesPlugin';
const PLACEHOLDER = '__SITE_PAGE_STYLES__';
const LOADER = require.resolve('./server-css-loader.cjs');

const isSheet = (m) => Array.isArray(m.loaders) && m.loaders.some((l) => l.loader === LOADER);

/** @returns {Record<string, [string | number, string][]>} expose -> its sheets' [module id, key] */
function pageStyles(compilation, exposes) {
  const { moduleGraph, chunkGraph } = compilation;
  const byResource = new Map();
  for (const m of compilation.modules) if (m.resource && !isSheet(m) && !byResource.has(m.resource)) byResource.set(m.resource, m);
  const reach = (root) => {
    const seen = new Set();
    const out = [];
    const visitDeps = (deps) => {
      for (const d of deps) {
        const target = moduleGraph.getModule(d);
        if (target) visit(target);
      }
    };
    const visitBlock = (block) => {
      visitDeps(block.dependencies);
      for (const inner of block.blocks) visitBlock(inner);
    };
    const visit = (m) => {
      if (seen.has(m)) return;
      seen.add(m);
      visitDeps(m.dependencies);
      for (const block of m.blocks) visitBlock(block);
      if (isSheet(m)) out.push([chunkGraph.getModuleId(m), styleKey(m.resource)]);
    };
    visit(root);
    return out;
  };
  const map = {};
  for (const [name, file] of Object.entries(exposes)) {
    const module = byResource.get(file);
    if (!module) throw new Error(`${NAME}: the exposed module ${name} (${file}) is not in the build`);
    map[name] = reach(module);
  }
  return map;
}

class PageStylesPlugin {
  /** @param {Record<string, string>} exposes  expose name -> absolute file, as the generated entry imports them */
  constructor(exposes) {
    this.exposes = exposes;
  }

  apply(compiler) {
    const { Compilation, WebpackError, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap({ name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONS }, () => {
        const literal = JSON.stringify(PLACEHOLDER);
        for (const asset of compilation.getAssets()) {
          if (!/\.js$/.test(asset.name)) continue;
          const text = asset.source.source().toString();
          const at = text.indexOf(literal);
          if (at < 0) continue;
          if (text.indexOf(literal, at + literal.length) >= 0) {
            compilation.errors.push(new WebpackError(`${NAME}: ${asset.name} holds the page styles' placeholder twice`));
            return;
          }
          const map = JSON.stringify(pageStyles(compilation, this.exposes));
          compilation.updateAsset(asset.name, new sources.RawSource(text.slice(0, at) + map + text.slice(at + literal.length)));
          return;
        }
        compilation.errors.push(new WebpackError(`${NAME}: no asset holds the page styles' placeholder`));
      });
    });
  }
}

module.exports = { PageStylesPlugin, PLACEHOLDER };
