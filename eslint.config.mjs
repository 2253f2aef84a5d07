// The workspace's one ESLint config (`npm run lint`, and a step of `npm test`).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import comments from '@eslint-community/eslint-plugin-eslint-comments';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const root = path.dirname(fileURLToPath(import.meta.url));

// Package boundaries. Each folder named in pnpm-workspace.yaml is one workspace package. A package reaches
// another only by its name (`@site/x`, declared as a `workspace:*` dependency), never by a relative path: a path ties
// the two folders' places together and hides the dependency from package.json, pnpm and the test selection. Which
// packages each may name is decided below. A relative path's reach depends on the importing file's depth, which
// `no-restricted-imports` patterns cannot express, and they do not see require() or import(): hence this small rule.
const APPS = ['host', 'remote-content', 'remote-support', 'remote-account', 'remote-shell-admin'];
const SHARED = ['shared/contract', 'shared/app-runtime', 'shared/api-client', 'shared/ui', 'shared/antd-kit'];
/**
 * The Node services, and the workspace packages each may import: the contract, the storage, the metrics listener, the
 * releases (the origins and the renderer), the address-to-file rule and the topology file (the origins).
 */
const SERVICES = {
  'services/api-server': ['shared/contract', 'shared/object-storage', 'shared/metrics-http'],
  'services/page-renderer': ['shared/contract', 'shared/object-storage', 'shared/releases', 'shared/page-files'],
  'services/origin-server': [
    'shared/contract',
    'shared/build-config',
    'shared/object-storage',
    'shared/metrics-http',
    'shared/releases',
    'shared/page-files',
  ],
};
/** Node-only shared packages, and the workspace packages each may import (the services import them). */
const NODE_ONLY = {
  'shared/object-storage': [],
  'shared/metrics-http': [],
  'shared/page-files': [],
  'shared/releases': ['shared/build-config', 'shared/contract', 'shared/object-storage'],
};
/** The workspace's tools (build, start, test, bench; the end-to-end suite): they may name any package; none names them. */
const TOOLS = ['scripts', 'e2e'];
/** What each shared package may import among the shared ones: the layers run contract -> app-runtime -> api-client -> ui. */
const LAYERS = {
  'shared/contract': [],
  'shared/antd-kit': [],
  'shared/app-runtime': ['shared/contract', 'shared/antd-kit'],
  'shared/api-client': ['shared/contract', 'shared/app-runtime'],
  'shared/ui': ['shared/contract', 'shared/app-runtime', 'shared/api-client', 'shared/antd-kit'],
};
const require = createRequire(import.meta.url);
const PACKAGES = require('./scripts/lib/workspace.cjs').workspaceDirs(root);
const { layers, noCycle } = require('./scripts/lib/lint-layers.cjs');

