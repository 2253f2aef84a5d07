const base = require('@site/build-config/jest').jestConfig();

module.exports = {
  ...base,
  // @ant-design/icons' CommonJS build requires the ESM-only @ant-design/colors: let swc transform it too.
  transformIgnorePatterns: [
    '/node_modules/(?!(.pnpm/)?(dompurify|mitt|screenfull|js-base64|nanoid|@ant-design\\+colors|@ant-design\\+fast-color|@ant-design/colors|@ant-design/fast-color)[/@])',
  ],
};
