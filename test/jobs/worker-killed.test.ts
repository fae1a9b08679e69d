import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { MEMORY, openDatabase, type Database } from '../../src/db/database.js';
import { openJobQueue, type JobQueue } from '../../src/jobs/queue.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/database.js';

const WORKER = fileURLToPath(new URL('../support/job-worker.ts', import.meta.url));
const LOCK_LIFETIME_MS = 600;

// Two processes need one database: an in-memory PGlite belongs to the process that opened it, so this
// runs only against a PostgreSQL server (DATABASE_URL), as CI does.
describe.skipIf(!process.env.DATABASE_URL)('a worker killed mid-job (PostgreSQL only: needs a second process)', () => {
  let scratch: ScratchDatabase;
  let db: Database;
  let worker: ChildProcess | undefined;
  let queue: JobQueue | undefined;

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.DATABASE_URL!);
    db = await openDatabase({ databaseUrl: scratch.url, dataDir: MEMORY });
  });
  afterAll(async () => {
    if (worker && worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
    await queue?.stop();
    await db?.close();
    await scratch?.drop();
  });

  it('leaves its job locked while alive; once it is killed another worker takes the job over and completes it', async () => {
    queue = await openJobQueue({ db, processEveryMs: 50, lockLifetimeMs: LOCK_LIFETIME_MS, log: () => {} });
    const runs: { attempt: number; data: unknown }[] = [];
    queue.define<{ draftId: string }>('slow_job', async (data, { attempt }) => void runs.push({ attempt, data }));
    await queue.enqueue('slow_job', { draftId: 'd-42' });

    const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
      env: { ...process.env, DATABASE_URL: scratch.url, LOCK_LIFETIME_MS: String(LOCK_LIFETIME_MS) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker = child;
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const deadline = Date.now() + 15_000;
    while (!output.includes('started 1')) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the worker did not start the job:\n${output}`);
      await sleep(20);
    }

    // Alive, the worker renews its lock: our queue, although its lock lifetime passes twice, leaves the job alone.
    await queue.start();
    await sleep(LOCK_LIFETIME_MS * 2);
    expect(runs).toEqual([]);
    const [locked] = await db.query<{ last_modified_by: string; locked_at: Date | null }>(
      'SELECT last_modified_by, locked_at FROM agenda_jobs',
    );
    expect(locked.last_modified_by).toBe('doomed-worker');
    expect(locked.locked_at).not.toBeNull();

    child.kill('SIGKILL');
    await once(child, 'exit');
    const killedAt = Date.now();
    await queue.idle(5000);
    expect(runs).toEqual([{ attempt: 2, data: { draftId: 'd-42' } }]);
    expect(Date.now() - killedAt).toBeLessThan(LOCK_LIFETIME_MS + 2000);
    expect(await db.query('SELECT id FROM agenda_jobs')).toEqual([]);
    expect(output).not.toMatch(/started 2/);
  });
});
