const { createAppConfig } = require('@site/build-config/webpack');
const { checkDeclaredExposes } = require('@site/build-config/contract');
const routes = require('@site/contract/routes.json');

/** The host build stops when a remote no longer declares a module the route table mounts. */
class RemoteContractPlugin {
  apply(compiler) {
    compiler.hooks.beforeCompile.tap('RemoteContractPlugin', () => {
      const problems = checkDeclaredExposes(routes);
      if (problems.length) throw new Error(`Remote contract broken:\n  - ${problems.join('\n  - ')}`);
    });
  }
}

module.exports = createAppConfig({
  appDir: __dirname,
  name: 'host',
  isHost: true,
  title: '华电智控科技有限公司',
  pageCatch: './src/page-catch.ts',
  serverEntry: './src/server.tsx',
  plugins: [new RemoteContractPlugin()],
});
