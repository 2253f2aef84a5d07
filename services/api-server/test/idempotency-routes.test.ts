/**
 * Every write route takes the claim step of an Idempotency-Key itself (`claimKey(tx, req)` in its write transaction,
 * lib/idempotency.ts) or is listed in UNFENCED with the reason it needs none: a new write route that forgets the
 * step fails here instead of being silently unfenced (after a crash its retry would run it a second time).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { UNFENCED } from '../src/lib/idempotency.js';
import { suiteServer } from './helpers.js';

// The render feed's routes exist only with its token set.
const s = suiteServer({ server: { renderToken: 'idempotency-routes-test-token' } });

test('[issue 46.4] every POST, PUT, PATCH and DELETE route calls claimKey in its handler or is listed in UNFENCED with a reason', () => {
  const routes = s.app.writeRoutes.map((r) => ({ name: `${r.method} ${r.url}`, claims: /\bclaimKey\(/.test(String(r.handler)) }));
  assert.ok(routes.length > 40, `the write routes are listed (${routes.length})`);
  const neither = routes.filter((r) => !r.claims && !(r.name in UNFENCED)).map((r) => r.name);
  assert.deepEqual(neither, [], 'write routes with no claim step and no reason');
  const both = routes.filter((r) => r.claims && r.name in UNFENCED).map((r) => r.name);
  assert.deepEqual(both, [], 'listed in UNFENCED but claiming');
  const stale = Object.keys(UNFENCED).filter((name) => !routes.some((r) => r.name === name));
  assert.deepEqual(stale, [], 'UNFENCED names no route');
  for (const [name, why] of Object.entries(UNFENCED)) assert.ok(why.length > 20, `${name}: a reason`);
});

test('[issue 46.4] the shared database object is drizzle’s own: no transaction of any request runs a hidden claim statement', () => {
  assert.equal(Object.hasOwn(s.app.ctx.db, 'transaction'), false, 'db.transaction is not replaced on the instance');
});
