import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../../src/db/database.js';
import { openJobQueue, type JobQueue, type JobQueueOptions } from '../../src/jobs/queue.js';
import { queueMail } from '../../src/jobs/mail-job.js';
import { readOutbox } from '../../src/mail/mailer.js';
import { createTestDatabase } from '../support/database.js';
import { testServices } from '../support/services.js';

/** The real queue on the real database (PostgreSQL with DATABASE_URL, else embedded PGlite). */
let db: Database;
let drop: () => Promise<void>;
const opened: JobQueue[] = [];
const logged: string[] = [];

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((queue) => queue.stop()));
});
afterAll(async () => {
  await drop?.();
});

/** Short timings; log lines are kept for the assertions instead of printed. */
async function queue(options: Partial<JobQueueOptions> = {}): Promise<JobQueue> {
  const created = await openJobQueue({
    db,
    processEveryMs: 50,
    lockLifetimeMs: 2000,
    retryDelayMs: 50,
    drainTimeoutMs: 3000,
    log: (message, error) => logged.push(`${message} ${error instanceof Error ? error.message : ''}`.trim()),
    ...options,
  });
  opened.push(created);
  return created;
}

async function rowsOf(name: string) {
  return db.query<{ fail_count: number | null; next_run_at: Date | null; locked_at: Date | null; fail_reason: string | null }>(
    'SELECT fail_count, next_run_at, locked_at, fail_reason FROM agenda_jobs WHERE name = $1',
    [name],
  );
}

