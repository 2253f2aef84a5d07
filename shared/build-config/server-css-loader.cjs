/**
 * The page renderer's stand-in for style-loader: a stylesheet imported by a server build registers its text (from
 * css-loader, `exportType: 'string'`) instead of inserting a <style> element, and the renderer inlines every
 * registered sheet into the pages it writes, so a page paints styled before any script runs.
 */
module.exports = function () {};
module.exports.pitch = function pitch(remainingRequest) {
  const request = JSON.stringify(`!!${remainingRequest}`);
  return `import css from ${request};
const sheets = (globalThis[Symbol.for('site.render-css')] ??= new Map());
sheets.set(css, true);
export default css;
`;
};
