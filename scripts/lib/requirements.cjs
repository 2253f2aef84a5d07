/**
 * docs/requirements.md against the tests: which requirement IDs the test titles cite (`[SRCH-3] …`), which the page
 * describes, and the two columns of its tables that are derived from the tree (the test files citing each ID, the
 * deviation link from the contract README's table), so a clone resolves every cited ID without the product handbook.
 */
const fs = require('fs');
const path = require('path');
const { workspaceDirs } = require('./workspace.cjs');

const ROOT = path.resolve(__dirname, '../..');
const DOC = 'docs/requirements.md';
const CONTRACT_README = 'shared/contract/README.md';
const DEVIATIONS_HEADING = '## Deliberate deviations from the specification';
const DEVIATION_LINK = `[deviation](../${CONTRACT_README}#deliberate-deviations-from-the-specification)`;
const TEST_FILE = /\.(test|spec)\.(ts|tsx|mts|cts|js|cjs|mjs)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'playwright-report', '.data']);
// `[ISSUE-18.1]`, `[SEC-15.5]`: issue items, not requirements; an ID never has a dotted suffix.
const ID = /(?:^|[\s,;/(])([A-Z][A-Z0-9]*-\d+)(?![.\d])/g;
const NOT_REQUIREMENTS = new Set(['ISSUE']);

function testFiles(root = ROOT) {
  const out = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (SKIP_DIRS.has(entry.name) || entry.name.startsWith('.')) continue;
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (TEST_FILE.test(entry.name)) out.push(rel);
    }
  };
  for (const dir of workspaceDirs(root)) if (fs.existsSync(path.join(root, dir))) walk(dir);
  return out.sort();
}

/** The string literal that opens at `source[start]` (a quote or a backtick), or null. */
function literalAt(source, start) {
  const quote = source[start];
  if (quote !== "'" && quote !== '"' && quote !== '`') return null;
  let text = '';
  for (let i = start + 1; i < source.length; i++) {
    if (source[i] === '\\') text += source[++i];
    else if (source[i] === quote) return text;
    else text += source[i];
  }
  return null;
}

/** The titles of `test(…)`, `it(…)`, `describe(…)` and their modifiers (`test.describe.serial(…)`) in one source. */
function testTitles(source) {
  const titles = [];
  const call = /\b(?:test|it|describe)(?:\.[A-Za-z]+)*\s*\(\s*/g;
  for (let m; (m = call.exec(source));) {
    const title = literalAt(source, m.index + m[0].length);
    if (title !== null) titles.push(title);
  }
  return titles;
}

/** Requirement IDs a title cites: each `[…]` group's IDs (`[NAV-1]`, `[ROUTE-5, ROUTE-6]`, `[HTTP-4 deviation: …]`). */
function citedIds(title) {
  const ids = new Set();
  for (const [, group] of title.matchAll(/\[([^\]]*)\]/g))
    for (const [, id] of group.matchAll(ID)) if (!NOT_REQUIREMENTS.has(id.split('-')[0])) ids.add(id);
  return [...ids];
}

/** Map of ID -> sorted test files whose titles cite it. */
function citations(root = ROOT) {
  const byId = new Map();
  for (const file of testFiles(root)) {
    const source = fs.readFileSync(path.join(root, file), 'utf8');
    for (const title of testTitles(source))
      for (const id of citedIds(title)) {
        if (!byId.has(id)) byId.set(id, new Set());
        byId.get(id).add(file);
      }
  }
  return new Map([...byId].map(([id, files]) => [id, [...files].sort()]));
}

/** The table rows of docs/requirements.md: `| ID | what | tested in | deviation |`, by ID. */
function documentedRows(markdown) {
  const rows = new Map();
  markdown.split('\n').forEach((line, index) => {
    const m = /^\|\s*([A-Z][A-Z0-9]*-\d+)\s*\|/.exec(line);
    if (m)
      rows.set(m[1], {
        index,
        cells: line
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim()),
      });
  });
  return rows;
}

/** IDs the contract README's deviation table lists (its first column: `UPLOAD-2, UPLOAD-3`). */
function deviationIds(readme) {
  const section = readme.split(DEVIATIONS_HEADING)[1];
  if (!section) throw new Error(`${CONTRACT_README} has no "${DEVIATIONS_HEADING}" section`);
  const ids = new Set();
  for (const line of section.split('\n')) {
    const first = /^\|([^|]*)\|/.exec(line);
    if (first) for (const [, id] of first[1].matchAll(ID)) ids.add(id);
  }
  return ids;
}

const pathsIn = (cell) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);

/**
 * What is wrong with docs/requirements.md: IDs a test title cites that it does not describe, and test files it
 * names that no longer exist. Empty when it is current.
 */
function problems(root = ROOT) {
  const rows = documentedRows(fs.readFileSync(path.join(root, DOC), 'utf8'));
  const found = [];
  for (const [id, files] of citations(root)) if (!rows.has(id)) found.push(`${id} is cited by ${files.join(', ')} but has no row in ${DOC}`);
  for (const [id, row] of rows)
    for (const file of pathsIn(row.cells[2] ?? ''))
      if (!fs.existsSync(path.join(root, file))) found.push(`${id}: ${DOC} names ${file}, which does not exist`);
  return found;
}

/** docs/requirements.md with its derived columns (tested in, deviation) written from the tree. */
function regenerate(root = ROOT) {
  const markdown = fs.readFileSync(path.join(root, DOC), 'utf8');
  const cited = citations(root);
  const deviations = deviationIds(fs.readFileSync(path.join(root, CONTRACT_README), 'utf8'));
  const lines = markdown.split('\n');
  for (const [id, row] of documentedRows(markdown)) {
    const files = cited.get(id) ?? [];
    const tested = files.length ? files.map((f) => `\`${f}\``).join(', ') : 'no test title cites it';
    lines[row.index] = `| ${id} | ${row.cells[1]} | ${tested} | ${deviations.has(id) ? DEVIATION_LINK : ''} |`;
  }
  return lines.join('\n');
}

module.exports = { DOC, testFiles, testTitles, citedIds, citations, documentedRows, deviationIds, problems, regenerate };
