/** @site/releases: releases and canaries of the remotes, one module for every process that takes part (README.md). */
module.exports = {
  ...require('./src/release.cjs'),
  ...require('./src/canary.cjs'),
  ...require('./src/precompress.cjs'),
  ...require('./src/site-storage.cjs'),
};
