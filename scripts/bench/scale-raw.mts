/**
 * The 访问统计 figures counted over the visit records themselves (services/api-server/test/visits-raw.ts: the queries
 * the page ran before the daily roll-ups, docs/decisions/0009), for 7, 30 and 365 days: database time per call, for the
 * scale bench's "before" column. `node --import tsx scripts/bench/scale-raw.mts <DATABASE_URL> [calls]` from
 * services/api-server; prints one JSON line.
 */
import { openDatabase } from '@site/api-server/src/db/index.ts';
import { rawFigures } from '@site/api-server/test/visits-raw.ts';

const [databaseUrl, callsArg] = process.argv.slice(2);
const calls = Number(callsArg || 3);
const DAY_MS = 86_400_000;
const tz = process.env.TZ || 'Asia/Shanghai';
const today = Math.floor(Date.parse(new Date().toLocaleDateString('sv-SE', { timeZone: tz }) + 'T00:00:00Z') / DAY_MS);
const database = await openDatabase({ databaseUrl, dataDir: '/tmp' });
const out: { call: string; calls: number; p50ms: number; maxms: number }[] = [];
for (const days of [7, 30, 365]) {
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t = performance.now();
    await rawFigures(database.db, { begin: today - (days - 1), end: today }, 50);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const r = (n: number) => Math.round(n * 10) / 10;
  out.push({
    call: `访问统计 ${days} days over the records`,
    calls,
    p50ms: r(times[Math.floor((times.length - 1) / 2)]),
    maxms: r(times[times.length - 1]),
  });
}
await database.close();
console.log(JSON.stringify(out));
