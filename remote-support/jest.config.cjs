module.exports = require('@site/shared/build').jestConfig();
