/** The one jest setup every front-end package uses: swc for TS/TSX, jsdom, tests beside the code. */

// Tests run in the site's time zone (SITE_TIME_ZONE), the zone dates are shown in; set before the workers start.
process.env.TZ = 'Asia/Shanghai';
function jestConfig(overrides = {}) {
  return {
    testEnvironment: 'jsdom',
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
          module: { type: 'commonjs' },
        },
      ],
    },
    // ESM-only packages that must be transformed too.
    transformIgnorePatterns: ['/node_modules/(?!(.pnpm/)?(dompurify|mitt|screenfull|js-base64|nanoid|@ant-design|@rc-component|rc-[a-z-]+)[/@+])'],
    moduleNameMapper: {
      '\\.(css|less)$': require.resolve('./style-mock.cjs'),
      '\\.(png|jpe?g|gif|svg|webp|mp4)$': require.resolve('./file-mock.cjs'),
      '(^|/)getScrollBarSize$': require.resolve('./scrollbar-mock.cjs'),
    },
    setupFiles: [require.resolve('./jest-setup.cjs')],
    ...overrides,
  };
}
module.exports = { jestConfig };
