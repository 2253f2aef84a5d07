/**
 * Measurement of several instances (docs/decisions/0005): two instances (A, B) on one PostgreSQL database in this process. 100 writes through A
 * (a channel renamed, alternately a config value switched); after each, B is asked until it answers the new value.
 * Prints p50/p99 of the time from the start of A's write to B's first right answer, and how many of B's answers
 * were stale. Needs a PostgreSQL server: `sh test/run-pg.sh tools/coherence.ts` (a fresh database is created).
 */
import { sql } from 'drizzle-orm';
import { CHANNEL_IDS } from '@site/contract';
import { buildServer } from '../src/app.js';
import { rows } from '../src/db/index.js';
import { login, req, startTestServer } from '../test/helpers.js';

if (!process.env.TEST_DATABASE_URL) {
  console.error('coherence: run it through test/run-pg.sh (needs TEST_DATABASE_URL)');
  process.exit(1);
}
const s = await startTestServer();
const b = await buildServer({
  logger: false,
  devEndpoints: true,
  testAccounts: true,
  print: () => {},
  dataDir: s.dataDir,
  databaseUrl: s.databaseUrl,
});
const a = s.app;
const admin = await login(a, 'admin', 'admin123');
const id = CHANNEL_IDS.news;
const configUrl = '/system/config/configKey/sys.account.captchaEnabled';
const took: number[] = [];
const afterAnswer: number[] = [];
let staleAnswers = 0;
for (let i = 0; i < 100; i++) {
  const channelWrite = i % 2 === 0;
  // B has the current value cached before each write.
  if (channelWrite) await req(b, { method: 'GET', url: `/api/channel/${id}` });
  else await req(b, { method: 'GET', url: configUrl });
  const [{ version }] = await rows<{ version: number }>(a.ctx.db, sql`SELECT version FROM channel WHERE id = ${id}`);
  const name = `新闻动态${i}`;
  const enabled = i % 4 === 1 ? 'false' : 'true';
  const t0 = process.hrtime.bigint();
  if (channelWrite) {
    const r = await req(a, { method: 'PUT', url: `/system/channel/${id}`, token: admin, payload: { name, version } });
    if (r.body.code !== 200) throw new Error(JSON.stringify(r.body));
  } else await req(a, { method: 'POST', url: `/dev/captcha-enabled?enabled=${enabled}` });
  const answered = process.hrtime.bigint();
  for (;;) {
    const got = channelWrite
      ? (await req(b, { method: 'GET', url: `/api/channel/${id}` })).body.name
      : (await req(b, { method: 'GET', url: configUrl })).body.data;
    if (got === (channelWrite ? name : enabled)) break;
    staleAnswers++;
  }
  const done = process.hrtime.bigint();
  took.push(Number(done - t0) / 1e6);
  afterAnswer.push(Number(done - answered) / 1e6);
}
const pct = (list: number[], p: number) => [...list].sort((x, y) => x - y)[Math.ceil((p / 100) * list.length) - 1].toFixed(1);
console.log(
  `coherence: 100 writes through A; B stale answers: ${staleAnswers}; from the start of A's write to B's right answer ` +
    `p50 ${pct(took, 50)} ms, p99 ${pct(took, 99)} ms; from A's answer to B's right answer p50 ${pct(afterAnswer, 50)} ms, p99 ${pct(afterAnswer, 99)} ms`,
);
await b.close();
await s.close();
