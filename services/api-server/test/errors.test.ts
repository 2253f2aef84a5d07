/** Which failures are the API's 503 (a database or server away) rather than a 500. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { isServiceUnavailable } from '../src/lib/errors.js';

test('[issue 45.5] a database on a Unix socket that is down (its socket file gone: ENOENT on connect) is unavailable, a missing file elsewhere is not', async () => {
  const socket = path.join(os.tmpdir(), `no-such-db-${process.pid}`, '.s.PGSQL.5432');
  const failure = await new Promise<Error>((resolve) => net.connect(socket).on('error', resolve));
  assert.equal((failure as NodeJS.ErrnoException).code, 'ENOENT');
  assert.equal(isServiceUnavailable(failure), true);
  assert.equal(isServiceUnavailable(new Error('wrapped', { cause: failure })), true);
  const missingFile = Object.assign(new Error("ENOENT: no such file or directory, open '/x'"), { code: 'ENOENT', syscall: 'open' });
  assert.equal(isServiceUnavailable(missingFile), false);
  assert.equal(isServiceUnavailable(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })), true);
});
