/**
 * A second service instance for test/jobs/worker-killed.test.ts: opens the queue on DATABASE_URL and runs
 * `slow_job` forever (renewing its lock), printing `started <attempt>`. The test SIGKILLs it mid-job.
 * Run it as `node --import tsx test/support/job-worker.ts` (one process: the tsx CLI would fork a child
 * that outlives a SIGKILL of the CLI).
 */
import { MEMORY, openDatabase } from '../../src/db/database.js';
import { openJobQueue } from '../../src/jobs/queue.js';

const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? '', dataDir: MEMORY });
const queue = await openJobQueue({
  db,
  name: 'doomed-worker',
  processEveryMs: 50,
  lockLifetimeMs: Number(process.env.LOCK_LIFETIME_MS ?? 600),
  log: (message, error) => console.error(message, error instanceof Error ? error.message : ''),
});
queue.define('slow_job', async (_data, { attempt }) => {
  console.log(`started ${attempt}`);
  await new Promise(() => {}); // until killed
});
await queue.start();
console.log('ready');
