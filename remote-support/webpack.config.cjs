const { createAppConfig } = require('@site/build-config/webpack');
const { exposes } = require('./exposes.cjs');

module.exports = createAppConfig({ appDir: __dirname, name: 'remote_support', exposes, title: 'remote-support（独立运行）' });