describe('the job queue', () => {
  it('runs an enqueued job once, with its data, and removes it when done', async () => {
    const jobs = await queue();
    const seen: unknown[] = [];
    jobs.define<{ n: number; text: string; nested: { list: number[] } }>('echo', async (data, job) => {
      seen.push({ data, attempt: job.attempt });
    });
    await jobs.start();
    const data = { n: 7, text: 'héllo "quoted" \'single\'', nested: { list: [1, 2, 3] } };
    await jobs.enqueue('echo', data);
    await jobs.idle(5000);
    expect(seen).toEqual([{ data, attempt: 1 }]);
    expect(await rowsOf('echo')).toEqual([]);
  });

  it('shares jobs between two instances on one database and never runs one twice', async () => {
    const producer = await queue(); // enqueues only, like a web instance that has not started its workers yet
    const instances = [await queue({ name: 'instance-a' }), await queue({ name: 'instance-b' })];
    const runs: { n: number; by: string }[] = [];
    const running = new Set<number>();
    let overlapping = 0;
    for (const [i, jobs] of instances.entries()) {
      jobs.define<{ n: number }>('share', async ({ n }) => {
        if (running.has(n)) overlapping++;
        running.add(n);
        await sleep(15 + (n % 3) * 5);
        running.delete(n);
        runs.push({ n, by: i === 0 ? 'a' : 'b' });
      });
    }
    for (let n = 0; n < 30; n++) await producer.enqueue('share', { n });
    await Promise.all(instances.map((jobs) => jobs.start()));
    await instances[0].idle(15_000);
    await instances[1].idle(1000);

    expect(overlapping).toBe(0);
    expect(runs.map((run) => run.n).sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, n) => n));
    expect(runs.filter((run) => run.by === 'a').length).toBeGreaterThan(0);
    expect(runs.filter((run) => run.by === 'b').length).toBeGreaterThan(0);
  });

  it('retries a failing job with backoff and stops once it succeeds', async () => {
    const jobs = await queue();
    const attempts: number[] = [];
    const times: number[] = [];
    let gaveUp = 0;
    jobs.define<{ id: string }>(
      'flaky',
      async ({ id }, { attempt }) => {
        expect(id).toBe('x');
        attempts.push(attempt);
        times.push(Date.now());
        if (attempt < 3) throw new Error(`flaky failure ${attempt}`);
      },
      { onGiveUp: async () => void gaveUp++ },
    );
    await jobs.start();
    await jobs.enqueue('flaky', { id: 'x' });
    await jobs.idle(5000);
    expect(attempts).toEqual([1, 2, 3]);
    expect(gaveUp).toBe(0);
    // Backoff 50 ms then 100 ms (retryDelayMs * 2^(n-1)).
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(45);
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(95);
    expect(await rowsOf('flaky')).toEqual([]);
    expect(logged.filter((line) => line.startsWith('job flaky failed'))).toHaveLength(2);
  });

  it('gives up after maxAttempts and runs onGiveUp once', async () => {
    const jobs = await queue();
    const attempts: number[] = [];
    const gaveUp: { data: unknown; error: string }[] = [];
    jobs.define<{ draftId: string }>(
      'broken',
      async (_data, { attempt }) => {
        attempts.push(attempt);
        throw new Error(`broken ${attempt}`);
      },
      {
        maxAttempts: 3,
        onGiveUp: async (data, error) => {
          gaveUp.push({ data, error: (error as Error).message });
        },
      },
    );
    await jobs.start();
    await jobs.enqueue('broken', { draftId: 'd1' });
    await jobs.idle(5000);
    await sleep(400); // no fourth run comes later
    expect(attempts).toEqual([1, 2, 3]);
    expect(gaveUp).toEqual([{ data: { draftId: 'd1' }, error: 'broken 3' }]);
    // The row stays, finished, with the reason.
    expect(await rowsOf('broken')).toEqual([{ fail_count: 3, next_run_at: null, locked_at: null, fail_reason: 'broken 3' }]);
  });

  it('keeps a job across a restart: enqueued by one instance, run by the next', async () => {
    const first = await queue();
    const ran: { data: unknown; attempt: number }[] = [];
    first.define<{ k: string }>('survivor', async (data, job) => void ran.push({ data, attempt: job.attempt }));
    await first.enqueue('survivor', { k: 'v' }); // never started: a service stopped before its workers got to it
    await first.stop();
    expect(ran).toEqual([]);

    const second = await queue();
    second.define<{ k: string }>('survivor', async (data, job) => void ran.push({ data, attempt: job.attempt }));
    await second.start();
    await second.idle(5000);
    expect(ran).toEqual([{ data: { k: 'v' }, attempt: 1 }]);
  });

  it('lets a running job finish when stopped, and the next instance does not run it again', async () => {
    const first = await queue();
    const events: string[] = [];
    let startedRun!: () => void;
    const started = new Promise<void>((resolve) => (startedRun = resolve));
    first.define('long', async () => {
      events.push('start');
      startedRun();
      await sleep(300);
      events.push('end');
    });
    await first.start();
    await first.enqueue('long', {});
    await started;
    await first.stop();
    events.push('stopped');
    expect(events).toEqual(['start', 'end', 'stopped']);

    const second = await queue();
    second.define('long', async () => void events.push('again'));
    await second.start();
    await second.idle(2000);
    await sleep(200);
    expect(events).toEqual(['start', 'end', 'stopped']);
    expect(await rowsOf('long')).toEqual([]);
  });

  it('stops waiting for a stuck job after drainTimeoutMs; its lock then expires and another instance runs it', async () => {
    const first = await queue({ drainTimeoutMs: 100, lockLifetimeMs: 300 });
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    const attempts: number[] = [];
    let startedRun!: () => void;
    const started = new Promise<void>((resolve) => (startedRun = resolve));
    first.define('stuck', async (_data, { attempt }) => {
      attempts.push(attempt);
      startedRun();
      await stuck;
    });
    await first.start();
    await first.enqueue('stuck', {});
    await started;
    const stopAt = Date.now();
    await first.stop();
    expect(Date.now() - stopAt).toBeLessThan(1000);
    expect(logged.some((line) => line.includes('stopped with 1 job(s) still running'))).toBe(true);

    const second = await queue({ lockLifetimeMs: 300 });
    second.define('stuck', async (_data, { attempt }) => void attempts.push(attempt));
    await second.start();
    await second.idle(5000);
    expect(attempts).toEqual([1, 2]);
    release(); // the abandoned handler ends; its instance's connection is closed, so it changes nothing
    await sleep(50);
    expect(await rowsOf('stuck')).toEqual([]);
  });

  it.skipIf(!process.env.DATABASE_URL)('survives losing its PostgreSQL connections (the LISTEN one included)', async () => {
    const jobs = await queue();
    const ran: unknown[] = [];
    jobs.define<{ n: number }>('after_drop', async (data) => void ran.push(data));
    await jobs.start();
    await jobs.enqueue('after_drop', { n: 1 });
    await jobs.idle(5000);
    const [{ terminated }] = await db.query<{ terminated: number }>(
      `SELECT count(pg_terminate_backend(pid))::int AS terminated FROM pg_stat_activity
       WHERE datname = current_database() AND application_name = 'launch-directory jobs'`,
    );
    expect(terminated).toBeGreaterThan(0);
    await sleep(100);
    await jobs.enqueue('after_drop', { n: 2 });
    await jobs.idle(5000);
    expect(ran).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('does not lose a job enqueued while the service has a transaction open that rolls back', async () => {
    // On the embedded database the queue shares the service's PGlite: its statements must not join that transaction.
    const jobs = await queue();
    const ran: unknown[] = [];
    jobs.define<{ n: number }>('beside_tx', async (data) => void ran.push(data));
    await jobs.start();
    let inTransaction!: () => void;
    const transactionOpen = new Promise<void>((resolve) => (inTransaction = resolve));
    const rolledBack = db
      .transaction(async (tx) => {
        await tx.query(
          `INSERT INTO mail_outbox (id, to_address, subject, text_body, created_at) VALUES (gen_random_uuid(), 'tx@example.com', 's', 't', now())`,
        );
        inTransaction();
        await sleep(200);
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);
    await transactionOpen;
    await jobs.enqueue('beside_tx', { n: 1 });
    expect(await rolledBack).toBe('roll back');
    await jobs.idle(5000);
    expect(ran).toEqual([{ n: 1 }]);
    expect(await readOutbox(db, { to: 'tx@example.com' })).toEqual([]);
  });

  it('refuses work after stop', async () => {
    const jobs = await queue();
    await jobs.stop();
    await expect(jobs.enqueue('echo', {})).rejects.toThrow(/stopped/);
    await expect(jobs.start()).rejects.toThrow(/stopped/);
  });

  it('sends mail from a send_mail job through the mailer (testServices opens its queue on first use)', async () => {
    const services = testServices(db);
    try {
      await services.jobs.start();
      await queueMail(services.jobs, { to: 'founder@example.com', subject: 'Queued', text: 'Sent by a job.' });
      await services.jobs.idle(5000);
      const [mail] = await readOutbox(db, { to: 'founder@example.com' });
      expect(mail).toMatchObject({ to: 'founder@example.com', subject: 'Queued', text: 'Sent by a job.' });
    } finally {
      await services.jobs.stop();
    }
  });
});
