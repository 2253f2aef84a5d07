/**
 * Guard for issue 15 finding 6: one unguarded `window.localStorage` blanked the whole site in a portal frame. Every
 * front-end source file (host, remotes, the workspace packages) must reach localStorage, sessionStorage and cookies through
 * storage/safe-storage.ts. Test files are left out: they play the browser's part (set a cookie as the server would).
 * The check reads the syntax tree, so comments and words inside text do not count.
 */
import fs from 'fs';
import path from 'path';
import ts from 'typescript';

const REPO = path.resolve(__dirname, '../../../..');
const HELPER = path.join(__dirname, 'safe-storage.ts');
const DIRECT_NAMES = new Set(['localStorage', 'sessionStorage']);

function sourceRoots(): string[] {
  const apps = fs.readdirSync(REPO).filter((d) => d === 'host' || d.startsWith('remote-'));
  const shared = ['contract', 'app-runtime', 'api-client', 'ui'].map((d) => `shared/${d}`);
  return [...apps, ...shared].map((d) => path.join(REPO, d, 'src')).filter((d) => fs.existsSync(d));
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.(ts|tsx)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** Each direct use in a file: `file:line what`. */
export function directStorageUses(file: string, text = fs.readFileSync(file, 'utf8')): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const at = (node: ts.Node, what: string) =>
    found.push(`${path.relative(REPO, file)}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${what}`);
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && DIRECT_NAMES.has(node.text)) at(node, node.text);
    else if (ts.isStringLiteralLike(node) && (DIRECT_NAMES.has(node.text) || node.text === 'cookie') && ts.isElementAccessExpression(node.parent))
      at(node, `[${node.text}]`);
    else if (ts.isStringLiteral(node) && node.text === 'js-cookie') at(node, 'js-cookie');
    else if (ts.isPropertyAccessExpression(node) && node.name.text === 'cookie' && /(^|\.)document$/.test(node.expression.getText(sf)))
      at(node, 'document.cookie');
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('storage guard', () => {
  test('[ISSUE-15.6] the guard sees each kind of direct use (and not comments or text)', () => {
    const sample = [
      "import Cookies from 'js-cookie';",
      'const a = window.localStorage;',
      'const b = globalThis.sessionStorage?.getItem("x");',
      "const c = window['localStorage'];",
      'document.cookie = "x=1";',
      'const d = doc.cookie;',
      '// localStorage in a comment, document.cookie too',
      'const e = "localStorage is a word here";',
    ].join('\n');
    const uses = directStorageUses(path.join(REPO, 'host/src/sample.ts'), sample).map((u) => u.replace(/^.*:(\d+) /, '$1 '));
    expect(uses).toEqual(['1 js-cookie', '2 localStorage', '3 sessionStorage', '4 [localStorage]', '5 document.cookie']);
  });

  test('[ISSUE-15.6] no front-end source file outside safe-storage.ts touches localStorage, sessionStorage, document.cookie or js-cookie', () => {
    const files = sourceRoots()
      .flatMap(sourceFiles)
      .filter((f) => f !== HELPER);
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((f) => directStorageUses(f))).toEqual([]);
  });
});
