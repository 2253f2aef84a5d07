/** Build-time helpers. Never imported by a browser bundle. */
module.exports = {
  ...require('./webpack.cjs'),
  jestConfig: require('./jest.cjs').jestConfig,
};
