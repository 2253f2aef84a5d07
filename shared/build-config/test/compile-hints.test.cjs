/**
 * [issue 42.2] The scripts a page starts with carry V8's compile hint as their first line, after minification (which
 * drops comments) and inside the bytes the file's content hash names; the others do not. Real webpack production
 * builds of two small apps in a temporary folder: a host (entry, its async start, a later chunk) and a remote (its
 * container entry, an exposed module's chunk, a chunk it loads later).
 */
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const webpack = require('webpack');
const { fixtureFolder } = require('./fixture-folder.cjs');
const { CompileHintsPlugin, COMPILE_HINT } = require('../compile-hints.cjs');

const FILES = {
  'src/index.js': "import(/* webpackChunkName: 'start' */ './start.js');\n",
  'src/start.js': "export const go = () => import(/* webpackChunkName: 'later' */ './later.js');\ngo().then((m) => console.log(m.default));\n",
  'src/later.js': 'export default function later() { return 42; }\n',
  'src/remote.js': "import(/* webpackChunkName: '__federation_expose_Page' */ './page.js');\n",
  'src/page.js': "export default function Page() { return import(/* webpackChunkName: 'extra' */ './later.js'); }\n",
};

async function build(entry, app) {
  const dir = fixtureFolder('compile-hints-', FILES);
  const out = path.join(dir, 'dist');
  const config = {
    mode: 'production',
    context: dir,
    entry: { [entry]: `./src/${entry === 'main' ? 'index' : 'remote'}.js` },
    output: { path: out, filename: '[name].[contenthash:8].js', chunkFilename: '[name].[contenthash:8].js', hashDigestLength: 8 },
    optimization: { chunkIds: 'named' },
    plugins: app ? [new CompileHintsPlugin(app)] : [],
  };
  const stats = await new Promise((resolve, reject) => webpack(config, (err, s) => (err ? reject(err) : resolve(s))));
  assert.equal(stats.hasErrors(), false, stats.toString('errors-only'));
  const files = Object.fromEntries(fs.readdirSync(out).map((f) => [f.split('.')[0], fs.readFileSync(path.join(out, f), 'utf8')]));
  return { files, names: fs.readdirSync(out) };
}

const hinted = (text) => text.startsWith(COMPILE_HINT);

test('[issue 42.2] a host: the entry chunk and its start chunk start with the compile hint, a chunk loaded later does not', async () => {
  const { files, names } = await build('main', { isHost: true, name: 'host' });
  assert.equal(COMPILE_HINT, '//# allFunctionsCalledOnLoad\n');
  assert.ok(hinted(files.main), 'main');
  assert.ok(hinted(files.start), 'start');
  assert.equal(hinted(files.later), false, 'later');
  // Minified after the hint was added? Then Terser would have dropped it: the rest of the file is minified code.
  assert.doesNotMatch(files.main.slice(COMPILE_HINT.length), /\n/);
  // The names' hashes are of the bytes served, hint included (added before the real content hash): without the
  // plugin the hinted files get other names, the others the same.
  const plain = await build('main', null);
  const nameOf = (list, chunk) => list.find((n) => n.startsWith(`${chunk}.`));
  assert.notEqual(nameOf(names, 'main'), nameOf(plain.names, 'main'));
  assert.notEqual(nameOf(names, 'start'), nameOf(plain.names, 'start'));
  assert.equal(nameOf(names, 'later'), nameOf(plain.names, 'later'));
  assert.equal(hinted(plain.files.main), false);
});

test('[issue 42.2] a remote: its container entry and exposed modules start with the compile hint, other chunks do not', async () => {
  const { files } = await build('fixture', { isHost: false, name: 'fixture' });
  assert.ok(hinted(files.fixture), 'the container entry');
  assert.ok(hinted(files.__federation_expose_Page), 'the exposed module');
  assert.equal(hinted(files.extra), false, 'a chunk the page loads later');
});