// Layers inside each app (rule `site/layers`, scripts/lib/lint-layers.cjs): the folders under src/, lowest
// first; a folder imports its own layer and those below; the files directly in src/ (entry, exposed shell) are above
// all. A new folder must be given a layer here, or lint says so.
const APP_LAYERS = {
  'host/src': [
    ['styles', 'site-data', 'antd'],
    ['services', 'federation'],
    ['start', 'app', 'render', 'components'],
    ['pages', 'layouts'],
  ],
  'remote-content/src': [['components'], ['pages']],
  'remote-support/src': [['components'], ['pages']],
  'remote-account/src': [['components'], ['pages']],
  'remote-shell-admin/src': [['data', 'store', 'menu'], ['components', 'list-page'], ['pages'], ['layout']],
};
const folderOfPackage = new Map(PACKAGES.map((dir) => [JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8')).name, dir]));
/** The workspace package folder that holds a root-relative file, or the file's first segment outside any package. */
const packageOf = (rel) => PACKAGES.find((dir) => rel === dir || rel.startsWith(dir + '/')) ?? rel.split('/')[0];

/** Why `from` may not import `target` (workspace package folders), or null when it may. */
function forbidden(from, target) {
  if (from === target) return null;
  if (TOOLS.includes(target) && PACKAGES.includes(from)) return `${from} 不得引用工具包 ${target}（scripts、e2e 只引用别的包，不被任何包引用）`;
  if (APPS.includes(from) && APPS.includes(target)) return `应用 ${from} 不得引用另一个应用 ${target}（应用之间只通过模块联邦的远程模块相连）`;
  if (SHARED.includes(from) && !SHARED.includes(target) && target !== 'shared/build-config')
    return `共享包 ${from} 不得引用 ${target}（共享包被各应用打包，不能依赖任何应用或服务）`;
  if (SHARED.includes(from) && SHARED.includes(target) && !LAYERS[from].includes(target))
    return `共享包 ${from} 不得引用 ${target}（层次：contract -> app-runtime -> api-client -> ui；运行时单例必须小而稳定）`;
  if (SERVICES[from] && !SERVICES[from].includes(target))
    return `服务 ${from} 只可引用工作区中的 ${SERVICES[from].map((p) => `@site/${path.basename(p)}`).join('、')}，不得引用 ${target}`;
  if (NODE_ONLY[target] && (APPS.includes(from) || SHARED.includes(from)))
    return `${from} 运行在浏览器中，不得引用只运行于 Node 的 @site/${path.basename(target)}`;
  if (NODE_ONLY[from] && !NODE_ONLY[from].includes(target))
    return `共享包 ${from} 不得引用 ${target}（${NODE_ONLY[from].length ? `它只可引用 ${NODE_ONLY[from].map((p) => `@site/${path.basename(p)}`).join('、')}` : '它不引用工作区中的其他包'}）`;
  return null;
}

/** Why a relative path from package `from` to `target` (a package folder, or a folder outside every package) is refused. */
function crossesByPath(from, target, spec) {
  if (!PACKAGES.includes(from) || from === target) return null;
  const name = [...folderOfPackage].find(([, dir]) => dir === target)?.[0];
  return name
    ? `${from} 不得用相对路径 ${spec} 引用另一个包 ${target} 的文件：按包名引用（${name}，在 ${from}/package.json 中声明 "${name}": "workspace:*"）`
    : `${from} 不得用相对路径 ${spec} 引用包外的 ${target}：只引用本包的文件，或按包名引用别的包`;
}

const ANTD = /^(antd|@ant-design\/icons)(\/|$)/;

/** The workspace package a specifier lands in ({ folder, file } relative to the root), or null for third-party code. */
function targetOf(spec, filename) {
  if (spec.startsWith('.')) {
    const rel = path.relative(root, path.resolve(path.dirname(filename), spec));
    if (rel.startsWith('..')) return null;
    const file = rel.split(path.sep).join('/').replace(/\.js$/, '.ts');
    return { folder: packageOf(file), file };
  }
  const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
  const folder = folderOfPackage.get(name);
  return folder ? { folder, file: null } : null;
}

const boundaries = {
  meta: { type: 'problem', schema: [], docs: { description: 'Workspace package boundaries and antd only through @site/antd-kit' } },
  create(context) {
    const filename = context.filename;
    const from = packageOf(path.relative(root, filename).split(path.sep).join('/'));
    function check(node) {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string') return;
      const spec = node.value;
      if (ANTD.test(spec) && from !== 'shared/antd-kit') {
        context.report({ node, message: `只能通过 @site/antd-kit 引用 ${spec}（站点共享的 antd 组件在 antd-kit 中统一声明）` });
        return;
      }
      const target = targetOf(spec, filename);
      const why = target && (forbidden(from, target.folder) ?? (spec.startsWith('.') ? crossesByPath(from, target.folder, spec) : null));
      if (why) context.report({ node, message: why });
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      CallExpression(node) {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') check(node.arguments[0]);
      },
      TSExternalModuleReference: (node) => check(node.expression),
    };
  },
};

// The compiler-era hook rules come as warnings; here every finding fails `npm test`.
const hooksRules = Object.fromEntries(
  Object.entries(reactHooks.configs.recommended.rules).map(([rule, level]) => [rule, level === 'warn' ? 'error' : level]),
);

export default defineConfig([
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      'deploy/*',
      '!deploy/examples/',
      '**/coverage/',
      '**/test-results/',
      '**/playwright-report/',
      '**/.data/',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,cts,js,cjs,mjs}'],
    languageOptions: { ecmaVersion: 'latest', globals: { ...globals.node } },
    plugins: {
      site: { rules: { boundaries, layers, 'no-cycle': noCycle } },
      'react-hooks': reactHooks,
      '@eslint-community/eslint-comments': comments,
    },
    rules: {
      ...hooksRules,
      'site/boundaries': 'error',
      'site/layers': ['error', APP_LAYERS],
      'site/no-cycle': 'error',
      '@eslint-community/eslint-comments/require-description': ['error', { ignore: [] }],
      '@eslint-community/eslint-comments/no-unlimited-disable': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Code that runs in the browser: the apps, the shared packages and the federation runtime plugin.
    files: [...APPS, ...SHARED, 'e2e/fixtures'].map((dir) => `${dir}/src/**`).concat('shared/build-config/runtime/**'),
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Jest runs the front-end packages' tests in jsdom; the server, scripts and build-config use node:test.
    files: [...APPS, ...SHARED]
      .map((dir) => `${dir}/src/**/*.test.{ts,tsx}`)
      .concat('*/jest.setup.cjs', 'shared/*/jest.setup.cjs', 'shared/build-config/jest-setup.cjs'),
    languageOptions: { globals: { ...globals.jest, ...globals.browser } },
  },
  {
    // CommonJS files: require() is how they load modules, and a module's own `const crypto = require('crypto')`
    // is local to the module, not a second declaration of Node's global.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off', 'no-redeclare': ['error', { builtinGlobals: false }] },
  },
  prettier,
]);
