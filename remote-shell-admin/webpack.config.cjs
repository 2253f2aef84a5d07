const { createAppConfig } = require('@site/build-config/webpack');
const { exposes } = require('./exposes.cjs');

module.exports = createAppConfig({
  appDir: __dirname,
  name: 'remote_shell_admin',
  exposes,
  title: 'remote-shell-admin（独立运行）',
  serverBuild: false,
});
