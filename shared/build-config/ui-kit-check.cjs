/**
 * The build check of @site/antd-kit: an app reaches antd and @ant-design/icons only through @site/antd-kit, and uses
 * only the react-router-dom exports the kit declares as shared, and only the TanStack Query exports listed here.
 * Reads the checked app's own sources only.
 */
const fs = require('fs');
const path = require('path');
const ts = require('typescript');
const declared = require('@site/antd-kit/shared-exports');

const SOURCE = /\.(tsx?|jsx?|cjs|mjs)$/;
const TEST = /\.test\.(tsx?|jsx?)$/;
/** The server build's entry (server.cjs) never reaches a browser, where the router is shared tree-shaken. */
const SERVER_ENTRY = /[\\/]src[\\/]server\.tsx?$/;

/**
 * The TanStack Query exports the site's browser code uses: every build shares the package tree-shaken to this list
 * (12.6 KB brotli whole, 10.3 KB so). Like the router it is one instance per page (its React context holds the
 * page's query cache): an export missing here would make that app load a whole copy of its own, whose hooks find no
 * cache. Using another export means adding it here.
 */
const QUERY_EXPORTS = [
  'QueryClient',
  'QueryClientContext',
  'QueryClientProvider',
  'dehydrate',
  'hydrate',
  'keepPreviousData',
  'queryOptions',
  'skipToken',
  'useMutation',
  'useQuery',
  'useQueryClient',
];

function isKitPackage(specifier) {
  return declared.packages.some((p) => specifier === p || specifier.startsWith(`${p}/`));
}

function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const f = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(f);
    return SOURCE.test(e.name) ? [f] : [];
  });
}

/**
 * A file's module references, read with TypeScript's parser (no regular expression reads source in the
 * build): every specifier of an import, export-from, `import x = require()`, `import()` and `require()`, and the
 * value names a non-type import or export names from each specifier.
 */
function moduleReferences(file, text) {
  const kind = /\.(tsx|jsx)$/.test(file) ? ts.ScriptKind.TSX : /\.ts$/.test(file) ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const lineOf = (node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const refs = [];
  const visit = (node) => {
    let spec = null;
    let names = [];
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      spec = node.moduleSpecifier;
      const typeOnly = ts.isImportDeclaration(node) ? node.importClause?.isTypeOnly : node.isTypeOnly;
      const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
      if (!typeOnly && bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings)))
        names = bindings.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      if (ts.isStringLiteral(node.moduleReference.expression)) spec = node.moduleReference.expression;
    } else if (ts.isCallExpression(node) && node.arguments.length && ts.isStringLiteral(node.arguments[0])) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require')) spec = node.arguments[0];
    }
    if (spec) refs.push({ specifier: spec.text, line: lineOf(node), names });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return refs;
}

/** Problems (Chinese, one per finding, with file:line) in the sources under `srcDir`; [] when the app is clean. */
function checkKitImports(srcDir) {
  const problems = [];
  const allowedRouter = new Set(declared.router);
  const allowedQuery = new Set(QUERY_EXPORTS);
  for (const file of sourceFiles(srcDir)) {
    const refs = moduleReferences(file, fs.readFileSync(file, 'utf8'));
    const where = (line) => `${path.relative(process.cwd(), file)}:${line}`;
    for (const r of refs) {
      if (isKitPackage(r.specifier)) problems.push(`${where(r.line)} 直接引用了 ${r.specifier}：请改为从 @site/antd-kit 引入`);
      if (r.specifier === 'react-router' || r.specifier.startsWith('react-router/')) {
        problems.push(`${where(r.line)} 直接引用了 ${r.specifier}：请从 react-router-dom 引入（共享的单例）`);
      }
    }
    if (TEST.test(file) || SERVER_ENTRY.test(file)) continue; // tests and the server entry are not in a browser bundle: any router export may serve them
    for (const r of refs) {
      if (r.specifier === '@tanstack/react-query') {
        for (const name of r.names.filter((n) => !allowedQuery.has(n)))
          problems.push(
            `${where(r.line)} 使用了未在 build-config/ui-kit-check.cjs（QUERY_EXPORTS）声明的 @tanstack/react-query 导出 ${name}：请先在那里声明`,
          );
      }
      if (r.specifier !== 'react-router-dom') continue;
      for (const name of r.names) {
        if (!allowedRouter.has(name)) {
          problems.push(
            `${where(r.line)} 使用了未在 @site/antd-kit/shared-exports.cjs 声明的 react-router-dom 导出 ${name}：请先在那里声明（ui-kit 次版本）`,
          );
        }
      }
    }
  }
  return problems;
}

/** Fails the build of an app whose sources go around the kit. */
class UiKitImportCheckPlugin {
  constructor(srcDir) {
    this.srcDir = srcDir;
  }

  apply(compiler) {
    compiler.hooks.beforeCompile.tap('UiKitImportCheckPlugin', () => {
      const problems = checkKitImports(this.srcDir);
      if (problems.length) throw new Error(`@site/antd-kit 检查未通过：\n  - ${problems.join('\n  - ')}`);
    });
  }
}

module.exports = { checkKitImports, UiKitImportCheckPlugin, QUERY_EXPORTS };
