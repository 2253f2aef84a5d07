// @ant-design/icons (CommonJS build) requires @ant-design/colors, which ships ESM only: let swc transform it too.
module.exports = require('@site/build-config/jest').jestConfig({
  transformIgnorePatterns: ['/node_modules/(?!(.pnpm/)?(dompurify|mitt|screenfull|js-base64|nanoid|@ant-design\\+colors|@ant-design/colors)[/@])'],
});
