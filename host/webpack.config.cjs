const { createAppConfig } = require('@site/shared/build');

module.exports = createAppConfig({ appDir: __dirname, name: 'host', isHost: true, title: '华电智控科技有限公司' });
