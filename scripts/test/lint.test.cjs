// The workspace's ESLint config (eslint.config.mjs) refuses imports across package boundaries and
// directives without a reason (issue 16.5). Each case lints a small source as if it were a file of that folder.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const { ESLint } = require('eslint');

const root = path.resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function findings(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}
const boundaryFindings = async (file, code) => (await findings(file, code)).filter((m) => m.startsWith('site/boundaries'));

test('[16.5] an app importing another app, by package name or by relative path, is refused', async () => {
  assert.equal((await boundaryFindings('host/src/x.ts', "import { a } from '@site/remote-content';\nexport { a };\n")).length, 1);
  assert.equal((await boundaryFindings('host/src/app/x.ts', "export * from '../../../remote-support/src/index';\n")).length, 1);
  assert.equal((await boundaryFindings('remote-account/src/x.ts', "export const p = import('@site/remote-shell-admin');\n")).length, 1);
  // Its own files and the shared packages stay allowed.
  assert.deepEqual(
    await boundaryFindings('host/src/app/x.ts', "import { a } from '../y';\nimport { b } from '@site/app-runtime';\nexport { a, b };\n"),
    [],
  );
});

test('[16.5] a shared package importing an app is refused', async () => {
  assert.equal((await boundaryFindings('shared/app-runtime/src/x.ts', "import { a } from '@site/host';\nexport { a };\n")).length, 1);
  assert.equal((await boundaryFindings('shared/antd-kit/src/x.ts', "export * from '../../../remote-content/src/index';\n")).length, 1);
});

test('[16.4] the shared packages keep their layers: the runtime singleton imports only the contract and the kit', async () => {
  assert.equal(
    (await boundaryFindings('shared/app-runtime/src/x.ts', "import { getChannels } from '@site/api-client';\nexport { getChannels };\n")).length,
    1,
  );
  assert.equal((await boundaryFindings('shared/contract/src/x.ts', "import { bus } from '@site/app-runtime';\nexport { bus };\n")).length, 1);
  assert.deepEqual(
    await boundaryFindings(
      'shared/api-client/src/x.ts',
      "import { request } from '@site/app-runtime';\nimport { NOTICE } from '@site/contract';\nexport { request, NOTICE };\n",
    ),
    [],
  );
});

test('[16.5] the services import no workspace package but the contract and the object storage, by name or by relative path', async () => {
  assert.equal((await boundaryFindings('services/api-server/src/x.ts', "import { a } from '@site/app-runtime';\nexport { a };\n")).length, 1);
  assert.equal(
    (await boundaryFindings('services/api-server/src/lib/x.ts', "import { a } from '../../../../shared/ui/src/utils/url.js';\nexport { a };\n"))
      .length,
    1,
  );
  assert.equal(
    (await boundaryFindings('services/api-server/src/lib/x.ts', "import { a } from '../../../../host/src/index';\nexport { a };\n")).length,
    1,
  );
  assert.equal((await boundaryFindings('services/page-renderer/src/x.ts', "import { a } from '@site/api-client';\nexport { a };\n")).length, 1);
  assert.deepEqual(
    await boundaryFindings(
      'services/api-server/src/lib/x.ts',
      "import { a } from '../db/index.js';\nimport Fastify from 'fastify';\nimport { NOTICE } from '@site/contract';\nimport { LocalStorage } from '@site/object-storage';\nexport { a, Fastify, NOTICE, LocalStorage };\n",
    ),
    [],
  );
  assert.deepEqual(
    await boundaryFindings(
      'services/page-renderer/src/x.ts',
      "import { storageFromEnv } from '@site/object-storage';\nimport { NOTICE } from '@site/contract';\nexport { storageFromEnv, NOTICE };\n",
    ),
    [],
  );
});

test('[26.2] the object storage is Node-only: no browser package imports it, and it imports no workspace package', async () => {
  assert.equal(
    (await boundaryFindings('shared/ui/src/x.ts', "import { LocalStorage } from '@site/object-storage';\nexport { LocalStorage };\n")).length,
    1,
  );
  assert.equal(
    (await boundaryFindings('host/src/x.ts', "import { LocalStorage } from '@site/object-storage';\nexport { LocalStorage };\n")).length,
    1,
  );
  assert.equal(
    (await boundaryFindings('shared/object-storage/src/x.ts', "import { NOTICE } from '@site/contract';\nexport { NOTICE };\n")).length,
    1,
  );
  assert.deepEqual(
    await boundaryFindings(
      'shared/object-storage/src/x.ts',
      "import { S3Client } from '@aws-sdk/client-s3';\nimport { checkKey } from './keys.js';\nexport { S3Client, checkKey };\n",
    ),
    [],
  );
});

