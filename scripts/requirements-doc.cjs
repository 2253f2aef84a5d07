#!/usr/bin/env node
/**
 * `node scripts/requirements-doc.cjs`: fails when a test title cites a requirement ID that docs/requirements.md does
 * not describe, or the page names a test file that is gone. `--write` rewrites the page's derived columns (the test
 * files citing each ID, the link to the contract README's deviation table); the descriptions are written by hand.
 */
const fs = require('fs');
const path = require('path');
const { DOC, problems, regenerate } = require('./lib/requirements.cjs');

const root = path.resolve(__dirname, '..');
if (process.argv.includes('--write')) {
  fs.writeFileSync(path.join(root, DOC), regenerate(root));
  console.log(`[requirements] ${DOC} written`);
}
const found = problems(root);
for (const problem of found) console.error(`[requirements] ${problem}`);
if (found.length) {
  console.error(`[requirements] describe the ID in ${DOC} in your own words, then run node scripts/requirements-doc.cjs --write`);
  process.exit(1);
}
console.log(`[requirements] every requirement ID a test title cites is in ${DOC}`);
