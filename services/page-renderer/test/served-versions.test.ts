/**
 * The renderer tells the API which remote versions the site serves (feed-api.ts reportServedVersions): the field
 * reports of page views naming other versions do not count (services/api-server lib/field.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { reportServedVersions } from '../src/feed-api';

test('[issue 44.1] a run posts its remotes’ versions with the render token; a version that is no name is left out', async () => {
  const got: { url?: string; token?: string | string[]; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      got.push({ url: req.url, token: req.headers['x-render-token'], body });
      res.setHeader('content-type', 'application/json');
      res.end('{"code":200,"msg":"操作成功"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    await reportServedVersions(origin, 'tok', { remote_content: '1.2.0', remote_support: '3.0.0-canary.1', remote_account: '' });
    // Nothing to say: no request.
    await reportServedVersions(origin, 'tok', { remote_content: '?/..' });
  } finally {
    server.close();
  }
  assert.deepEqual(got, [
    {
      url: '/internal/render/versions',
      token: 'tok',
      body: JSON.stringify({ versions: { remote_content: '1.2.0', remote_support: '3.0.0-canary.1' } }),
    },
  ]);
});

test('[issue 44.1] an API that refuses says why (the run logs it and goes on)', async () => {
  const server = http.createServer((_req, res) => {
    res.statusCode = 403;
    res.end('{"code":403,"msg":"无权访问"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    await assert.rejects(reportServedVersions(origin, 'bad', { remote_content: '1.2.0' }), /served versions: HTTP 403/);
  } finally {
    server.close();
  }
});
