/**
 * The one Rspack + Module Federation config factory for the host and every remote.
 * Each app's rspack.config.cjs is a few lines that call createAppConfig().
 *
 * Rspack rather than webpack 5: the same configuration API and the same federation plugin family
 * (@module-federation/rspack wraps Rspack's built-in container and sharing plugins), but parsing, tree shaking,
 * TypeScript (built-in swc loader) and minifying run natively. On 2 cores the five production builds took
 * ~110-134 s with webpack, most of it webpack parsing antd and the icon set twice (the tree-shaken share and its
 * whole-package fallback).
 */
const path = require('path');
const fs = require('fs');
const { rspack } = require('@rspack/core');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/rspack');
const { CHUNK_LOAD_TIMEOUT_MS, APP_PORTS, API_PATHS, REMOTE_NAMES } = require('./site.cjs');

const SHARED_PKG = require('../package.json');
/**
 * The @site/shared version a build declares. SITE_SHARED_VERSION overrides it only to rehearse version skew
 * (a remote built against another shared version) in tests.
 */
const SHARED_VERSION = process.env.SITE_SHARED_VERSION || SHARED_PKG.version;

/** Modules that must exist once per page. */
const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  // Not 'react-router' itself: every app imports react-router-dom, which re-exports it; sharing only
  // react-router-dom (tree-shaken below) bundles just the router parts the site uses into that one chunk.
  'react-router-dom',
  'antd',
  '@ant-design/icons',
  'dayjs',
  'axios',
];

/**
 * Packages shared with tree shaking: each build keeps only the exports the whole site uses. Without it the icons
 * singleton is the whole icon set (956 KB raw, about 170 KB br) on any page that shows one icon, and the router
 * brings its data-router half (loaders, actions, fetchers) that the site never uses (56 KB br).
 */
const TREE_SHAKEN = ['antd', '@ant-design/icons', 'react-router-dom'];
const WORKSPACE = path.resolve(__dirname, '..', '..');

/**
 * The named exports of `pkg` that any app of the workspace imports (host, every remote, shared), so that every
 * build declares the SAME set: whichever app's copy of the singleton is loaded first has what all others need.
 * A scan of the sources, not of one build: a remote built alone still provides what the host uses.
 */
function siteUsedExports(pkg) {
  const dirs = fs
    .readdirSync(WORKSPACE)
    .filter((d) => d === 'host' || d === 'shared' || d.startsWith('remote-'))
    .map((d) => path.join(WORKSPACE, d, 'src'))
    .filter((d) => fs.existsSync(d));
  const names = new Set();
  const escaped = pkg.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const re = new RegExp(`(import|export)\\s+(type\\s+)?\\{([^}]*)\\}\\s*from\\s*['"]${escaped}['"]`, 'g');
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const f = path.join(dir, e.name);
      if (e.isDirectory()) walk(f);
      else if (/\.(tsx?|jsx?)$/.test(e.name) && !/\.test\./.test(e.name)) {
        for (const m of fs.readFileSync(f, 'utf8').matchAll(re)) {
          if (m[2]) continue; // import type { … }
          for (const spec of m[3].split(',')) {
            const name = spec.trim().split(/\s+as\s+/)[0].trim();
            if (name && !name.startsWith('type ')) names.add(name);
          }
        }
      }
    }
  };
  dirs.forEach(walk);
  return [...names].sort();
}

const MINIFIER = new rspack.SwcJsMinimizerRspackPlugin({ extractComments: false, minimizerOptions: { compress: { passes: 2 } } });
/**
 * Minify every build except the whole-package fallbacks that Module Federation compiles beside each tree-shaken
 * package (into `independent-packages/`). The site never loads them: every app provides the same union of used
 * exports (siteUsedExports). Minifying the whole of antd and of the icon set was about a third of each build.
 * A function minimizer is called with the compiler, so it can tell the two apart by output path.
 */
function minifyExceptFallbacks(compiler) {
  if (!compiler.outputPath.split(path.sep).includes('independent-packages')) MINIFIER.apply(compiler);
}

