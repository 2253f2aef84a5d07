/**
 * The stylesheets a server build imported (server-css-loader.cjs), by key, in the order they were first evaluated.
 * Bundled into each server build as a module of its own, so every build answers for its own sheets (the host's
 * `renderPage`, a remote's `pageStylesheets`) and the renderer inlines them into the pages it writes: no process
 * global holds them.
 */
const sheets = new Map();

/**
 * @param {string} key  the sheet's stable key (server-css-loader.cjs `styleKey`)
 * @param {string} css
 */
exports.addStylesheet = (key, css) => {
  sheets.set(key, css);
};

/** @returns {string[]} every sheet registered so far */
exports.stylesheets = () => [...sheets.values()];

/**
 * @param {string} key
 * @returns {string | undefined} the sheet registered under that key
 */
exports.stylesheet = (key) => sheets.get(key);
