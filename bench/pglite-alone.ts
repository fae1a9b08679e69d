/**
 * PGlite alone (bench/embedded-memory.ts starts it): the embedded database in DATA_DIR opened as the service opens it
 * (ORM, migrations checked), every listing read once, left to settle SETTLE_MS, then its memory printed as JSON (MB).
 */
import { openDatabase } from '../src/db/database.js';

const MB = 1024 * 1024;
const db = await openDatabase({ databaseUrl: '', dataDir: process.env.DATA_DIR! });
await db.query('SELECT * FROM listings');
await new Promise((r) => setTimeout(r, Number(process.env.SETTLE_MS ?? 10_000)));
const memory = process.memoryUsage();
console.log(
  JSON.stringify({
    resident: memory.rss / MB,
    heapUsed: memory.heapUsed / MB,
    heapTotal: memory.heapTotal / MB,
    external: memory.external / MB,
  }),
);
await db.close();
