module.exports = require('./build/jest.cjs').jestConfig();
