const { jestConfig } = require('@site/build-config/jest');

const base = jestConfig();
module.exports = {
  ...base,
  setupFiles: [...base.setupFiles, require.resolve('./jest.setup.cjs')],
  // antd pages render slowly in jsdom when the machine is busy with builds.
  testTimeout: 30000,
};
