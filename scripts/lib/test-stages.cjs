/**
 * The stages of `npm test` (scripts/test.cjs): their names and budgets, the command line
 * (`--only=<stage>[,<stage>]`, `--changed`), which stages and packages a set of changed files affects, and the
 * table of durations printed at the end. Pure functions, so scripts/test/test-stages.test.cjs can hold them.
 */
const fs = require('fs');
const path = require('path');

/**
 * In run order. `budget` (seconds) is what the stage should take on the 2-core machine, and the stages' sum is the
 * 30 minutes `npm test` must stay under. The clean clone of 742a39c (29 Nov 2026, 36:40 in all) took setup 10 s,
 * lint 57 s, types 48 s, unit 720 s (one package at a time), scripts 11 s, pg 210 s, build 116 s, e2e about 1,170 s
 * (about 180 s of it the six extra builds, the rest Playwright). Since then the unit stage runs in lanes: the API
 * server's suite alone (280 s, 1.9 cores: 536 CPU-s measured), then the origin server's (236 s, one core) beside
 * every other package (about 200 s of one core): 540 s. Since jsdom, svg-captcha, the AWS SDK and file-type load on
 * first use rather than on import (0.9 CPU-s less for each process that imports the server), the API suite takes
 * about 18% less CPU: 300-311 -> 251-259 CPU-s on PGlite (two runs each), 145 -> 110 CPU-s in the pg stage (one
 * each), before and after on the same shared machine (load 2-16: the PGlite wall times, 3:51-6:24 before and
 * 2:53-6:08 after, follow the load more than the change); alone, about 230 s rather than 280 (not measured alone
 * yet: the 280 below only orders the lanes). The e2e stage's extra builds run in the background during the earlier
 * stages. Every stage but e2e has the time it takes; e2e has what is left of the 30 minutes, 2 to 4 minutes under
 * what Playwright took on that run: the table shows it over budget until the suite gets there.
 */
const STAGES = [
  { name: 'lint', title: 'lint (ESLint, Prettier)', budget: 60 },
  { name: 'types', title: 'type check (tsc --build)', budget: 60 },
  { name: 'unit', title: "unit tests (every package's test script, in lanes)", budget: 540, system: true },
  { name: 'scripts', title: 'scripts (node --test scripts/test/)', budget: 15, system: true },
  { name: 'pg', title: 'server suite on a PostgreSQL server', budget: 210, system: true },
  { name: 'build', title: 'production build and the remote contract checks', budget: 120 },
  { name: 'e2e', title: 'end-to-end (Playwright, after the extra builds)', budget: 780, system: true },
];
const SETUP = { name: 'setup', title: 'setup (pnpm, packages, system packages)', budget: 15 };
const TOTAL_BUDGET = SETUP.budget + STAGES.reduce((s, st) => s + st.budget, 0);
const STAGE_NAMES = STAGES.map((s) => s.name);

/**
 * The unit stage's heavy packages, for its lanes (scripts/lib/lanes.cjs): `seconds`, their usual wall time alone on
 * the 2-core machine (clean clone of 29 Nov 2026), orders them heaviest first (a package not named counts as light);
 * `lanes`, how many lanes one takes (1 unless said). The API server's suite runs three files at once itself
 * (`--test-concurrency=3`, 1.9 cores alone): it starts first, beside the origin server's suite, and at nice 10 (its
 * package's test script), so it takes only the CPU the lane beside it leaves idle. The origin server's fault tests (a lease taken
 * over within 5 s, reads probed every 100 ms through a kill -9, about 0.8 of a core over the suite) then get the
 * CPU first whenever they want it, as they would on an otherwise idle core; with both lanes at the same priority the
 * suite's three files at once could slow them (why it ran alone before).
 */
const UNIT_PACKAGES = {
  'services/api-server': { seconds: 280 },
  'services/origin-server': { seconds: 236 },
  'remote-shell-admin': { seconds: 78 },
  'services/page-renderer': { seconds: 37 },
};

/** How many packages the unit stage runs at once: TEST_LANES when set (a whole number ≥ 1), else 2, or 1 on one core. */
function unitLanes(setting, cores) {
  if (setting !== undefined && setting !== '') {
    const n = Number(setting);
    if (!Number.isInteger(n) || n < 1) throw new Error(`[test] TEST_LANES must be a whole number of at least 1, not ${JSON.stringify(setting)}`);
    return n;
  }
  return cores > 1 ? 2 : 1;
}

