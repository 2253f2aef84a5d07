/**
 * Issue 45.5: the operator guide's example files (deploy/examples) fit any layout, checked without a cluster (about
 * a second; the scale-out test runs them for real): create-database.sh reaches the server DATABASE_URL names (port,
 * host, socket folder); every API instance gets a valid metrics port whatever its own port; a standby renderer on the
 * active one's machine has its own port and folder; the alert rules load in Debian's promtool and name only series
 * the site exports; the backup timer runs the backup script.
 */
const test = require('node:test');
const assert = require('node:assert');
const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { ROOT, readEnvFile, setEnvValues, unitCommand } = require('../tools/guide.cjs');

const EXAMPLES = path.join(ROOT, 'deploy/examples');
const PROMTOOL = '/usr/bin/promtool';

/**
 * create-database.sh with PSQL replaced by a stand-in that records how psql was asked to connect (PGHOST, PGPORT and
 * its arguments) and reads its SQL; PGHOST and PGPORT of the caller's environment removed, as on a fresh shell.
 */
function createDatabase(url, args = [], env = {}) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'create-database-'));
  const calls = path.join(tmp, 'calls');
  const stub = path.join(tmp, 'psql');
  fs.writeFileSync(stub, `#!/bin/sh\nprintf '%s|%s|%s\\n' "\${PGHOST-}" "\${PGPORT-}" "$*" >> '${calls}'\ncat > /dev/null\n`, { mode: 0o755 });
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['PGHOST', 'PGPORT', 'PSQL'].includes(k)));
  try {
    const out = execFileSync('sh', [path.join(EXAMPLES, 'create-database.sh'), ...args], {
      env: { ...base, DATABASE_URL: url, PSQL: stub, ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines = fs.readFileSync(calls, 'utf8').trim().split('\n');
    return {
      out,
      calls: lines.map((l) => {
        const [host, port, argv] = l.split('|');
        return {
          host,
          port,
          db: /-v db=(\S+)/.exec(argv)?.[1],
          role: /-v role=(\S+)/.exec(argv)?.[1],
          password: /-v password=(\S+)/.exec(argv)?.[1],
        };
      }),
    };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

test('[issue 45.5] create-database.sh reaches the server on the URL’s port, host or socket folder, without PSQL or PGPORT', () => {
  // On this machine (loopback): through the local socket of the URL's port, as the postgres system user.
  assert.deepStrictEqual(createDatabase('postgres://site:s3cret@127.0.0.1:5433/site').calls, [
    { host: '', port: '5433', db: 'site', role: 'site', password: 's3cret' },
  ]);
  // A socket folder, in libpq's two spellings; the query's port wins over none.
  assert.deepStrictEqual(createDatabase('postgres://site:pw@/site?host=/run/pg-15&port=6543').calls[0], {
    host: '/run/pg-15',
    port: '6543',
    db: 'site',
    role: 'site',
    password: 'pw',
  });
  assert.deepStrictEqual(createDatabase('postgres://site:pw@%2Fvar%2Frun%2Fpostgresql:5434/site').calls[0].host, '/var/run/postgresql');
  // Another machine: its host and port; an escaped password decoded; no port: PostgreSQL's 5432.
  assert.deepStrictEqual(createDatabase('postgres://site:p%40ss@db.example.cn:6432/site?sslmode=require').calls[0], {
    host: 'db.example.cn',
    port: '6432',
    db: 'site',
    role: 'site',
    password: 'p@ss',
  });
  assert.strictEqual(createDatabase('postgres://site:pw@localhost/site').calls[0].port, '5432');
  // The URL wins over a PGPORT left in the shell; other databases for the same role (the backup's check database).
  const both = createDatabase('postgres://site:pw@127.0.0.1:5433/site', ['site_restore_check'], { PGPORT: '5999' });
  assert.deepStrictEqual(
    both.calls.map((c) => [c.db, c.port]),
    [
      ['site', '5433'],
      ['site_restore_check', '5433'],
    ],
  );
  // A loopback host uses libpq's socket folder: PGHOST when it names one, never a host name left in PGHOST.
  assert.strictEqual(createDatabase('postgres://site:pw@127.0.0.1:5433/site', [], { PGHOST: '/run/pg-test' }).calls[0].host, '/run/pg-test');
  assert.strictEqual(createDatabase('postgres://site:pw@127.0.0.1:5433/site', [], { PGHOST: 'elsewhere' }).calls[0].host, '');
  assert.throws(() => createDatabase('postgres://site@db/site'), /must be postgres:\/\//);
});

test('[issue 45.5] site-api@.service gives an instance on any port (3000, 10000, 65000) a valid metrics port of its own', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'api-unit-'));
  try {
    fs.copyFileSync(path.join(EXAMPLES, 'env/api.env'), path.join(tmp, 'api.env'));
    // The operator's per-instance files, from the example: any free port, one each.
    const metricsPorts = { 3000: 13000, 10000: 9310, 65000: 9311 };
    for (const [port, metrics] of Object.entries(metricsPorts)) {
      const file = path.join(tmp, `api-${port}.env`);
      fs.copyFileSync(path.join(EXAMPLES, 'env/api-instance.env'), file);
      setEnvValues(file, { METRICS_PORT: String(metrics) });
    }
    for (const [port, metrics] of Object.entries(metricsPorts)) {
      const { env } = unitCommand(path.join(EXAMPLES, 'systemd/site-api@.service'), port, { '/etc/site': tmp });
      const m = Number(env.METRICS_PORT);
      assert.ok(Number.isInteger(m) && m > 0 && m <= 65535, `site-api@${port}: METRICS_PORT ${env.METRICS_PORT} is no port`);
      assert.deepStrictEqual([env.API_PORT, m], [port, metrics], `site-api@${port}: its own file's metrics port`);
    }
    assert.strictEqual(readEnvFile(path.join(EXAMPLES, 'env/api-instance.env')).METRICS_PORT, '13000', 'the example is site-api@3000’s');
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});

test('[issue 45.5] a standby renderer on the active one’s machine has its own port and working folder', () => {
  const places = { '/etc/site': path.join(EXAMPLES, 'env'), '/etc/site/renderer-standby.env': path.join(EXAMPLES, 'env/renderer-standby.env') };
  const active = unitCommand(path.join(EXAMPLES, 'systemd/site-renderer.service'), '', places);
  const standby = unitCommand(path.join(EXAMPLES, 'systemd/site-renderer-standby.service'), '', places);
  assert.notStrictEqual(standby.env.RENDER_PORT, active.env.RENDER_PORT);
  assert.notStrictEqual(standby.env.RENDER_OUT_DIR, active.env.RENDER_OUT_DIR);
  // Everything else is the active one's: the same API, bucket, token and command.
  for (const name of ['RENDER_API_ORIGIN', 'S3_BUCKET', 'SITE_RENDER_HOOK_TOKEN', 'RENDER_HOST_ROOT'])
    assert.strictEqual(standby.env[name], active.env[name], name);
  assert.deepStrictEqual([standby.command, standby.args, standby.cwd], [active.command, active.args, active.cwd]);
  // Its StateDirectory is its folder (systemd makes it, owned by site).
  const unit = fs.readFileSync(path.join(EXAMPLES, 'systemd/site-renderer-standby.service'), 'utf8');
  assert.strictEqual(`/var/lib/${/^StateDirectory=(.*)$/m.exec(unit)[1]}`, standby.env.RENDER_OUT_DIR);
  assert.match(fs.readFileSync(path.join(EXAMPLES, 'prometheus.yml'), 'utf8'), new RegExp(`127\\.0\\.0\\.1:${standby.env.RENDER_PORT}`));
});

/** The series a PromQL expression names (labels, functions, keywords and numbers left out). */
function seriesIn(expr) {
  const stripped = expr
    .replace(/"[^"]*"/g, '')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '')
    .replace(/\[[^\]]*\]/g, '');
  const words = new Set(
    'sum avg min max count rate irate increase changes histogram_quantile absent time or and unless bool abs delta deriv'.split(' '),
  );
  return [...new Set(stripped.match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g) ?? [])].filter((w) => !words.has(w));
}

test('[issue 45.5] the alert rules load in Debian’s promtool, and every series they name is one the site exports', () => {
  const rules = path.join(EXAMPLES, 'alert-rules.yml');
  assert.ok(fs.existsSync(PROMTOOL), `Debian’s promtool is not installed (${PROMTOOL}): apt-get install -y prometheus (scripts/test.cjs does)`);
  assert.match(execFileSync(PROMTOOL, ['check', 'rules', rules], { encoding: 'utf8' }), /SUCCESS: \d+ rules found/);
  const text = fs.readFileSync(rules, 'utf8');
  const exprs = [...text.matchAll(/expr: (?:\|\n((?: {10}.*\n)+)|(.*)\n)/g)].map((m) => (m[1] ?? m[2]).trim());
  const alerts = [...text.matchAll(/- alert: (\w+)/g)].map((m) => m[1]);
  assert.strictEqual(exprs.length, alerts.length, 'one expression per alert');
  // Each of the alerts: instance down, 5xx, p95, the lease lost or changing hands, render lag, not ready.
  for (const series of [
    'up',
    'http_requests_total',
    'http_request_duration_seconds_bucket',
    'render_lease_holder',
    'render_outbox_oldest_age_seconds',
    'ready_check_failures_total',
  ])
    assert.ok(
      exprs.some((e) => seriesIn(e).includes(series)),
      `no rule on ${series}`,
    );
  assert.ok(
    exprs.some((e) => /changes\(render_lease_holder/.test(e)),
    'a rule on the lease changing hands',
  );
  const sources = ['services/api-server/src/lib/metrics.ts', 'services/page-renderer/src/metrics.ts', 'services/origin-server/src/metrics.cjs'].map(
    (f) => fs.readFileSync(path.join(ROOT, f), 'utf8'),
  );
  const exported = new Set(['up', ...sources.flatMap((s) => [...s.matchAll(/name: '([a-z_:]+)'|# TYPE ([a-z_:]+) /g)].map((m) => m[1] ?? m[2]))]);
  for (const m of fs.readFileSync(path.join(EXAMPLES, 'backup.sh'), 'utf8').matchAll(/^(site_[a-z_]+) /gm)) exported.add(m[1]);
  for (const expr of exprs)
    for (const series of seriesIn(expr))
      assert.ok(exported.has(series.replace(/_(bucket|sum|count)$/, '')) || exported.has(series), `${series} (in ${expr}) is exported by nothing`);
  assert.match(fs.readFileSync(path.join(EXAMPLES, 'prometheus.yml'), 'utf8'), /rule_files:\n\s+- \/etc\/prometheus\/site-alerts\.yml/);
});

test('[issue 45.5] the backup timer starts the backup service, which runs backup.sh with the API’s environment', () => {
  const timer = fs.readFileSync(path.join(EXAMPLES, 'systemd/site-backup.timer'), 'utf8');
  assert.match(timer, /^OnCalendar=/m);
  assert.match(timer, /^Persistent=true$/m);
  const spec = unitCommand(path.join(EXAMPLES, 'systemd/site-backup.service'), '', { '/etc/site': path.join(EXAMPLES, 'env'), '/srv/site': ROOT });
  assert.deepStrictEqual([spec.command, spec.args], ['/bin/sh', [path.join(EXAMPLES, 'backup.sh')]]);
  assert.ok(spec.env.DATABASE_URL, 'api.env’s DATABASE_URL');
  execFileSync('sh', ['-n', path.join(EXAMPLES, 'backup.sh')]);
});
