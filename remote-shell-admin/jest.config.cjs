/** The shared jest setup; @ant-design/icons pulls the ESM-only @ant-design/colors, so that is transformed too. */
const { jestConfig } = require('@site/build-config/jest');

const base = jestConfig();
module.exports = jestConfig({
  // antd in jsdom is CPU work: a page test with tables, drawers and dialogs takes 10-40 s on a quiet 2-core machine
  // and two to three times that while the machine is busy. The limit is only there to stop a test that hangs; it
  // is one figure for the package (the files used to set their own, from 30 to 120 s).
  testTimeout: 180_000,
  setupFiles: [...base.setupFiles, require.resolve('./src/test/jest.setup.cjs')],
  transformIgnorePatterns: [
    '/node_modules/(?!(.pnpm/)?(dompurify|mitt|screenfull|js-base64|nanoid|@ant-design\\+colors|@ant-design/colors|@ant-design\\+fast-color|@ant-design/fast-color)[/@])',
  ],
  // Every render without antd's component style sheets in jsdom (src/test/render-without-antd-styles.cjs says why).
  moduleNameMapper: { ...base.moduleNameMapper, '^@testing-library/react$': '<rootDir>/src/test/render-without-antd-styles.cjs' },
});
