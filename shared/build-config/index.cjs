/** Build-time helpers, never imported by a browser bundle. Loaded lazily: a jest run must not load webpack. */
module.exports = {
  get createAppConfig() {
    return require('./webpack.cjs').createAppConfig;
  },
  get jestConfig() {
    return require('./jest.cjs').jestConfig;
  },
  get site() {
    return require('./site.cjs');
  },
};
