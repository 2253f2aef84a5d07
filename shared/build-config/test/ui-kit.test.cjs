/** The declared ui-kit (issue 16, item 3): the build check, the shared config built from it, the skew rehearsal. */
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { checkKitImports } = require('../ui-kit-check.cjs');
const omitUiKitExports = require('../ui-kit-omit-loader.cjs');
const { APPS, BROWSER_SHARED_DIRS } = require('../site.cjs');

const REPO = path.resolve(__dirname, '../../..');
const FRONT_END = [...Object.values(APPS).map((a) => a.dir), ...BROWSER_SHARED_DIRS.filter((d) => d !== 'shared/antd-kit')];

test('[issue 16.3] host, every remote and the workspace packages reach antd and the icons only through @site/antd-kit', () => {
  for (const dir of FRONT_END) assert.deepEqual(checkKitImports(path.join(REPO, dir, 'src')), [], dir);
});

test('[issue 16.3] the check refuses every way around the kit and an undeclared router export', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-kit-check-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dir, 'a.tsx'), "import { Rate } from 'antd';\nimport { Link, useMatch } from 'react-router-dom';\n");
  fs.writeFileSync(path.join(dir, 'b.ts'), "export { StarOutlined } from '@ant-design/icons/es/icons';\nconst x = () => import('antd/es/rate');\n");
  fs.writeFileSync(path.join(dir, 'c.cjs'), "const antd = require('antd');\nimport 'antd/dist/reset.css';\n");
  fs.writeFileSync(path.join(dir, 'd.ts'), "import { createBrowserRouter } from 'react-router';\n");
  fs.writeFileSync(path.join(dir, 'f.ts'), "import { useQuery, useSuspenseQuery, type QueryKey } from '@tanstack/react-query';\n");
  // Tests are not bundled: any router export may serve them, but antd still goes through the kit.
  fs.writeFileSync(path.join(dir, 'e.test.tsx'), "import { useMatch } from 'react-router-dom';\nimport { Rate } from '@site/antd-kit';\n");
  const problems = checkKitImports(dir);
  const about = (file, what) => problems.filter((p) => p.includes(file) && p.includes(what)).length;
  assert.equal(about('a.tsx:1', 'antd'), 1);
  assert.equal(about('a.tsx:2', 'useMatch'), 1);
  assert.equal(about('a.tsx:2', 'Link'), 0);
  assert.equal(about('b.ts:1', '@ant-design/icons/es/icons'), 1);
  assert.equal(about('b.ts:2', 'antd/es/rate'), 1);
  assert.equal(about('c.cjs:1', 'antd'), 1);
  assert.equal(about('c.cjs:2', 'antd/dist/reset.css'), 1);
  assert.equal(about('d.ts:1', 'react-router'), 1);
  assert.equal(about('e.test.tsx', ''), 0);
  assert.equal(about('f.ts:1', 'useSuspenseQuery'), 1);
  assert.equal(about('f.ts:1', ''), 1);
  assert.equal(problems.length, 8);
  assert.match(problems[0], /请改为从 @site\/antd-kit 引入/);
});

test('[issue 16.3] every app shares the same declared set: ui-kit not a singleton, antd and the icons not shared by themselves', () => {
  const { sharedConfig } = require('../webpack.cjs');
  const uiKitVersion = require('@site/antd-kit/package.json').version;
  const configs = Object.values(APPS).map((a) => sharedConfig(path.join(REPO, a.dir)));
  for (const c of configs) assert.deepEqual(c, configs[0]);
  const shared = configs[0];
  assert.deepEqual(shared['@site/antd-kit'], { singleton: false, requiredVersion: `^${uiKitVersion}`, version: uiKitVersion });
  assert.equal(shared.antd, undefined);
  assert.equal(shared['@ant-design/icons'], undefined);
  for (const dep of ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'react-router-dom', 'dayjs'])
    assert.equal(shared[dep].singleton, true, dep);
  assert.deepEqual(shared['react-router-dom'].treeShaking.usedExports, require('@site/antd-kit/shared-exports').router);
  assert.deepEqual(shared['@tanstack/react-query'].treeShaking.usedExports, require('../ui-kit-check.cjs').QUERY_EXPORTS);
});

test('[issue 16.3] SITE_UI_KIT_OMIT builds the kit without an export, and refuses a name the kit does not have', () => {
  const source = fs.readFileSync(require.resolve('@site/antd-kit'), 'utf8');
  const run = (names) => omitUiKitExports.call({ getOptions: () => ({ names }) }, source);
  const older = run('Form');
  assert.doesNotMatch(older, /^\s*Form,$/m);
  assert.match(older, /^\s*FormOutlined,$/m);
  assert.match(older, /FormInstance, FormRule/);
  assert.throws(() => run('Rate'), /exports no Rate/);
});
