// `npm test`'s stages (issue 38.6): --only and --changed, the rule that maps changed files to stages and packages,
// and the closing table of durations against budgets (scripts/lib/test-stages.cjs).
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const { STAGES, SETUP, TOTAL_BUDGET, UNIT_PACKAGES, parseArgs, workspaceGraph, affected, table, clock } = require('../lib/test-stages.cjs');
const { workspaceDirs } = require('../lib/workspace.cjs');

const root = path.resolve(__dirname, '../..');
const graph = workspaceGraph(root, workspaceDirs(root));

test('[issue 38.6] the stages and their budgets add up to the 30 minutes npm test is held to', () => {
  assert.deepEqual(
    STAGES.map((s) => s.name),
    ['lint', 'types', 'unit', 'scripts', 'pg', 'build', 'e2e'],
  );
  assert.equal(TOTAL_BUDGET, 30 * 60);
  assert.equal(SETUP.budget + STAGES.reduce((s, st) => s + st.budget, 0), TOTAL_BUDGET);
});

test('[issue 38.6] --only names stages, --changed narrows them; anything else is refused with the usage', () => {
  assert.deepEqual(parseArgs([]), { only: null, changed: false });
  assert.deepEqual(parseArgs(['--only=unit,pg']), { only: ['unit', 'pg'], changed: false });
  assert.deepEqual(parseArgs(['--only', 'e2e', '--changed']), { only: ['e2e'], changed: true });
  assert.throws(() => parseArgs(['--only=unit,jest']), /unknown stage jest: usage: npm test .*stages: lint, types, unit, scripts, pg, build, e2e/);
  assert.throws(() => parseArgs(['--only=']), /--only names no stage/);
  assert.throws(() => parseArgs(['--fast']), /unknown argument --fast/);
});

test('[issue 38.6] --changed: a shared package runs its own tests and those of every package that depends on it', () => {
  const s = affected(['shared/api-client/src/request.ts'], graph);
  assert.ok(s.unit.includes('shared/api-client') && s.unit.includes('shared/ui') && s.unit.includes('host'), s.unit.join());
  assert.ok(!s.unit.includes('shared/contract') && !s.unit.includes('services/api-server'), s.unit.join());
  assert.deepEqual(s.lint, ['shared/api-client/src/request.ts']);
  assert.equal(s.types, true);
  assert.equal(s.pg, false);
  assert.ok(s.build.includes('host') && s.build.includes('remote-content'), s.build.join());
  assert.equal(s.e2e, true);
});

test('[issue 38.6] --changed: the API server runs its suites on PGlite and PostgreSQL and the end-to-end suite, no app build', () => {
  const s = affected(['services/api-server/src/routes/content.ts', 'services/api-server/migrations/031_x.sql'], graph);
  assert.ok(s.unit.includes('services/api-server'), s.unit.join());
  assert.equal(s.pg, true);
  assert.deepEqual(s.build, []);
  assert.equal(s.e2e, true);
  assert.equal(s.scripts, false);
});

test("[issue 46.2] --changed: a change to the releases package runs its tests, those of every package that imports it, and the release script's", () => {
  const s = affected(['shared/releases/src/release.cjs'], graph);
  for (const dir of ['shared/releases', 'services/origin-server', 'services/page-renderer']) assert.ok(s.unit.includes(dir), s.unit.join());
  assert.equal(s.scripts, true);
  assert.equal(s.pg, false);
});

test('[issue 38.6] --changed: documentation alone is only linted; a workspace-wide file runs everything', () => {
  const docs = affected(['docs/architecture.md', 'README.md'], graph);
  assert.deepEqual(
    { lint: docs.lint, types: docs.types, unit: docs.unit, pg: docs.pg, build: docs.build, e2e: docs.e2e, scripts: docs.scripts },
    { lint: ['docs/architecture.md', 'README.md'], types: false, unit: [], pg: false, build: [], e2e: false, scripts: false },
  );
  const lock = affected(['pnpm-lock.yaml'], graph);
  assert.equal(lock.lint, 'all');
  assert.deepEqual(lock.packages, [...graph.keys()]);
  assert.equal(lock.pg && lock.e2e && lock.scripts && lock.types, true);
  assert.equal(affected(['eslint.config.mjs'], graph).lint, 'all');
  // The runner's own lanes decide how every package's tests run.
  assert.deepEqual(affected(['scripts/lib/lanes.cjs'], graph).packages, [...graph.keys()]);
});

test('[issue 38.6] the closing table gives each stage its time, its budget and whether it kept it', () => {
  const out = table([
    { name: 'lint', seconds: 31, budget: 60, failed: false },
    { name: 'unit', seconds: 615, budget: 600, failed: false },
    { name: 'pg', seconds: 12, budget: 150, failed: true },
  ]);
  assert.equal(
    out,
    [
      'stage          took  budget',
      'lint           0:31    1:00  ok',
      'unit          10:15   10:00  over budget',
      'pg             0:12    2:30  FAILED',
      'total         10:58   13:30',
      '(all stages)          30:00',
    ].join('\n'),
  );
});

test('[issue 38.6] a duration is rounded to the second before it is split: 839.6 s is 14:00, never 13:60', () => {
  assert.equal(clock(839.6), '14:00');
  assert.equal(clock(59.5), '1:00');
  assert.equal(clock(0.4), '0:00');
  assert.equal(clock(2545.4), '42:25');
});

test("[issue 38.6] the API server's suite runs in one lane, beside the origin server's, at nice 10 (its test script)", () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '../../services/api-server/package.json'), 'utf8'));
  assert.equal(UNIT_PACKAGES['services/api-server'].lanes ?? 1, 1);
  assert.match(manifest.scripts.test, /^nice -n 10 node /);
  const order = Object.entries(UNIT_PACKAGES).sort((a, b) => b[1].seconds - a[1].seconds);
  assert.deepEqual(
    order.slice(0, 2).map(([d]) => d),
    ['services/api-server', 'services/origin-server'],
  );
});
