/**
 * The one webpack 5 + Module Federation config factory for the host and every remote.
 * Each app's webpack.config.cjs is a few lines that call createAppConfig(); webpack-cli runs it
 * (`webpack --mode production --config webpack.config.cjs`, `webpack serve` for the development server).
 */
const path = require('path');
const fs = require('fs');
const crypto = require('crypto');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyPlugin = require('copy-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const { loadModuleFederationPlugin } = require('./federation/load-plugin.cjs');
const { UiKitImportCheckPlugin, QUERY_EXPORTS } = require('./ui-kit-check.cjs');
const { createServerConfig } = require('./server.cjs');
const { StartPreloadPlugin } = require('./start-preload.cjs');
const { CompileHintsPlugin } = require('./compile-hints.cjs');
const { CHUNK_LOAD_TIMEOUT_MS, APP_PORTS, API_PATHS, REMOTE_NAMES, DEFAULT_API_PORT } = require('./site.cjs');

/**
 * The webpack of the app being built: the copy webpack-cli runs. pnpm installs webpack once per set of peers, so
 * this package's own `require('webpack')` can be another copy; two copies in one build break the filesystem cache
 * (federation modules registered with one copy's serializer, cached by the other). The federation plugin is
 * pointed at the same copy through its FEDERATION_WEBPACK_PATH setting.
 */
function appWebpack(appDir) {
  const file = require.resolve('webpack', { paths: [appDir] });
  process.env.FEDERATION_WEBPACK_PATH = file;
  return { webpack: require(file), ModuleFederationPlugin: loadModuleFederationPlugin() };
}
const UI_KIT_DECLARED = require('@site/antd-kit/shared-exports');
/**
 * The @site/app-runtime and @site/antd-kit versions a build declares: those the app depends on. SITE_RUNTIME_VERSION,
 * SITE_UI_KIT_VERSION and SITE_UI_KIT_OMIT (exports left out of the kit) only rehearse version skew in tests: a
 * build against another release of those packages.
 */
function workspaceVersions(appDir) {
  return {
    runtime: process.env.SITE_RUNTIME_VERSION || installedVersion('@site/app-runtime', appDir),
    uiKit: process.env.SITE_UI_KIT_VERSION || installedVersion('@site/antd-kit', appDir),
  };
}
const UI_KIT_OMIT = process.env.SITE_UI_KIT_OMIT || '';

/**
 * Build environment that changes a build's output: part of the filesystem cache's key. Of BUILD_OUT_DIR only the
 * last folder name counts (`dist`, or the e2e variant's name): the test suite builds into a new temporary folder on
 * every run, and a key per folder would leave a never reused cache behind each time.
 */
const OUTPUT_ENV = ['MF_BUILD_VERSION', 'SITE_RUNTIME_VERSION', 'SITE_UI_KIT_VERSION', 'SITE_UI_KIT_OMIT', 'SITE_TREE_SHAKE', 'PORT', 'API_PORT'];

/** Modules that must exist once per page. antd and the icons are not here: they reach a page inside @site/antd-kit. */
const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  // Not 'react-router' itself: every app imports react-router-dom, which re-exports it; sharing only
  // react-router-dom (tree-shaken below) bundles just the router parts the site uses into that one chunk.
  'react-router-dom',
  'dayjs',
  'axios',
  // The page's one query cache (route data) is reached through react-query's React context: one copy per page.
  '@tanstack/react-query',
];

/**
 * Singletons shared tree-shaken to a declared list of exports (@site/antd-kit/shared-exports.cjs): every build declares
 * the same list, so whichever app's copy loads first has what all the others need. The router without it brings its
 * data-router half (loaders, actions, fetchers) that the site never uses (56 KB br).
 */
const TREE_SHAKEN = { 'react-router-dom': UI_KIT_DECLARED.router, '@tanstack/react-query': QUERY_EXPORTS };

const MINIFIER = new TerserPlugin({
  minify: TerserPlugin.swcMinify,
  // In this process: two apps build at a time on 2 cores, so a worker process gains no core, and starting it (swc
  // loaded again, every asset copied to it) cost 3-6 s of CPU per app (measured on remote-content).
  parallel: false,
  extractComments: false,
  terserOptions: { compress: { passes: 2 } },
});
/**
 * Minify every build except the whole-package fallbacks that Module Federation compiles beside each tree-shaken
 * package (into `independent-packages/`). The site never loads them: every app provides the same declared exports.
 * A function minimizer is called with the compiler, so it can tell the two apart by output path.
 */
function minifyExceptFallbacks(compiler) {
  if (!compiler.outputPath.split(path.sep).includes('independent-packages')) MINIFIER.apply(compiler);
}

