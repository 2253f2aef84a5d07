const { createAppConfig } = require('@site/build-config/webpack');
const { exposes } = require('./exposes.cjs');

module.exports = createAppConfig({ appDir: __dirname, name: 'remote_content', exposes, title: 'remote-content（独立运行）' });
