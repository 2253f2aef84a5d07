/**
 * Issues 8 and 25: the host loads neither antd nor its icon set for these pages (the contact page's form is plain form
 * elements), so no exposed page may import them (only Standalone.tsx, this remote's own dev page, may). Requiring a
 * page that reaches antd fails here.
 */
// antd and the icons reach a page only through @site/antd-kit (the build check refuses any other way).
jest.mock('@site/antd-kit', () => {
  throw new Error('an exposed page imports @site/antd-kit (antd)');
});

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the CommonJS exposes list the webpack config reads
const { exposes } = require('../exposes.cjs') as { exposes: Record<string, string> };

test.each(Object.entries(exposes))('%s (%s) renders without antd', (_name, file) => {
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- each page loads inside isolateModules, by a computed path
    const mod = require(`../${file.replace(/^\.\//, '')}`) as { default: unknown };
    expect(typeof mod.default).toBe('function');
  });
});
