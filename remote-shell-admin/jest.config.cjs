/** The shared jest setup; @ant-design/icons pulls the ESM-only @ant-design/colors, so that is transformed too. */
const base = require('@site/shared/build').jestConfig({
  transformIgnorePatterns: ['/node_modules/(?!(.pnpm/)?(dompurify|mitt|screenfull|js-base64|nanoid|@ant-design\\+colors|@ant-design/colors|@ant-design\\+fast-color|@ant-design/fast-color)[/@])'],
});

module.exports = {
  ...base,
  // antd's form needs MessageChannel, which jsdom lacks; the account remote's stand-in is reused rather than copied
  // (its place is the shared jest setup in shared/build, owned by the build work).
  setupFiles: [...base.setupFiles, require.resolve('../remote-account/jest-setup.cjs')],
};