function installedVersion(dep, appDir) {
  const pkgName = dep.startsWith('@') ? dep.split('/').slice(0, 2).join('/') : dep.split('/')[0];
  const file = require.resolve(`${pkgName}/package.json`, { paths: [appDir, __dirname] });
  return require(file).version;
}

/**
 * Shared config: singletons with explicit requiredVersion (semver, never workspace:*). Tree-shaken shares in
 * production builds only: a development server gains nothing from them and provides whole packages.
 *
 * @site/antd-kit is shared but NOT a singleton: with one kit version on the site (the common case) every app finds
 * the copy already loaded (`loaded-first`), so antd, its ConfigProvider, theme and zh_CN locale exist once. A remote
 * released alone against a newer kit (`^1.1.0`, one more component) on a host that provides 1.0.0 finds no
 * matching version and loads its own copy instead of failing on a missing export. A singleton would hand it the
 * host's older kit (without strictVersion) or refuse to load (with it).
 */
function sharedConfig(appDir, prod = true) {
  const versions = workspaceVersions(appDir);
  const shared = {};
  for (const dep of SINGLETONS) {
    const version = installedVersion(dep, appDir);
    shared[dep] = { singleton: true, requiredVersion: `^${version}`, version };
    if (TREE_SHAKEN[dep] && prod && process.env.SITE_TREE_SHAKE !== '0') {
      shared[dep].treeShaking = { mode: 'runtime-infer', usedExports: TREE_SHAKEN[dep] };
    }
  }
  shared['@site/antd-kit'] = { singleton: false, requiredVersion: `^${versions.uiKit}`, version: versions.uiKit };
  // Same major only: a remote built against runtime 1.x runs on a host with 1.y; 2.x is refused. The other
  // workspace packages (@site/contract, @site/api-client, @site/ui) are not shared: each app bundles the version it was built with.
  shared['@site/app-runtime'] = {
    singleton: true,
    requiredVersion: `^${versions.runtime}`,
    version: versions.runtime,
    strictVersion: true,
  };
  return shared;
}

/**
 * pnpm's store folders (`node_modules/.pnpm/<name>@<version>[_<peers>]/node_modules/`) never change in place: a new
 * version or peer set is a new folder. webpack's default managed path (the first `node_modules/`) cannot see past the
 * hidden `.pnpm`, so it recorded and later checked every file of antd and the icons one by one.
 */
const SNAPSHOT = { immutablePaths: [/^(.+?[\\/]node_modules[\\/]\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])/] };

/** webpack's persistent cache in the app's node_modules/.cache, keyed by the environment that changes output. */
function filesystemCache(o, mode) {
  const outDir = process.env.BUILD_OUT_DIR ? path.basename(path.resolve(process.env.BUILD_OUT_DIR)) : 'dist';
  const env = [...OUTPUT_ENV.map((k) => `${k}=${process.env[k] || ''}`), `out=${outDir}`].join('\n');
  const key = crypto.createHash('sha256').update(env).digest('hex').slice(0, 16);
  const configFile = path.join(o.appDir, 'webpack.config.cjs');
  return {
    type: 'filesystem',
    cacheDirectory: path.join(o.appDir, 'node_modules', '.cache', 'webpack'),
    name: `${o.name}-${mode}-${key}`,
    version: key,
    buildDependencies: {
      config: [__filename, ...(fs.existsSync(configFile) ? [configFile] : []), ...(o.configFiles || [])],
    },
  };
}

/** splitChunks test: the module is in no chunk that lacks the ui-kit entry module (it is only the kit's). */
function onlyBesideUiKit(uiKitEntry) {
  const hasKit = new WeakMap();
  const chunkHasKit = (chunk, chunkGraph) => {
    if (!hasKit.has(chunk))
      hasKit.set(
        chunk,
        [...chunkGraph.getChunkModulesIterable(chunk)].some((m) => m.resource === uiKitEntry),
      );
    return hasKit.get(chunk);
  };
  return (module, { chunkGraph }) => {
    const chunks = [...chunkGraph.getModuleChunksIterable(module)];
    return chunks.length > 0 && chunks.every((c) => chunkHasKit(c, chunkGraph));
  };
}

/**
 * Module Federation compiles each tree-shaken share's whole-package fallback with a compiler of its own that copies
 * the app's options, cache included: two compilers writing one cache pack fail (ENOENT on rename). Each fallback
 * compiler gets a cache name of its own. The app's compiler is configured before this runs, so it is unaffected.
 */
class FallbackCacheNamePlugin {
  apply(compiler) {
    const { cache, output } = compiler.options;
    if (cache && cache.type === 'filesystem' && output.path.split(path.sep).includes('independent-packages')) {
      // The copied options carry the app's resolved cacheLocation too.
      const name = `${cache.name}-${path.basename(output.path)}`;
      compiler.options.cache = { ...cache, name, cacheLocation: path.join(cache.cacheDirectory, name) };
    }
  }
}

