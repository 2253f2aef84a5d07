/**
 * The federation contract between the host and the remotes: the host's route table names, per remote,
 * the exposed modules it mounts. Read from host/src/federation/route-table.ts so there is one list.
 */
const fs = require('fs');
const path = require('path');

const TABLE = path.resolve(__dirname, '../../host/src/federation/route-table.ts');

/** { remote_content: ['./Home', ...], ... } parsed from the route table's `remote: '…', module: '…'` pairs. */
function requiredExposes(file = TABLE) {
  const src = fs.readFileSync(file, 'utf8');
  const out = {};
  for (const m of src.matchAll(/remote:\s*'([a-z_]+)',\s*module:\s*'(\.\/[A-Za-z]+)'/g)) {
    const modules = (out[m[1]] ||= []);
    if (!modules.includes(m[2])) modules.push(m[2]);
  }
  if (Object.keys(out).length === 0) throw new Error(`no routes found in ${file}`);
  return out;
}

/** Each remote's declared exposes (its exposes.cjs) against the host's needs: a list of problems. */
function checkDeclaredExposes(root = path.resolve(__dirname, '../..')) {
  const { APPS } = require('../../shared/build-config/site.cjs');
  const problems = [];
  for (const [name, mods] of Object.entries(requiredExposes())) {
    const dir = APPS[name] && APPS[name].dir;
    const file = dir && path.join(root, dir, 'exposes.cjs');
    if (!file || !fs.existsSync(file)) {
      problems.push(`${name}: no exposes.cjs`);
      continue;
    }
    const declared = Object.keys(require(file).exposes);
    for (const m of mods) if (!declared.includes(m)) problems.push(`${name} does not expose ${m}, which the host routes to`);
  }
  return problems;
}

module.exports = { requiredExposes, checkDeclaredExposes };
