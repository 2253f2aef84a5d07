/**
 * The page renderer's stand-in for style-loader: a stylesheet imported by a server build registers its text (from
 * css-loader, `exportType: 'string'`) with the build's own registry (server-css-registry.cjs) instead of inserting a
 * <style> element, and the renderer inlines every registered sheet into the pages it writes, so a page paints styled
 * before any script runs.
 */
const REGISTRY = JSON.stringify(require.resolve('./server-css-registry.cjs'));

module.exports = function () {};
module.exports.pitch = function pitch(remainingRequest) {
  const request = JSON.stringify(`!!${remainingRequest}`);
  return `import css from ${request};
import { addStylesheet } from ${REGISTRY};
addStylesheet(css);
export default css;
`;
};
