const { createAppConfig } = require('@site/build-config/webpack');
const { exposes } = require('./exposes.cjs');

module.exports = createAppConfig({ appDir: __dirname, name: 'remote_account', exposes, title: 'remote-account（独立运行）', serverBuild: false });