/** `--only=a,b` (or `--only a,b`) and `--changed`; anything else is refused with the usage. */
function parseArgs(argv) {
  const usage = `usage: npm test [-- --only=<stage>[,<stage>...]] [-- --changed]; stages: ${STAGE_NAMES.join(', ')}`;
  const out = { only: null, changed: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--changed') out.changed = true;
    else if (arg === '--only' || arg.startsWith('--only=')) {
      const value = arg === '--only' ? argv[++i] : arg.slice('--only='.length);
      const names = (value ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const unknown = names.filter((n) => !STAGE_NAMES.includes(n));
      if (!names.length || unknown.length)
        throw new Error(`[test] ${unknown.length ? `unknown stage ${unknown.join(', ')}` : '--only names no stage'}: ${usage}`);
      out.only = names;
    } else if (arg === '--help' || arg === '-h') throw new Error(usage);
    else throw new Error(`[test] unknown argument ${arg}: ${usage}`);
  }
  return out;
}

/** Folder -> the workspace folders it declares (`workspace:` dependencies of any kind). */
function workspaceGraph(root, dirs) {
  const folderOf = new Map();
  const manifests = new Map();
  for (const dir of dirs) {
    const file = path.join(root, dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
    folderOf.set(manifest.name, dir);
    manifests.set(dir, manifest);
  }
  const graph = new Map();
  for (const [dir, m] of manifests) {
    const deps = { ...m.dependencies, ...m.devDependencies, ...m.peerDependencies };
    graph.set(
      dir,
      Object.entries(deps)
        .filter(([, v]) => String(v).startsWith('workspace:'))
        .map(([name]) => folderOf.get(name))
        .filter(Boolean),
    );
  }
  return graph;
}

/**
 * Files that change what every stage checks: the workspace's own manifests and lockfile, the shared compiler and
 * lint settings, the test runner and CI.
 */
const EVERYTHING =
  /^(package\.json|pnpm-lock\.yaml|pnpm-workspace\.yaml|\.pnpmfile\.cjs|\.npmrc|tsconfig(\.base)?\.json|scripts\/test\.cjs|scripts\/lib\/(test-stages|lanes)\.cjs|\.ci\/)/;
const APPS = /^(host|remote-[a-z-]+)$/;

/**
 * The rule of `--changed`, from the files changed (root-relative): the packages they are in and every package that
 * depends on those, transitively (its `workspace:` dependencies), and per stage:
 * lint: the changed files themselves (all files when the lint or format settings changed); types: when a
 * TypeScript source or a tsconfig changed; unit: the test script of each affected package; scripts: when a file of
 * scripts/ changed, or services/origin-server/ or shared/releases/ (whose modules its tests load) is affected (not
 * merely a package the benches import, as the API server); pg: when services/api-server/ is;
 * build: the affected apps; e2e: when an app, a service, a shared package or e2e/ is affected. A change to a
 * workspace-wide file (EVERYTHING) runs every stage whole.
 */
function affected(changed, graph) {
  const all = changed.some((f) => EVERYTHING.test(f));
  const dirs = [...graph.keys()];
  const owner = (f) => dirs.filter((d) => f === d || f.startsWith(`${d}/`)).sort((a, b) => b.length - a.length)[0];
  const hit = new Set(all ? dirs : changed.map(owner).filter(Boolean));
  const direct = new Set(hit);
  for (let grew = true; grew;) {
    grew = false;
    for (const [dir, deps] of graph)
      if (!hit.has(dir) && deps.some((d) => hit.has(d))) {
        hit.add(dir);
        grew = true;
      }
  }
  const packages = dirs.filter((d) => hit.has(d));
  const lintAll = all || changed.some((f) => /^(eslint\.config\.mjs|\.prettierrc\.json|\.prettierignore|scripts\/lib\/lint-layers\.cjs)$/.test(f));
  return {
    packages,
    lint: lintAll ? 'all' : changed,
    types: all || changed.some((f) => /\.(ts|tsx|mts|cts)$/.test(f) || /(^|\/)tsconfig[^/]*\.json$/.test(f)),
    unit: packages.filter((d) => d !== 'scripts' && d !== 'e2e'),
    scripts: direct.has('scripts') || hit.has('services/origin-server') || hit.has('shared/releases'),
    pg: hit.has('services/api-server'),
    build: packages.filter((d) => APPS.test(d)),
    e2e: packages.some((d) => APPS.test(d) || d.startsWith('services/') || d.startsWith('shared/') || d === 'e2e'),
  };
}

/** m:ss, rounded to the second first: 839.6 s is 14:00 (rounding the seconds alone printed 13:60). */
const clock = (s) => {
  const whole = Math.round(s);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/** The closing table: each stage run, its duration against its budget, and the total. */
function table(results) {
  const rows = [['stage', 'took', 'budget', '']];
  let took = 0;
  let budget = 0;
  for (const r of results) {
    took += r.seconds;
    budget += r.budget;
    rows.push([r.name, clock(r.seconds), clock(r.budget), r.failed ? 'FAILED' : r.seconds > r.budget ? 'over budget' : 'ok']);
  }
  rows.push(['total', clock(took), clock(budget), took > budget ? 'over budget' : '']);
  rows.push(['(all stages)', '', clock(TOTAL_BUDGET), '']);
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows
    .map((r) =>
      r
        .map((c, i) => (i === 0 || i === 3 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

module.exports = { STAGES, SETUP, STAGE_NAMES, TOTAL_BUDGET, UNIT_PACKAGES, unitLanes, parseArgs, workspaceGraph, affected, table, clock };
