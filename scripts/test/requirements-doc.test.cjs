// docs/requirements.md resolves every requirement ID a test title cites (issue 38.5); the check itself is shown on a
// small tree of its own.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { citedIds, testTitles, problems, regenerate, deviationIds } = require('../lib/requirements.cjs');

const root = path.resolve(__dirname, '../..');

function tree(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'requirements-doc-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

// Fixture sources are built by `call` so that this file's own scan sees no test titles in them.
const call = (fn, title, quote = "'") => `${fn}(${quote}${title}${quote}, () => {});\n`;
const HEAD = '| ID | What the site does | Tested in | Deviation |\n|---|---|---|---|\n';
const CONTRACT = '# c\n\n## Deliberate deviations from the specification\n\n| ID | a | b |\n|---|---|---|\n| NAV-2, NAV-3 | x | y |\n';

test('[issue 38.5] every requirement ID a test title in the repository cites has a row in docs/requirements.md', () => {
  assert.deepEqual(problems(root), []);
});

test('[issue 38.5] a title cites the IDs in its square brackets; issue items and dotted numbers are not requirements', () => {
  assert.deepEqual(citedIds('[AUTH-7][ISSUE-15.7] the token is gone'), ['AUTH-7']);
  assert.deepEqual(citedIds('[ROUTE-5, ROUTE-6] home and products'), ['ROUTE-5', 'ROUTE-6']);
  assert.deepEqual(citedIds('[HTTP-4 deviation: no flag, see contract README][ISSUE-19 spec details] x'), ['HTTP-4']);
  assert.deepEqual(citedIds('[SEC-15.5] a phone already registered; UTF-8 and NAV-1 outside brackets'), []);
  assert.deepEqual(
    testTitles(
      call('test', '[NAV-1] a') +
        call('test.describe.serial', '[FOOT-2] b', '`').replace('(', '(\n  ') +
        call('it', '[SRCH-3] c\\" d', '"') +
        call('notatest', '[X-1]'),
    ),
    ['[NAV-1] a', '[FOOT-2] b', '[SRCH-3] c" d'],
  );
});

test('[issue 38.5] the check fails on a cited ID with no row and on a named test file that is gone, and passes once both are fixed', () => {
  const dir = tree({
    'pnpm-workspace.yaml': 'packages:\n  - app\n',
    'app/src/a.test.ts': call('test', '[NAV-1][NAV-2][ISSUE-3.1] the menu'),
    'app/node_modules/x/b.test.ts': call('test', '[NAV-3] a dependency of the package is not read'),
    'shared/contract/README.md': CONTRACT,
    'docs/requirements.md': `${HEAD}| NAV-1 | menu | \`app/src/gone.test.ts\` |  |\n`,
  });
  assert.deepEqual(problems(dir), [
    'NAV-2 is cited by app/src/a.test.ts but has no row in docs/requirements.md',
    'NAV-1: docs/requirements.md names app/src/gone.test.ts, which does not exist',
  ]);
  fs.writeFileSync(path.join(dir, 'docs/requirements.md'), `${HEAD}| NAV-1 | menu | |  |\n| NAV-2 | labels |  |  |\n| NAV-4 | drawer | | |\n`);
  const written = regenerate(dir);
  assert.equal(
    written,
    `${HEAD}| NAV-1 | menu | \`app/src/a.test.ts\` |  |\n` +
      '| NAV-2 | labels | `app/src/a.test.ts` | [deviation](../shared/contract/README.md#deliberate-deviations-from-the-specification) |\n' +
      '| NAV-4 | drawer | no test title cites it |  |\n',
  );
  fs.writeFileSync(path.join(dir, 'docs/requirements.md'), written);
  assert.deepEqual(problems(dir), []);
  fs.rmSync(dir, { recursive: true, force: true });
});

test("[issue 38.5] the deviation links follow the contract README's table", () => {
  const readme = fs.readFileSync(path.join(root, 'shared/contract/README.md'), 'utf8');
  const doc = fs.readFileSync(path.join(root, 'docs/requirements.md'), 'utf8');
  for (const id of deviationIds(readme)) assert.match(doc, new RegExp(`^\\| ${id} \\|.*\\[deviation\\]`, 'm'), id);
  assert.ok(deviationIds(readme).has('UPLOAD-3'));
});
