/** Build-time helpers. Never imported by a browser bundle. */
module.exports = {
  ...require('./rspack.cjs'),
  jestConfig: require('./jest.cjs').jestConfig,
};
