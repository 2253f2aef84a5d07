/**
 * The host origin's policy allows exactly one inline script: the host build's page-catch.js, which the renderer
 * inlines in every rendered page (issue 17). The hash follows the deployed file.
 */
const test = require('node:test');
const assert = require('node:assert');
const crypto = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');

const hostRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'origin-host-'));
fs.writeFileSync(path.join(hostRoot, 'index.html'), '<!doctype html><html lang="zh-CN"><title>首页</title><div id="root"></div></html>');
process.env.HOST_ROOT = hostRoot;
process.env.SITE_RENDER = '0';
const { serverFor } = require('../src/origin.cjs');
const { siteEnv } = require('../src/site-env.cjs');

const sha = (text) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;

test('[ISSUE-17] script-src names the sha256 of the deployed page-catch.js, follows a redeploy, and never allows inline scripts in general', async (t) => {
  const server = serverFor(siteEnv().host);
  await server.listen({ port: 0, host: '127.0.0.1' });
  t.after(() => server.close());
  const url = `http://127.0.0.1:${server.server.address().port}/`;
  const scriptSrc = async () => {
    const res = await fetch(url);
    const csp = res.headers.get('content-security-policy');
    return /script-src ([^;]*)/.exec(csp)[1].split(' ');
  };

  assert.deepStrictEqual(
    (await scriptSrc()).filter((s) => s.startsWith("'sha")),
    [],
    'no catcher, no hash',
  );

  const first = '(()=>{window.caught=[]})();';
  fs.writeFileSync(path.join(hostRoot, 'page-catch.js'), first);
  const withFirst = await scriptSrc();
  assert.ok(withFirst.includes(sha(first)), withFirst.join(' '));
  assert.ok(withFirst.includes("'self'"));
  assert.ok(!withFirst.includes("'unsafe-inline'"));

  const second = '(()=>{window.caught=[];window.again=1})();';
  fs.writeFileSync(path.join(hostRoot, 'page-catch.js'), second);
  const withSecond = await scriptSrc();
  assert.ok(withSecond.includes(sha(second)), withSecond.join(' '));
  assert.ok(!withSecond.includes(sha(first)));
});
