import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { JobAlreadyRunningError, latestRuns, runRecurringJob, type RecurringJob } from '../../src/schedule/job-runs.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { testLogger } from '../support/app.js';

let t: TestDatabase;
let db: Database;
const log = testLogger();

beforeAll(async () => {
  t = await createTestDatabase();
  db = t.db;
});
afterAll(async () => {
  await t?.drop();
});

/** A job whose run waits until the test lets it go. */
function heldJob(name: string) {
  let release!: (summary: string) => void;
  let fail!: (error: Error) => void;
  const started: Promise<void>[] = [];
  let signalStarted!: () => void;
  started.push(new Promise<void>((resolve) => (signalStarted = resolve)));
  const job: RecurringJob = {
    name,
    description: 'held by the test',
    cadence: 'daily',
    run: () =>
      new Promise<string>((resolve, reject) => {
        release = resolve;
        fail = reject;
        signalStarted();
      }),
  };
  return { job, started: started[0]!, release: (s: string) => release(s), fail: (e: Error) => fail(e) };
}

describe('a recurring job run', () => {
  it('holds its lease while it runs: a second run is refused until the first has finished, then it runs', async () => {
    const held = heldJob('lease_test');
    const first = runRecurringJob({ db, log }, held.job, { period: '2026-11-26', trigger: 'schedule', now: new Date() });
    await held.started;
    const second = runRecurringJob({ db, log }, held.job, { period: '2026-11-26', trigger: 'operator', now: new Date() });
    await expect(second).rejects.toBeInstanceOf(JobAlreadyRunningError);
    await expect(second).rejects.toThrow(/lease_test is already running \(schedule run for 2026-11-26/);
    held.release('did the work');
    const record = await first;
    expect(record).toMatchObject({ name: 'lease_test', period: '2026-11-26', trigger: 'schedule', outcome: 'ok', summary: 'did the work' });
    expect(record.finishedAt).not.toBeNull();

    const again = heldJob('lease_test');
    const third = runRecurringJob({ db, log }, again.job, { period: '2026-11-26', trigger: 'operator', now: new Date() });
    await again.started;
    again.release('again');
    expect((await third).trigger).toBe('operator');
    const runs = await db.query<{ outcome: string }>(`SELECT outcome FROM job_runs WHERE name = 'lease_test' ORDER BY id`);
    expect(runs.map((run) => run.outcome)).toEqual(['ok', 'ok']);
  });

  it('records a failure with its message and lets the next run go', async () => {
    const held = heldJob('failing_test');
    const run = runRecurringJob({ db, log }, held.job, { period: '2026-11-26', trigger: 'schedule', now: new Date() });
    await held.started;
    held.fail(new Error('the provider is down'));
    await expect(run).rejects.toThrow('the provider is down');
    const latest = (await latestRuns(db, ['failing_test'])).get('failing_test');
    expect(latest).toMatchObject({ outcome: 'failed', summary: 'the provider is down' });
    const next = heldJob('failing_test');
    const retry = runRecurringJob({ db, log }, next.job, { period: '2026-11-26', trigger: 'schedule', now: new Date() });
    await next.started;
    next.release('fine now');
    expect((await retry).outcome).toBe('ok');
  });

  it('takes over the lease of a run whose process stopped (no heartbeat for two minutes), marking it abandoned', async () => {
    await db.query(
      `INSERT INTO job_runs (name, period, trigger, started_at, heartbeat_at)
       VALUES ('stale_test', '2026-11-25', 'schedule', now() - interval '1 hour', now() - interval '3 minutes')`,
    );
    const fresh = heldJob('stale_test');
    const run = runRecurringJob({ db, log }, fresh.job, { period: '2026-11-26', trigger: 'schedule', now: new Date() });
    await fresh.started;
    fresh.release('taken over');
    expect((await run).outcome).toBe('ok');
    const rows = await db.query<{ period: string; outcome: string; summary: string }>(
      `SELECT period, outcome, summary FROM job_runs WHERE name = 'stale_test' ORDER BY id`,
    );
    expect(rows[0]).toMatchObject({ period: '2026-11-25', outcome: 'abandoned' });
    expect(rows[0]!.summary).toMatch(/its process stopped before it finished/);
    expect(rows[1]).toMatchObject({ period: '2026-11-26', outcome: 'ok' });
  });

  it('does not take over a lease whose heartbeat is recent', async () => {
    await db.query(
      `INSERT INTO job_runs (name, period, trigger, started_at, heartbeat_at)
       VALUES ('busy_test', '2026-11-26', 'operator', now() - interval '1 hour', now() - interval '10 seconds')`,
    );
    const job: RecurringJob = { name: 'busy_test', description: '', cadence: 'daily', run: async () => 'ran' };
    await expect(runRecurringJob({ db, log }, job, { period: '2026-11-26', trigger: 'schedule', now: new Date() })).rejects.toBeInstanceOf(
      JobAlreadyRunningError,
    );
  });
});
