/** The shared jest setup; @ant-design/icons pulls the ESM-only @ant-design/colors, so that is transformed too. */
module.exports = require('@site/build-config/jest').jestConfig({
  transformIgnorePatterns: [
    '/node_modules/(?!(.pnpm/)?(dompurify|mitt|screenfull|js-base64|nanoid|@ant-design\\+colors|@ant-design/colors|@ant-design\\+fast-color|@ant-design/fast-color)[/@])',
  ],
});