test('[issue 46.5] the metrics listener is Node-only: the API server imports it, no app, the renderer or it imports others', async () => {
  const use = "import { listenMetrics } from '@site/metrics-http';\nexport { listenMetrics };\n";
  assert.deepEqual(await boundaryFindings('services/api-server/src/x.ts', use), []);
  assert.equal((await boundaryFindings('host/src/x.ts', use)).length, 1);
  assert.equal((await boundaryFindings('remote-shell-admin/src/x.ts', use)).length, 1);
  assert.equal((await boundaryFindings('services/page-renderer/src/x.ts', use)).length, 1);
  assert.equal((await boundaryFindings('shared/metrics-http/src/x.ts', "import { NOTICE } from '@site/contract';\nexport { NOTICE };\n")).length, 1);
});

test('[issue 46.2] no package reaches another by a relative path: the origins, the scripts and e2e included; by name it may', async () => {
  const refused = async (file, code) => {
    const found = await boundaryFindings(file, code);
    assert.equal(found.length, 1, `${file}: ${code}`);
    assert.match(found[0], /不得用相对路径 .*：按包名引用（@site\//);
  };
  await refused('services/origin-server/src/x.cjs', "module.exports = require('../../../shared/build-config/site.cjs');\n");
  await refused('services/origin-server/test/x.test.cjs', "module.exports = require('../../../shared/releases/src/canary.cjs');\n");
  await refused('scripts/x.cjs', "module.exports = require('../services/origin-server/src/site-env.cjs');\n");
  await refused('scripts/bench/x.mts', "export { readConfig } from '../../services/page-renderer/src/config.ts';\n");
  await refused('e2e/support/x.ts', "export { CHROMIUM } from '../../shared/build-config/chromium.cjs';\n");
  await refused('shared/releases/src/x.cjs', "module.exports = require('../../build-config/site.cjs');\n");
  await refused('services/page-renderer/src/x.ts', "export { CANARY_KEY } from '../../../shared/releases/index.cjs';\n");
  // A path out of every package (the checkout's root) is refused too.
  assert.equal((await boundaryFindings('scripts/x.cjs', "module.exports = require('../eslint.config.mjs');\n")).length, 1);
  // The same by name.
  for (const [file, code] of [
    ['services/origin-server/src/x.cjs', "module.exports = [require('@site/build-config/site'), require('@site/releases')];\n"],
    ['scripts/x.cjs', "module.exports = require('@site/origin-server/src/site-env.cjs');\n"],
    ['e2e/support/x.ts', "export { CHROMIUM } from '@site/build-config/chromium';\n"],
    ['services/page-renderer/src/x.ts', "export { CANARY_KEY } from '@site/releases';\n"],
    ['shared/releases/src/x.cjs', "module.exports = [require('@site/build-config/site'), require('./canary.cjs')];\n"],
  ])
    assert.deepEqual(await boundaryFindings(file, code), [], `${file}: ${code}`);
});

test('[issue 46.2] the releases are Node-only and the tools are at the top: no browser package imports @site/releases, no package imports scripts or e2e', async () => {
  assert.equal((await boundaryFindings('host/src/x.ts', "export { bucketOf } from '@site/releases';\n")).length, 1);
  assert.equal((await boundaryFindings('shared/ui/src/x.ts', "export { bucketOf } from '@site/releases';\n")).length, 1);
  assert.equal((await boundaryFindings('shared/releases/src/x.cjs', "module.exports = require('@site/api-client');\n")).length, 1);
  assert.equal((await boundaryFindings('services/api-server/src/x.ts', "export { bucketOf } from '@site/releases';\n")).length, 1);
  assert.equal(
    (await boundaryFindings('services/origin-server/src/x.cjs', "module.exports = require('@site/scripts/lib/workspace.cjs');\n")).length,
    1,
  );
  assert.equal((await boundaryFindings('shared/releases/src/x.cjs', "module.exports = require('@site/e2e/support/site');\n")).length, 1);
});

test('[16.5] antd and the icons are imported only in @site/antd-kit', async () => {
  assert.equal((await boundaryFindings('remote-content/src/x.tsx', "import { Button } from 'antd';\nexport { Button };\n")).length, 1);
  assert.equal((await boundaryFindings('shared/ui/src/x.ts', "const icons = require('@ant-design/icons/es/icons');\nexport { icons };\n")).length, 1);
  assert.equal((await boundaryFindings('host/src/x.ts', "export const p = import('antd/es/rate');\n")).length, 1);
  assert.deepEqual(
    await boundaryFindings('shared/antd-kit/src/x.ts', "export { Button } from 'antd';\nexport { UserOutlined } from '@ant-design/icons';\n"),
    [],
  );
});

test('[16.5] an eslint-disable comment without a reason is refused; with one it is accepted', async () => {
  const bare = await findings('scripts/x.cjs', '// eslint-disable-next-line no-control-regex\nmodule.exports = /[\\u0000-\\u001f]/;\n');
  assert.ok(
    bare.some((m) => m.startsWith('@eslint-community/eslint-comments/require-description')),
    bare.join('\n'),
  );
  assert.deepEqual(
    await findings(
      'scripts/x.cjs',
      '// eslint-disable-next-line no-control-regex -- control characters are what it matches\nmodule.exports = /[\\u0000-\\u001f]/;\n',
    ),
    [],
  );
});

test('[16.5] the react-hooks rules run on the front end (rules-of-hooks, exhaustive-deps)', async () => {
  const code = [
    "import { useEffect, useState } from 'react';",
    'export function A({ on, id }: { on: boolean; id: number }) {',
    '  if (on) useState(0);',
    '  useEffect(() => console.log(id), []);',
    '  return null;',
    '}',
    '',
  ].join('\n');
  const rules = (await findings('remote-content/src/x.tsx', code)).map((m) => m.split(':')[0]);
  assert.ok(rules.includes('react-hooks/rules-of-hooks'), rules.join());
  assert.ok(rules.includes('react-hooks/exhaustive-deps'), rules.join());
});

const layerFindings = async (file, code) => (await findings(file, code)).filter((m) => m.startsWith('site/layers'));
const ADMIN_LAYERS = 'remote-shell-admin/src 的层次由低到高：data、store、menu < components、list-page < pages < layout < 入口文件';

test('[issue 38.3] inside an app an upward import is refused: components/ to pages/, a page to layout/, data/ to list-page/', async () => {
  assert.deepEqual(
    await layerFindings(
      'remote-shell-admin/src/components/Fixture.tsx',
      "import { roleLabel } from '../pages/dashboard/RoleTags';\nexport { roleLabel };\n",
    ),
    [`site/layers: 分层：components/ 不得引用上层的 pages/（${ADMIN_LAYERS}）`],
  );
  assert.deepEqual(
    await layerFindings('remote-shell-admin/src/pages/dashboard/Fixture.tsx', "export const p = import('../../layout/SettingsDrawer');\n"),
    [`site/layers: 分层：pages/ 不得引用上层的 layout/（${ADMIN_LAYERS}）`],
  );
  assert.deepEqual(
    await layerFindings('remote-shell-admin/src/data/fixture.ts', "import { useListPage } from '../list-page';\nexport { useListPage };\n"),
    [`site/layers: 分层：data/ 不得引用上层的 list-page/（${ADMIN_LAYERS}）`],
  );
  assert.deepEqual(await layerFindings('remote-content/src/components/Fixture.tsx', "export { default } from '../Standalone';\n"), [
    'site/layers: 分层：components/ 不得引用上层的 remote-content/src/ 的入口文件（remote-content/src 的层次由低到高：components < pages < 入口文件）',
  ]);
  // Down and level stay allowed, and so does a test, which composes what it tests.
  assert.deepEqual(
    await layerFindings(
      'remote-shell-admin/src/layout/Fixture.tsx',
      "import { ListPage } from '../list-page';\nimport { PageSection } from '../components/PageSection';\nimport { keys } from '../data/keys';\nimport { NotFound } from '../pages/not-found/NotFound';\nexport { ListPage, PageSection, keys, NotFound };\n",
    ),
    [],
  );
  assert.deepEqual(
    await layerFindings(
      'remote-shell-admin/src/components/Fixture.test.tsx',
      "import { BasicLayout } from '../layout/BasicLayout';\nexport { BasicLayout };\n",
    ),
    [],
  );
  // A folder no layer names is refused until eslint.config.mjs gives it one.
  assert.deepEqual(await layerFindings('remote-support/src/widgets/Fixture.tsx', 'export const a = 1;\n'), [
    'site/layers: remote-support/src/widgets/ 不在任何层中：请在 eslint.config.mjs 的 APP_LAYERS 中为它指定一层（components < pages）',
  ]);
});

test('[issue 38.3] a cycle of static imports is refused; an import back of types only, or by import(), is none', async () => {
  // On disk b -> c -> a; a.ts linted with an import of ./b closes the cycle (as committed it has none, so `eslint .` passes).
  const dir = 'scripts/test/fixtures/lint-cycle';
  const cycleFindings = async (file, code) => (await findings(file, code)).filter((m) => m.startsWith('site/no-cycle'));
  assert.deepEqual(await cycleFindings(`${dir}/a.ts`, "import { fromB } from './b';\n\nexport const fromA = () => fromB() + 1;\n"), [
    `site/no-cycle: 循环引用：${dir}/a.ts -> ${dir}/b.ts -> ${dir}/c.ts -> ${dir}/a.ts（把两者共用的部分移到下层的模块中）`,
  ]);
  assert.deepEqual(await cycleFindings(`${dir}/a.ts`, 'export const fromA = () => 1;\n'), []);
  // typed-b imports typed-a's type only, lazy-b imports it by import(): neither runs when the module is evaluated.
  assert.deepEqual(await cycleFindings(`${dir}/typed-a.ts`, fs.readFileSync(path.join(root, dir, 'typed-a.ts'), 'utf8')), []);
});
