/**
 * Issue 8: the host loads neither antd nor its icon set for these pages, so no exposed page may import them (only
 * Standalone.tsx, this remote's own dev page, may). Requiring a page that reaches antd fails here.
 */
jest.mock('antd', () => {
  throw new Error('an exposed page imports antd');
});
jest.mock('@ant-design/icons', () => {
  throw new Error('an exposed page imports @ant-design/icons');
});

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { exposes } = require('../exposes.cjs') as { exposes: Record<string, string> };

test.each(Object.entries(exposes))('%s (%s) renders without antd', (_name, file) => {
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(`../${file.replace(/^\.\//, '')}`) as { default: unknown };
    expect(typeof mod.default).toBe('function');
  });
});
