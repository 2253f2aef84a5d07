/** The workspace's package folders, root-relative, as pnpm-workspace.yaml lists them (the one list of packages). */
const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '../..');

function workspaceDirs(root = ROOT) {
  const yaml = fs.readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8');
  const block = yaml.split(/^packages:\s*$/m)[1].split(/\n(?=\S)/)[0];
  return block
    .split('\n')
    .map((line) => line.replace(/^\s*-\s*/, '').trim())
    .filter(Boolean);
}

module.exports = { workspaceDirs };
