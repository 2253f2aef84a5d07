/**
 * The build check of @site/antd-kit: an app reaches antd and @ant-design/icons only through @site/antd-kit, and uses
 * only the react-router-dom exports the kit declares as shared. Reads the checked app's own sources only.
 */
const fs = require('fs');
const path = require('path');
const declared = require('@site/antd-kit/shared-exports');

const SOURCE = /\.(tsx?|jsx?|cjs|mjs)$/;
const TEST = /\.test\.(tsx?|jsx?)$/;
/** The server build's entry (server.cjs) never reaches a browser, where the router is shared tree-shaken. */
const SERVER_ENTRY = /[\\/]src[\\/]server\.tsx?$/;
// Module specifiers of static imports / re-exports, dynamic imports and require().
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;
const NAMED_FROM = /\b(import|export)\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;

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

function lineOf(text, index) {
  return text.slice(0, index).split('\n').length;
}

/** Problems (Chinese, one per finding, with file:line) in the sources under `srcDir`; [] when the app is clean. */
function checkKitImports(srcDir) {
  const problems = [];
  const allowedRouter = new Set(declared.router);
  for (const file of sourceFiles(srcDir)) {
    const text = fs.readFileSync(file, 'utf8');
    const where = (i) => `${path.relative(process.cwd(), file)}:${lineOf(text, i)}`;
    for (const m of text.matchAll(SPECIFIER)) {
      if (isKitPackage(m[1])) problems.push(`${where(m.index)} 直接引用了 ${m[1]}：请改为从 @site/antd-kit 引入`);
      if (m[1] === 'react-router' || m[1].startsWith('react-router/')) {
        problems.push(`${where(m.index)} 直接引用了 ${m[1]}：请从 react-router-dom 引入（共享的单例）`);
      }
    }
    if (TEST.test(file) || SERVER_ENTRY.test(file)) continue; // tests and the server entry are not in a browser bundle: any router export may serve them
    for (const m of text.matchAll(NAMED_FROM)) {
      if (m[4] !== 'react-router-dom' || m[2]) continue;
      for (const spec of m[3].split(',')) {
        const s = spec.trim();
        if (!s || s.startsWith('type ')) continue;
        const name = s.split(/\s+as\s+/)[0].trim();
        if (!allowedRouter.has(name)) {
          problems.push(
            `${where(m.index)} 使用了未在 @site/antd-kit/shared-exports.cjs 声明的 react-router-dom 导出 ${name}：请先在那里声明（ui-kit 次版本）`,
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

module.exports = { checkKitImports, UiKitImportCheckPlugin };