/**
 * Rspack's federation plugin finds the bundler runtime and the federation runtime with Node's require.resolve,
 * which picks their CommonJS builds: nothing of them (or of @module-federation/sdk under them, Node-only parts
 * included) can then be tree-shaken, and each remoteEntry.js grew from ~9 to ~15 KB br. Aliasing those two
 * files to the packages' ES module builds brings back what webpack bundled.
 */
function federationRuntimeEsmAliases() {
  // As @module-federation/rspack finds it (its `implementation`), and Rspack then the two packages from there.
  const implementation = require.resolve('@module-federation/runtime-tools/bundler', {
    paths: [path.dirname(require.resolve('@module-federation/rspack'))],
  });
  const alias = {};
  for (const pkg of ['@module-federation/webpack-bundler-runtime', '@module-federation/runtime']) {
    const cjs = require.resolve(pkg, { paths: [implementation] });
    const esm = cjs.replace(/\.cjs$/, '.js');
    if (cjs !== esm && fs.existsSync(esm)) alias[`${cjs}$`] = esm;
    if (pkg === '@module-federation/runtime' && fs.existsSync(esm)) alias[pkg] = esm;
  }
  return alias;
}

function installedVersion(dep, appDir) {
  const pkgName = dep.startsWith('@') ? dep.split('/').slice(0, 2).join('/') : dep.split('/')[0];
  const file = require.resolve(`${pkgName}/package.json`, { paths: [appDir, __dirname] });
  return require(file).version;
}

/**
 * Shared config: singletons with explicit requiredVersion (semver, never workspace:*).
 * Tree-shaken shares in production builds only: in Rspack 2.3's development mode the share tree shaking replaces
 * exports the federation runtime itself uses (e.g. @module-federation/sdk's createLogger) by `undefined`, and the
 * standalone page of `pnpm start` dies with "undefined is not a function". A development build has nothing to gain
 * from it; it provides whole packages, which serve any page.
 */
function sharedConfig(appDir, prod = true) {
  const shared = {};
  for (const dep of SINGLETONS) {
    const version = installedVersion(dep, appDir);
    shared[dep] = { singleton: true, requiredVersion: `^${version}`, version };
    if (TREE_SHAKEN.includes(dep) && prod && process.env.SITE_TREE_SHAKE !== '0') {
      shared[dep].treeShaking = { mode: 'runtime-infer', usedExports: siteUsedExports(dep) };
    }
  }
  // Same major only: a remote built against shared 1.x runs on a host with 1.y; 2.x is refused.
  shared['@site/shared'] = {
    singleton: true,
    requiredVersion: `^${SHARED_VERSION}`,
    version: SHARED_VERSION,
    strictVersion: true,
  };
  return shared;
}

/**
 * @param {object} o
 * @param {string} o.appDir       the app folder (__dirname of its rspack.config.cjs)
 * @param {string} o.name         federation name, e.g. 'remote_content' or 'host'
 * @param {Record<string,string>} [o.exposes]  remote exposes
 * @param {boolean} [o.isHost]
 * @param {string} [o.title]      standalone page title
 */
