/**
 * The scale bench's search index: the server's own indexing (services/api-server/src/lib/search.ts reindexStale, as
 * the server runs it at start: every article without an index row, 200 a transaction, written as the article write
 * path writes them). `node --import tsx scripts/bench/scale-index.mts <DATABASE_URL>` from services/api-server;
 * prints one JSON line.
 */
import { openDatabase } from '@site/api-server/src/db/index.ts';
import { reindexStale } from '@site/api-server/src/lib/search.ts';

const [databaseUrl] = process.argv.slice(2);
const database = await openDatabase({ databaseUrl, dataDir: '/tmp' });
const t = performance.now();
const indexed = await reindexStale(database.db);
const seconds = Math.round((performance.now() - t) / 100) / 10;
await database.close();
console.log(JSON.stringify({ indexed, seconds }));
