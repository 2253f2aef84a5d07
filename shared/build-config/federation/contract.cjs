/**
 * The federation contract between the host and the remotes: the route table (data in the contract
 * package, `@site/contract/routes.json`) names, per remote, the exposed modules the host mounts; each remote declares
 * its exposes in its exposes.cjs. The host's build and `scripts/remote.cjs check` hold the two together. The table is
 * passed in, so this factory package does not depend on the contract package.
 */
const fs = require('fs');
const path = require('path');
const { APPS } = require('../site.cjs');

/** @param {{ remote: string, module: string }[]} routes  @returns {Record<string, string[]>} e.g. { remote_content: ['./Home', ...] } */
function requiredExposes(routes) {
  const out = {};
  for (const r of routes) {
    const modules = (out[r.remote] ||= []);
    if (!modules.includes(r.module)) modules.push(r.module);
  }
  if (Object.keys(out).length === 0) throw new Error('the route table names no remote module');
  return out;
}

/** Each remote's declared exposes (its exposes.cjs under `root`) against the modules `routes` mount: a list of problems. */
function checkDeclaredExposes(routes, root = path.resolve(__dirname, '../../..')) {
  const problems = [];
  for (const [name, mods] of Object.entries(requiredExposes(routes))) {
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
