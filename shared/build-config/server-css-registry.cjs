/**
 * The stylesheets a server build imported (server-css-loader.cjs), in import order. Bundled into each server build as
 * a module of its own, so every build answers for its own sheets (the host's `renderPage`, a remote's `stylesheets`
 * export) and the renderer inlines them into the pages it writes: no process global holds them.
 */
const sheets = new Set();

/** @param {string} css */
exports.addStylesheet = (css) => {
  sheets.add(css);
};

/** @returns {string[]} */
exports.stylesheets = () => [...sheets];
