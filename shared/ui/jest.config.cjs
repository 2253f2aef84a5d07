module.exports = require('@site/build-config/jest').jestConfig();
