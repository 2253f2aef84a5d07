/**
 * Two ESLint rules of the workspace config (eslint.config.mjs), beside the package boundary rule there:
 *
 * - `layers`: inside an app, the folders under `src/` stand in layers (given per app in the config, lowest first);
 *   a file imports its own layer and those below, never one above (components/ never imports pages/ or layout/,
 *   a page never imports layout/). Files directly in `src/` (the app's entry, its exposed shell) are the top layer.
 *   Tests are not held to it: a test composes what it tests.
 * - `no-cycle`: no module reaches itself again through its static imports (relative imports, followed through the
 *   files they name, parsed with TypeScript's parser). A cycle makes evaluation order decide whether a binding is
 *   there yet. Type-only imports and `import()` are not followed: neither runs when the module is evaluated.
 *
 * Hand-written rather than eslint-plugin-import's `no-restricted-paths` and `no-cycle`: that plugin's releases do not
 * declare ESLint 10 (the workspace's), and a relative path's reach is resolved here the same way as the package
 * boundary rule resolves it.
 */
const fs = require('fs');
const path = require('path');
const ts = require('typescript');

const EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.cjs', '.mjs'];
const TEST_FILE = /(\.test\.[cm]?[jt]sx?$)|(\/test\/)|(\/__tests__\/)/;

/** The file a relative specifier names (TypeScript's rules: `.js` may stand for `.ts`, a folder for its index), or null. */
function resolveRelative(fromFile, spec) {
  const base = path.resolve(path.dirname(fromFile), spec);
  const candidates = [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => path.join(base, `index${e}`))];
  if (/\.[cm]?js$/.test(base)) candidates.push(base.replace(/\.([cm]?)js$/, '.$1ts'), base.replace(/\.js$/, '.tsx'));
  for (const c of candidates) {
    try {
      if (fs.statSync(c).isFile()) return c;
    } catch {
      /* not this one */
    }
  }
  return null;
}

/** Is an ESTree import/export node type-only (`import type`, or every specifier `type`)? */
function typeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type');
}

/** Calls `visit(sourceNode, node)` for each import, export-from, require() and import() of the file being linted. */
function importVisitors(visit, { dynamic }) {
  return {
    ImportDeclaration: (node) => !typeOnly(node) && visit(node.source, node),
    ExportNamedDeclaration: (node) => node.source && !typeOnly(node) && visit(node.source, node),
    ExportAllDeclaration: (node) => node.exportKind !== 'type' && visit(node.source, node),
    ImportExpression: (node) => dynamic && visit(node.source, node),
    TSImportEqualsDeclaration: (node) =>
      node.importKind !== 'type' && node.moduleReference.type === 'TSExternalModuleReference' && visit(node.moduleReference.expression, node),
    CallExpression(node) {
      if (node.callee.type === 'Identifier' && node.callee.name === 'require') visit(node.arguments[0], node);
    },
  };
}

const stringOf = (node) => (node && node.type === 'Literal' && typeof node.value === 'string' ? node.value : null);

