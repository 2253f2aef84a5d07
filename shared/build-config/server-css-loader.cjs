/**
 * The page renderer's stand-in for style-loader: a stylesheet imported by a server build registers its text (from
 * css-loader, `exportType: 'string'`) with the build's own registry (server-css-registry.cjs) under its stable key
 * (`styleKey`), instead of inserting a <style> element. The renderer inlines into a page the host's sheets and those
 * its page module reaches (server-page-styles.cjs), so a page paints styled before any script runs.
 */
const fs = require('fs');
const path = require('path');

const REGISTRY = JSON.stringify(require.resolve('./server-css-registry.cjs'));

/** The nearest package.json above a file (its package), or null. */
function packageOf(file) {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) return { dir, manifest, name: JSON.parse(fs.readFileSync(manifest, 'utf8')).name || path.basename(dir) };
    if (path.dirname(dir) === dir) return null;
  }
}

/**
 * A stylesheet's name that is the same in every build and on every machine: its package's name and its path inside
 * that package (`@site/ui/src/components/ui.css`). Never an absolute path, a module id or a pnpm store folder, so the
 * key of a sheet two builds bundle is the same in both.
 */
function styleKey(file) {
  const pkg = packageOf(file);
  if (!pkg) return path.basename(file);
  return `${pkg.name}/${path.relative(pkg.dir, file).split(path.sep).join('/')}`;
}

module.exports = function () {};
module.exports.pitch = function pitch(remainingRequest) {
  const pkg = packageOf(this.resourcePath);
  if (pkg) this.addDependency(pkg.manifest);
  const request = JSON.stringify(`!!${remainingRequest}`);
  return `import css from ${request};
import { addStylesheet } from ${REGISTRY};
addStylesheet(${JSON.stringify(styleKey(this.resourcePath))}, css);
export default css;
`;
};
module.exports.styleKey = styleKey;