/**
 * @param {object} o
 * @param {string} o.appDir       the app folder (__dirname of its webpack.config.cjs)
 * @param {string} o.name         federation name, e.g. 'remote_content' or 'host'
 * @param {Record<string,string>} [o.exposes]  remote exposes
 * @param {boolean} [o.isHost]
 * @param {string} [o.title]      standalone page title
 * @param {string} [o.srcDir]     the sources the ui-kit check reads (default appDir/src)
 * @param {string[]} [o.configFiles]  more files whose change must invalidate the cache (a fixture's own config)
 * @param {string} [o.pageCatch]  host: the catcher the renderer inlines in a rendered page's head, as dist/page-catch.js
 * @param {string} [o.serverEntry]  host: its renderer build's entry (a remote's is generated from its exposes)
 */
function createAppConfig(o) {
  const pkg = require(path.join(o.appDir, 'package.json'));
  const { webpack, ModuleFederationPlugin } = appWebpack(o.appDir);
  const versions = workspaceVersions(o.appDir);
  const uiKitEntry = require.resolve('@site/antd-kit', { paths: [o.appDir] });
  const port = Number(process.env.PORT || APP_PORTS[o.name]);
  const tsRule = {
    test: /\.tsx?$/,
    exclude: /node_modules/,
    // Types are checked once for the workspace by `tsc --build` (npm test), not by each build.
    use: { loader: require.resolve('ts-loader'), options: { transpileOnly: true, configFile: path.join(o.appDir, 'tsconfig.json') } },
  };
  const defines = {
    'process.env.SITE_RUNTIME_VERSION': JSON.stringify(versions.runtime),
    'process.env.APP_NAME': JSON.stringify(o.name),
    // MF_BUILD_VERSION is also what the federation manifest reports as buildVersion.
    'process.env.APP_VERSION': JSON.stringify(process.env.MF_BUILD_VERSION || pkg.version),
  };
  /**
   * Production builds the browser build and, beside it in `dist/server/`, the server build the page renderer loads
   * (server.cjs). Public pages are served as HTML rendered from it; the development server builds the browser only.
   */
  return (env, argv) => {
    const prod = argv.mode === 'production';
    const outDir = process.env.BUILD_OUT_DIR ? path.resolve(process.env.BUILD_OUT_DIR) : path.join(o.appDir, 'dist');
    const browser = browserConfig(env, argv);
    // SITE_SERVER_BUILD=0: the browser build alone (the e2e suite's extra builds that no test renders from).
    if (!prod) return browser;
    const start = o.pageCatch ? [pageCatchConfig(prod, outDir)] : [];
    if (o.serverBuild === false || process.env.SITE_SERVER_BUILD === '0') return start.length ? [browser, ...start] : browser;
    return [browser, createServerConfig(o, { webpack, outDir, defines, tsRule, cache: filesystemCache(o, 'server'), snapshot: SNAPSHOT }), ...start];
  };

  /**
   * A rendered page's head has `page-catch.js` inlined, which keeps a portal's messages that come before any script
   * file has arrived. Built alone, without federation (no runtime of its own), under the fixed name the page renderer
   * looks for.
   */
  function pageCatchConfig(prod, outDir) {
    return {
      name: 'page-catch',
      mode: prod ? 'production' : 'development',
      context: o.appDir,
      entry: { 'page-catch': o.pageCatch },
      devtool: false,
      target: 'web',
      cache: filesystemCache(o, 'page-catch'),
      snapshot: SNAPSHOT,
      output: { path: outDir, filename: '[name].js', clean: false },
      resolve: { extensions: ['.ts', '.js'] },
      module: { rules: [tsRule] },
    };
  }

  function browserConfig(env, argv) {
    const prod = argv.mode === 'production';
    const mode = prod ? 'production' : 'development';
    const outDir = process.env.BUILD_OUT_DIR ? path.resolve(process.env.BUILD_OUT_DIR) : path.join(o.appDir, 'dist');
    const publicDir = path.join(o.appDir, 'public');
    const runtimePlugins = [
      ...(o.isHost ? [path.join(__dirname, 'runtime', 'resilience-plugin.js')] : []),
      path.join(__dirname, 'runtime', 'yield-plugin.js'),
    ];
    return {
      mode,
      context: o.appDir,
      entry: { main: './src/index.ts' },
      devtool: prod ? false : 'eval-cheap-module-source-map',
      target: 'web',
      cache: filesystemCache(o, mode),
      snapshot: SNAPSHOT,
      output: {
        path: outDir,
        filename: prod ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: prod ? '[name].[contenthash:8].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        publicPath: o.isHost ? '/' : 'auto',
        uniqueName: o.name,
        chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
        // dist/server/ and page-catch.js are written by the other compilers.
        clean: { keep: /^(server[\\/]|page-catch\.js$)/ },
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.jsx', '.json'] },
      module: {
        rules: [
          tsRule,
          // The workspace libraries bundled into each app are barrels (`@site/ui`'s index re-exports every part):
          // without this, one named import kept every module behind the barrel, DOMPurify included (10 KB brotli in the
          // host's start and again in every page module, used by none of them). Their modules do nothing on import but
          // what their exports need; their stylesheets stay side effects (the CSS rule has no such flag).
          { test: /[\\/]shared[\\/](ui|api-client|contract)[\\/]src[\\/].+\.tsx?$/, sideEffects: false },
          ...(UI_KIT_OMIT
            ? [
                {
                  test: (f) => f === uiKitEntry,
                  enforce: 'pre',
                  use: { loader: require.resolve('./ui-kit-omit-loader.cjs'), options: { names: UI_KIT_OMIT } },
                },
              ]
            : []),
          {
            test: /\.css$/,
            use: [
              { loader: require.resolve('style-loader'), options: { styleTagTransform: path.join(__dirname, 'runtime', 'style-tag-transform.js') } },
              require.resolve('css-loader'),
            ],
          },
          { test: /\.(png|jpe?g|gif|svg|webp|ico|woff2?)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new FallbackCacheNamePlugin(),
        new UiKitImportCheckPlugin(o.srcDir || path.join(o.appDir, 'src')),
        new webpack.DefinePlugin(defines),
        // The plugin that provides the runtime to the remotes is imported as its CommonJS build, which pulls in the
        // CommonJS copy of the whole federation runtime beside the ES module copy the bundler runtime uses: the
        // host's entry chunk carried the runtime twice (193 KB of 578 KB of modules). Its ES module build shares it.
        ...(o.isHost
          ? [
              new webpack.NormalModuleReplacementPlugin(/inject-external-runtime-core-plugin[\\/]dist[\\/]index\.cjs$/, (r) => {
                r.request = r.request.replace(/index\.cjs$/, 'index.js');
              }),
            ]
          : []),
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
                template: fs.existsSync(path.join(publicDir, 'index.html'))
                  ? path.join(publicDir, 'index.html')
                  : path.join(__dirname, 'standalone.html'),
                title: o.title || pkg.name,
                chunks: ['main'],
                scriptLoading: 'defer',
              }),
              // The host's start files, for the rendered page's first script to request with the entry chunk.
              ...(o.pageCatch ? [new StartPreloadPlugin(HtmlWebpackPlugin)] : []),
            ]
          : []),
        ...(fs.existsSync(publicDir)
          ? [new CopyPlugin({ patterns: [{ from: publicDir, globOptions: { ignore: ['**/index.html'] }, noErrorOnMissing: true }] })]
          : []),
        ...(prod ? [new CompileHintsPlugin({ isHost: !!o.isHost, name: o.name })] : []),
        ...(o.plugins || []),
      ],
      optimization: {
        moduleIds: 'deterministic',
        // Named chunks: a request log tells which package or page a file holds (benchmark, tests, debugging).
        chunkIds: 'named',
        minimizer: [minifyExceptFallbacks],
        splitChunks: {
          cacheGroups: {
            // Chunks by what a page needs, not by package path: a page (an exposed module, the host's bootstrap)
            // carries the code it uses, and what several pages share is repeated in each page's chunk instead of
            // split into small shared files, each one more request on a cold load (the home page's
            // remote-content part was five files, three of them under 5 KB compressed). Only the groups below and
            // federation's shared singletons are separate files.
            default: false,
            defaultVendors: false,
            // react, react/jsx-runtime, react-dom, react-dom/client and the scheduler are always needed together:
            // one file instead of five separate requests on every cold load.
            react: { test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, name: 'react', chunks: 'all', enforce: true, priority: 20 },
            // @site/antd-kit and everything only it uses (antd, the icons, rc-components...) in one chunk, so webpack can
            // concatenate them into one module. Split as vendors, the ~45 re-exported components stay ~180 module
            // wrappers, and the chunk was 7 % larger (250 vs 233 KB br).
            uiKit: { test: onlyBesideUiKit(uiKitEntry), name: 'ui-kit', chunks: 'async', enforce: true, priority: 10 },
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
        proxy: [{ context: API_PATHS, target: `http://127.0.0.1:${process.env.API_PORT || DEFAULT_API_PORT}`, changeOrigin: false }],
      },
    };
  }
}

module.exports = { createAppConfig, sharedConfig, SINGLETONS, REMOTE_NAMES, APP_PORTS };
