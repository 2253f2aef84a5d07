/**
 * Which rendered file answers a page address is one rule (@site/page-files): the renderer writes by it, the Node
 * origin looks pages up by it, and nginx's maps are generated from it into deploy/page-files.conf, which is checked
 * in. This fails while the checked-in maps differ from the rule (run `node deploy/page-files.cjs`), and checks that
 * each layout's configuration carries them.
 */
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const { nginxMaps, fileFor, pageKey } = require('@site/page-files');
const { FILE } = require('../deploy/page-files.cjs');
const { renderNginx } = require('../deploy/render-nginx.cjs');

test('[issue 46.3] deploy/page-files.conf is what @site/page-files generates (node deploy/page-files.cjs)', () => {
  assert.equal(fs.readFileSync(FILE, 'utf8'), nginxMaps());
});

test('[issue 46.3] the nginx maps name the files fileFor writes', () => {
  const maps = nginxMaps();
  // The suffix of a page with one numeric parameter: pages$uri/<name>-<value>.html, as fileFor('/newsDetail?id=3').
  const suffix = /"~\^\(([^)]+)\)=\(([^)]+)\)\$" "\/\$1-\$2\.html";/.exec(maps);
  assert.ok(suffix, maps);
  const [name, value] = [new RegExp(`^${suffix[1]}$`), new RegExp(`^${suffix[2]}$`)];
  assert.ok(name.test('id') && name.test('categoryId') && !name.test('id2') && value.test('3') && !value.test('3a'));
  assert.equal(fileFor('/newsDetail?id=3'), 'pages/newsDetail/id-3.html');
  assert.equal(fileFor('/news'), 'pages/news.html');
  assert.equal(pageKey('/newsDetail?id=3'), '/newsDetail?id=3');
  assert.equal(pageKey('/news?page=2&id=3'), null);
});

test('[issue 46.3] the front door configuration carries the generated maps', async () => {
  const { conf } = await renderNginx({ PATH: process.env.PATH });
  assert.ok(conf.includes(nginxMaps().trimEnd()), 'the maps of deploy/page-files.conf are in the configuration');
  assert.equal(conf.match(/map \$args \$site_rendered_suffix/g)?.length, 1);
});
