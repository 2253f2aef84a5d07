/**
 * A remote's server build answers, per exposed page module, the stylesheets that module reaches (server-page-styles.cjs):
 * the page renderer inlines those and the host's, nothing else of the remote. The real server config (server.cjs) on a
 * small remote written to a temporary folder: two pages, a kit package's sheet, a sheet behind a dynamic import.
 */
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('path');
const webpack = require('webpack');
const { fixtureFolder } = require('./fixture-folder.cjs');
const { createServerConfig } = require('../server.cjs');
const { styleKey } = require('../server-css-loader.cjs');

const FILES = {
  'kit/package.json': JSON.stringify({ name: '@fixture/kit' }),
  'kit/src/kit.css': '.kit-empty { color: #666; }\n',
  'app/package.json': JSON.stringify({ name: '@fixture/app' }),
  'app/src/pages/a.js': "import '../../../kit/src/kit.css';\nimport './a.css';\nexport default function A() { return 'a'; }\n",
  'app/src/pages/a.css': '.app-a { margin: 0; }\n',
  'app/src/pages/b.js': "import './b.css';\nexport const later = () => import('./c.js');\nexport default function B() { return 'b'; }\n",
  'app/src/pages/b.css': '.app-b { margin: 0; }\n',
  'app/src/pages/c.js': "import './c.css';\nexport default 'c';\n",
  'app/src/pages/c.css': '.app-c { margin: 0; }\n',
};

/** Builds the small remote's server build once; its server.js, required afresh by each caller. */
const built = (async () => {
  const dir = fixtureFolder('page-styles-', FILES);
  const appDir = path.join(dir, 'app');
  const config = createServerConfig(
    { name: 'fixture', appDir, exposes: { './A': './src/pages/a.js', './B': './src/pages/b.js' } },
    { webpack, outDir: path.join(appDir, 'dist'), defines: {}, tsRule: { test: /\.tsx?$/, use: [] }, cache: false, snapshot: {} },
  );
  const stats = await new Promise((resolve, reject) => webpack(config, (err, s) => (err ? reject(err) : resolve(s))));
  assert.equal(stats.hasErrors(), false, stats.toString('errors-only'));
  return { dir, file: path.join(appDir, 'dist', 'server', 'server.js') };
})();

/** The build as a fresh process would load it: nothing of it has run yet. */
function fresh(file) {
  delete require.cache[require.resolve(file)];
  return require(file);
}

test("[issue 42.1] a sheet's key is its package's name and its path there, the same in every build and on every machine", async () => {
  const { dir } = await built;
  assert.equal(styleKey(path.join(dir, 'kit', 'src', 'kit.css')), '@fixture/kit/src/kit.css');
  assert.equal(styleKey(path.join(dir, 'app', 'src', 'pages', 'a.css')), '@fixture/app/src/pages/a.css');
});

test('[issue 42.1] each exposed page module answers the sheets it reaches, in the order they apply; none of the other page', async () => {
  const { file } = await built;
  const build = fresh(file);
  assert.deepEqual(build.pageStylesheets('./A'), [FILES['kit/src/kit.css'], FILES['app/src/pages/a.css']]);
  // c.css is behind a dynamic import that has not run: the page still carries it, whatever ran before.
  assert.deepEqual(build.pageStylesheets('./B'), [FILES['app/src/pages/b.css'], FILES['app/src/pages/c.css']]);
  assert.deepEqual(build.pageStylesheets('./Nothing'), []);
});

test("[issue 42.1] a page's sheets do not depend on the modules its process loaded before", async () => {
  const { file } = await built;
  const first = fresh(file);
  const alone = first.pageStylesheets('./B');
  const after = fresh(file);
  await after.pages['./A']();
  await after.pages['./B']();
  await (await after.pages['./B']()).later();
  assert.deepEqual(after.pageStylesheets('./B'), alone);
  assert.equal(after.stylesheets().length, 4, 'the build registered all four sheets once loaded');
});
