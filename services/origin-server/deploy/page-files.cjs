#!/usr/bin/env node
/**
 * Writes deploy/page-files.conf, the nginx maps of which rendered file answers a page address, from the one rule
 * (@site/page-files). The file is checked in, so a reader of the front door's configuration sees the maps; the
 * origin's tests fail while it differs from what this writes (`node deploy/page-files.cjs` brings it up to date).
 */
const fs = require('fs');
const path = require('path');
const { nginxMaps } = require('@site/page-files');

const FILE = path.join(__dirname, 'page-files.conf');

if (require.main === module) {
  fs.writeFileSync(FILE, nginxMaps());
  console.log(`wrote ${path.relative(process.cwd(), FILE)}`);
}

module.exports = { FILE };
