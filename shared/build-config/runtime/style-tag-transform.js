/**
 * style-loader's `styleTagTransform` for every app: a rendered page carries the styles of the modules it was rendered
 * with in one `<style data-rendered>` (services/page-renderer). A module's CSS that is already there is not written
 * again: the same rules added once the scripts run would restyle and lay out the whole page a second time. Any other
 * CSS (a page reached by client navigation, a page the browser renders) goes in as style-loader writes it.
 */
module.exports = function styleTagTransform(css, styleElement) {
  const rendered = document.querySelector('style[data-rendered]');
  if (rendered && rendered.textContent.includes(css)) return;
  while (styleElement.firstChild) styleElement.removeChild(styleElement.firstChild);
  styleElement.appendChild(document.createTextNode(css));
};