const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'Inside an app, a folder imports only its own layer and the layers below it' },
    schema: [{ type: 'object', additionalProperties: { type: 'array', items: { type: 'array', items: { type: 'string' } } } }],
  },
  create(context) {
    const root = context.cwd;
    const rel = path.relative(root, context.filename).split(path.sep).join('/');
    const apps = context.options[0] ?? {};
    const srcDir = Object.keys(apps).find((dir) => rel.startsWith(`${dir}/`));
    if (!srcDir || TEST_FILE.test(rel)) return {};
    const order = apps[srcDir];
    const top = order.length;
    const describe = order.map((l) => l.join('、')).join(' < ');
    /** The folder under src/ of a root-relative file (null: directly in src/) and its layer's rank (undefined: none). */
    const placeOf = (file) => {
      const parts = file.slice(srcDir.length + 1).split('/');
      if (parts.length === 1) return { folder: null, rank: top };
      const rank = order.findIndex((l) => l.includes(parts[0]));
      return { folder: parts[0], rank: rank < 0 ? undefined : rank };
    };
    const from = placeOf(rel);
    if (from.rank === undefined) {
      return {
        Program: (node) =>
          context.report({
            node,
            message: `${srcDir}/${from.folder}/ 不在任何层中：请在 eslint.config.mjs 的 APP_LAYERS 中为它指定一层（${describe}）`,
          }),
      };
    }
    return importVisitors(
      (source) => {
        const spec = stringOf(source);
        if (!spec || !spec.startsWith('.')) return;
        // The file it names (a folder import lands in that folder's index), else the path as written (a stylesheet, say).
        const named = resolveRelative(context.filename, spec) ?? path.resolve(path.dirname(context.filename), spec);
        const target = path.relative(root, named).split(path.sep).join('/');
        if (!target.startsWith(`${srcDir}/`)) return;
        const to = placeOf(target);
        if (to.rank === undefined || to.rank <= from.rank) return;
        const fromName = from.folder ? `${from.folder}/` : `${srcDir}/ 的入口文件`;
        const toName = to.folder ? `${to.folder}/` : `${srcDir}/ 的入口文件`;
        context.report({ node: source, message: `分层：${fromName} 不得引用上层的 ${toName}（${srcDir} 的层次由低到高：${describe} < 入口文件）` });
      },
      { dynamic: true },
    );
  },
};

/**
 * A file's static, non-type-only relative imports (resolved), read again when it changed: a lint run asks for the same
 * files thousands of times, so the modification time is looked at no more than once a second per file.
 */
const edgeCache = new Map();

function staticImportsOf(file) {
  const cached = edgeCache.get(file);
  if (cached && Date.now() - cached.checkedAt < 1000) return cached.edges;
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return [];
  }
  if (cached && cached.mtimeMs === stat.mtimeMs) {
    cached.checkedAt = Date.now();
    return cached.edges;
  }
  const text = fs.readFileSync(file, 'utf8');
  const kind = /\.[cm]?tsx$|\.jsx$/.test(file) ? ts.ScriptKind.TSX : /\.[cm]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const specs = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const allTypes =
        clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!allTypes && ts.isStringLiteral(node.moduleSpecifier)) specs.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node)) {
      const allTypes =
        node.isTypeOnly ||
        (node.exportClause &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.length > 0 &&
          node.exportClause.elements.every((e) => e.isTypeOnly));
      if (!allTypes && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) specs.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && !node.isTypeOnly && ts.isExternalModuleReference(node.moduleReference)) {
      const e = node.moduleReference.expression;
      if (ts.isStringLiteral(e)) specs.push(e.text);
    } else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'require') {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteral(arg)) specs.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const edges = [
    ...new Set(
      specs
        .filter((s) => s.startsWith('.'))
        .map((s) => resolveRelative(file, s))
        .filter(Boolean),
    ),
  ];
  edgeCache.set(file, { mtimeMs: stat.mtimeMs, checkedAt: Date.now(), edges });
  return edges;
}

/** A path of static imports from `start` back to `goal` (both absolute), or null. */
function pathBack(start, goal) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length) {
    const [file, trail] = stack.pop();
    if (file === goal) return trail;
    if (seen.has(file) || file.includes(`${path.sep}node_modules${path.sep}`)) continue;
    seen.add(file);
    for (const next of staticImportsOf(file)) if (!seen.has(next)) stack.push([next, [...trail, next]]);
  }
  return null;
}

const noCycle = {
  meta: { type: 'problem', docs: { description: 'No module reaches itself through its static imports' }, schema: [] },
  create(context) {
    const self = context.filename;
    const root = context.cwd;
    return importVisitors(
      (source) => {
        const spec = stringOf(source);
        if (!spec || !spec.startsWith('.')) return;
        const target = resolveRelative(self, spec);
        if (!target || target === self) return;
        const trail = pathBack(target, self);
        if (!trail) return;
        const shown = [self, ...trail].map((f) => path.relative(root, f).split(path.sep).join('/')).join(' -> ');
        context.report({ node: source, message: `循环引用：${shown}（把两者共用的部分移到下层的模块中）` });
      },
      { dynamic: false },
    );
  },
};

module.exports = { layers, noCycle, resolveRelative };
