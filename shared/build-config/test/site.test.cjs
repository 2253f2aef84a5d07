/**
 * The site's one topology (issue 16.5): every command that runs a site takes its ports from here, so the layout of a
 * port block and the variables services/origin-server/src/serve.cjs reads must stay what the scripts, the e2e harness and the docs say.
 */
const test = require('node:test');
const assert = require('node:assert');
const { APPS, SITES, portsFrom, serveEnv, DEFAULT_API_PORT, REMOTE_DIRS } = require('../site.cjs');

test('[issue 16.5][ISSUE-17] a port block: API on the base, host +80, remotes +81..84, page renderer +86, portal +90', () => {
  assert.deepStrictEqual(portsFrom(28000), {
    api: 28000,
    host: 28080,
    remote_content: 28081,
    remote_support: 28082,
    remote_account: 28083,
    remote_shell_admin: 28084,
    portal: 28090,
    renderer: 28086,
  });
  assert.strictEqual(portsFrom(28000, { api: 13180 }).api, 13180);
});

test('[issue 16.5][ISSUE-17] npm start keeps 8080..8084, the API on 3000 and the page renderer on 3010; the e2e suite 18080..18084, API 13000, portal 18090', () => {
  assert.deepStrictEqual(SITES.start, {
    api: 3000,
    host: 8080,
    remote_content: 8081,
    remote_support: 8082,
    remote_account: 8083,
    remote_shell_admin: 8084,
    renderer: 3010,
  });
  assert.strictEqual(DEFAULT_API_PORT, 3000);
  assert.deepStrictEqual(SITES.e2e, { ...portsFrom(18000), api: 13000 });
  assert.deepStrictEqual(SITES.devSite, portsFrom(9100));
  assert.deepStrictEqual(SITES.bench, portsFrom(19100));
});

test('[issue 16.5][ISSUE-17] serveEnv names the variables serve.cjs reads, one per app, API_PORT and RENDER_PORT', () => {
  assert.deepStrictEqual(serveEnv(portsFrom(9100)), {
    API_PORT: '9100',
    RENDER_PORT: '9186',
    HOST_PORT: '9180',
    REMOTE_CONTENT_PORT: '9181',
    REMOTE_SUPPORT_PORT: '9182',
    REMOTE_ACCOUNT_PORT: '9183',
    REMOTE_SHELL_ADMIN_PORT: '9184',
  });
  assert.deepStrictEqual(
    REMOTE_DIRS,
    Object.values(APPS)
      .map((a) => a.dir)
      .filter((d) => d !== 'host'),
  );
});
