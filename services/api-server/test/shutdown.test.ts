/**
 * Graceful shutdown of the real process (issue 9): SIGTERM while a client is stalled in the middle of an upload.
 * Open requests get 5 s; then their connections are cut, the database is closed and the process exits 0. A visit
 * record answered before the signal is in the database (committed before its answer).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ok, startProcess, templateDir } from './helpers.js';

/**
 * /dev/visits reads the stored records; test accounts keep the start from printing an administrator password; the
 * records this test sends come from loopback (SITE_VISIT_COUNT_LOCAL: counted).
 */
const TEST_SWITCHES = { SITE_DEV_ENDPOINTS: '1', SITE_TEST_ACCOUNTS: '1', SITE_VISIT_COUNT_LOCAL: '1' };

test(
  '[API-24][VISIT-4] SIGTERM with a stalled upload open: connections cut after 5 s, the answered visit record kept, exit 0',
  { skip: !!process.env.TEST_DATABASE_URL && 'PGlite process only' },
  async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-shutdown-'));
    fs.cpSync(await templateDir(), dataDir, { recursive: true });
    try {
      const server = startProcess(dataDir, TEST_SWITCHES);
      const port = await server.port;
      const uv = String(Date.now()) + String(Math.floor(Math.random() * 1e3)).padStart(3, '0');
      const visit = {
        siteId: '1',
        url: 'http://test/',
        entryUrl: 'http://test/',
        referrer: '',
        si: 1,
        uv: Number(uv),
        newVisitor: true,
        count: 1,
        duration: 0,
      };
      const answered = await fetch(`http://127.0.0.1:${port}/api/visit/1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(visit),
      });
      assert.equal(answered.status, 200);

      // A client that announced 1000 bytes and sent 10: its request never completes by itself. It asks for
      // "100 Continue" so the test knows the server has parsed the request before the signal: an unparsed connection
      // is idle and closed at once, which is right but not what this test is about. The socket flows (a paused one
      // stops reading and never sees the cut, and the loop would drain with nothing left to wait on).
      const stalled = net.connect(port, '127.0.0.1');
      stalled.on('error', () => undefined);
      let received = '';
      stalled.on('data', (d: Buffer) => (received += d.toString()));
      const cut = new Promise<void>((r) => stalled.once('close', () => r()));
      await new Promise((r) => stalled.once('connect', r));
      stalled.write(
        `POST /api/visit/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\nExpect: 100-continue\r\n\r\n`,
      );
      for (let i = 0; i < 200 && !received.includes('100 Continue'); i++) await new Promise((r) => setTimeout(r, 25));
      assert.match(received, /^HTTP\/1\.1 100 Continue/);
      stalled.write('{"siteId":');

      const signalled = Date.now();
      server.child.kill('SIGTERM');
      const code = await server.exited;
      const took = Date.now() - signalled;
      assert.equal(code, 0, server.output());
      await cut;
      ok(took >= 4_500 && took < 10_000, `exit after ${took} ms`);
      ok(server.output().includes('requests still open after 5 s: closing their connections'), server.output());

      // Started again on the same data: the record answered before the stop is there.
      const again = startProcess(dataDir, TEST_SWITCHES);
      const port2 = await again.port;
      const stored = (await (await fetch(`http://127.0.0.1:${port2}/dev/visits?uv=${uv}`)).json()) as { data: unknown[] };
      assert.equal(stored.data.length, 1);
      again.child.kill('SIGTERM');
      assert.equal(await again.exited, 0, again.output());
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
