/**
 * The server's test-only switches (issue 15): the dev routes (/dev/*: captcha answers, SMS outbox, visit records),
 * the local messaging-app stand-in and the seeded staff accounts admin/admin123, editor/editor123, and the visit
 * records of browsers on loopback counted (every test's browser runs there; production leaves the site's own
 * monitoring out, issue 34.9). Only the test harnesses set them, on every API server they start; `npm start` never does.
 * Plain CommonJS: support/site.ts exports them to the specs, and variants.cjs starts the server with them when it
 * makes the API's data folder ahead.
 */
const TEST_SERVER_SWITCHES = Object.freeze({ SITE_DEV_ENDPOINTS: '1', SITE_WX_LOCAL: '1', SITE_TEST_ACCOUNTS: '1', SITE_VISIT_COUNT_LOCAL: '1' });

module.exports = { TEST_SERVER_SWITCHES };