function createAppConfig(o) {
  const pkg = require(path.join(o.appDir, 'package.json'));
  const port = Number(process.env.PORT || APP_PORTS[o.name]);
  return (env, argv) => {
    const prod = argv.mode === 'production';
    const outDir = process.env.BUILD_OUT_DIR ? path.resolve(process.env.BUILD_OUT_DIR) : path.join(o.appDir, 'dist');
    const publicDir = path.join(o.appDir, 'public');
    const runtimePlugins = o.isHost ? [path.join(__dirname, 'runtime', 'resilience-plugin.js')] : [];
    return {
      mode: prod ? 'production' : 'development',
      context: o.appDir,
      entry: { main: './src/index.ts' },
      devtool: prod ? false : 'eval-cheap-module-source-map',
      target: 'web',
      output: {
        path: outDir,
        filename: prod ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: prod ? '[name].[contenthash:8].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        publicPath: o.isHost ? '/' : 'auto',
        uniqueName: o.name,
        chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.jsx', '.json'], alias: federationRuntimeEsmAliases() },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            // What ts-loader with transpileOnly did (tsconfig: ES2022, react-jsx, isolatedModules), natively.
            // Types are checked by `pnpm run typecheck` (tsc --noEmit), not by the build.
            loader: 'builtin:swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                target: 'es2022',
                transform: { react: { runtime: 'automatic' }, useDefineForClassFields: true },
              },
            },
            type: 'javascript/auto',
          },
          // Stylesheets stay JavaScript modules injected by style-loader (Rspack's native CSS is not used).
          { test: /\.css$/, use: [require.resolve('style-loader'), require.resolve('css-loader')], type: 'javascript/auto' },
          { test: /\.(png|jpe?g|gif|svg|webp|ico|woff2?)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new rspack.DefinePlugin({
          'process.env.SITE_SHARED_VERSION': JSON.stringify(SHARED_VERSION),
          'process.env.APP_NAME': JSON.stringify(o.name),
          // MF_BUILD_VERSION is also what the federation manifest reports as buildVersion.
          'process.env.APP_VERSION': JSON.stringify(process.env.MF_BUILD_VERSION || pkg.version),
        }),
        new ModuleFederationPlugin({
          name: o.name,
          filename: o.isHost ? undefined : 'remoteEntry.js',
          exposes: o.exposes,
          remotes: {},
          shared: sharedConfig(o.appDir, prod),
          shareStrategy: 'loaded-first',
          runtimePlugins,
          manifest: o.isHost ? false : { fileName: 'mf-manifest.json' },
          dts: false,
          dev: false,
          // The federation runtime is downloaded and started once per page: the host provides it, each remote's
          // production build uses it (a remoteEntry.js was about 28 KB br, most of it a second copy of the runtime).
          // `target: 'web'` leaves the runtime's Node.js loading paths out of the bundle: the site only runs in browsers.
          experiments: { ...(o.isHost ? { provideExternalRuntime: true } : { externalRuntime: prod }), optimization: { target: 'web' } },
        }),
        // A remote's production build is only a federation remote (it needs the host's runtime); its own page
        // (src/Standalone.tsx) runs with `pnpm start`, the development server, which bundles a runtime of its own.
        ...(o.isHost || !prod
          ? [
              new HtmlWebpackPlugin({
                template: fs.existsSync(path.join(publicDir, 'index.html')) ? path.join(publicDir, 'index.html') : path.join(__dirname, 'standalone.html'),
                title: o.title || pkg.name,
                chunks: ['main'],
                scriptLoading: 'defer',
              }),
            ]
          : []),
        ...(fs.existsSync(publicDir)
          ? [new rspack.CopyRspackPlugin({ patterns: [{ from: publicDir, globOptions: { ignore: ['**/index.html'] }, noErrorOnMissing: true }] })]
          : []),
        ...(o.plugins || []),
      ],
      optimization: {
        moduleIds: 'deterministic',
        // Named chunks: a request log tells which package or page a file holds (benchmark, tests, debugging).
        chunkIds: 'named',
        minimizer: [minifyExceptFallbacks],
        splitChunks: {
          cacheGroups: {
            // react, react/jsx-runtime, react-dom, react-dom/client and the scheduler are always needed together:
            // one file instead of five separate requests on every cold load.
            react: { test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, name: 'react', chunks: 'all', enforce: true, priority: 20 },
          },
        },
      },
      performance: { hints: false },
      stats: prod ? 'errors-warnings' : 'minimal',
      infrastructureLogging: { level: 'warn' },
      devServer: {
        port,
        host: '127.0.0.1',
        hot: false,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        static: fs.existsSync(publicDir) ? { directory: publicDir } : false,
        proxy: [{ context: API_PATHS, target: `http://127.0.0.1:${process.env.API_PORT || 3000}`, changeOrigin: false }],
      },
    };
  };
}

module.exports = { createAppConfig, sharedConfig, siteUsedExports, SINGLETONS, REMOTE_NAMES, APP_PORTS };
