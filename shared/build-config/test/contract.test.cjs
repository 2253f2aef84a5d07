// The federation contract check the host's build runs (issue 38.3): the route table, as data, against each remote's
// declared exposes. Nothing reads TypeScript source: the table is @site/contract's routes.json.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { checkDeclaredExposes, requiredExposes } = require('../federation/contract.cjs');

const routes = JSON.parse(fs.readFileSync(path.join(__dirname, '../../contract/src/routes.json'), 'utf8'));

test('[issue 38.3] the modules each remote must expose come from the route table data, once each', () => {
  const needed = requiredExposes(routes);
  assert.deepEqual(Object.keys(needed).sort(), ['remote_account', 'remote_content', 'remote_shell_admin', 'remote_support']);
  assert.deepEqual(needed.remote_shell_admin, ['./AdminApp']);
  assert.ok(needed.remote_content.includes('./Home') && needed.remote_support.includes('./Question'), JSON.stringify(needed));
  assert.throws(() => requiredExposes([]), /the route table names no remote module/);
});

test('[issue 38.3] the workspace remotes declare every routed module; a missing one or a missing exposes.cjs is named', () => {
  assert.deepEqual(checkDeclaredExposes(routes), []);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-'));
  try {
    fs.mkdirSync(path.join(root, 'remote-support'));
    fs.writeFileSync(path.join(root, 'remote-support/exposes.cjs'), "module.exports = { exposes: { './Support': './src/x.tsx' } };\n");
    const table = [
      { path: '/support', remote: 'remote_support', module: './Support' },
      { path: '/video', remote: 'remote_support', module: './Video' },
      { path: '/', remote: 'remote_content', module: './Home' },
    ];
    assert.deepEqual(checkDeclaredExposes(table, root), [
      'remote_support does not expose ./Video, which the host routes to',
      'remote_content: no exposes.cjs',
    ]);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
