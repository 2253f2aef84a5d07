/**
 * The package for CommonJS processes that run without a TypeScript loader (the origins): tsx compiles the source on
 * require, as `node --import tsx` does for the servers.
 */
const { require: tsxRequire } = require('tsx/cjs/api');

module.exports = tsxRequire('./src/index.ts', __filename);
