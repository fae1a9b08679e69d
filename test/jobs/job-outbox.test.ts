import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { databaseInTransaction } from '../../src/db/database.js';
import { openJobQueue, type JobQueue } from '../../src/jobs/queue.js';
import { jobOutbox, relayJobOutbox } from '../../src/jobs/job-outbox.js';

/** Jobs written in the transaction of the operation that enqueued them, and the relay for those a dead process left. */
let t: TestDatabase;
let queue: JobQueue;
let stopped: JobQueue;

beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.script('CREATE TABLE test_job_runs (n integer NOT NULL)');
  const open = () => openJobQueue({ db: t.db, processEveryMs: 50, lockLifetimeMs: 2000, drainTimeoutMs: 2000 });
  queue = await open();
  queue.define<{ n: number }>('note_run', async ({ n }) => void (await t.db.query('INSERT INTO test_job_runs (n) VALUES ($1)', [n])));
  await queue.start();
  stopped = await open();
  await stopped.stop();
});
afterAll(async () => {
  await queue?.stop();
  await t?.drop();
});

const runs = async () => (await t.db.query<{ n: number }>('SELECT n FROM test_job_runs ORDER BY n')).map((row) => row.n);
const outboxRows = async () => Number((await t.db.one<{ n: string }>('SELECT count(*) AS n FROM job_outbox'))!.n);

describe('job outbox', () => {
  it('keeps no job of a transaction that rolled back', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await jobOutbox(queue, databaseInTransaction(tx, t.db)).enqueue('note_run', { n: 1 });
        throw new Error('the operation failed');
      }),
    ).rejects.toThrow('the operation failed');
    expect(await outboxRows()).toBe(0);
  });

  it('hands a committed job to the queue and deletes its row', async () => {
    const outbox = await t.db.transaction(async (tx) => {
      const inTransaction = jobOutbox(queue, databaseInTransaction(tx, t.db));
      await inTransaction.enqueue('note_run', { n: 2 });
      return inTransaction;
    });
    await outbox.handOver(t.db);
    await queue.idle(5000);
    expect(await runs()).toEqual([2]);
    expect(await outboxRows()).toBe(0);
  });

  it('leaves a job that could not be handed over for the relay, which hands it over once it is old enough', async () => {
    const outbox = await t.db.transaction(async (tx) => {
      const inTransaction = jobOutbox(stopped, databaseInTransaction(tx, t.db));
      await inTransaction.enqueue('note_run', { n: 3 });
      return inTransaction;
    });
    await expect(outbox.handOver(t.db)).rejects.toThrow(/stopped/);
    expect(await outboxRows()).toBe(1);
    expect(await relayJobOutbox(t.db, queue, new Date())).toBe(0); // a hand-over may still be under way
    expect(await relayJobOutbox(t.db, queue, new Date(Date.now() + 31_000))).toBe(1);
    await queue.idle(5000);
    expect(await runs()).toEqual([2, 3]);
    expect(await outboxRows()).toBe(0);
  });

  it('puts the rows back when the queue refuses them during a relay', async () => {
    await t.db.query(`INSERT INTO job_outbox (name, data, created_at) VALUES ('note_run', '{"n": 4}', now() - interval '1 hour')`);
    await expect(relayJobOutbox(t.db, stopped, new Date())).rejects.toThrow(/stopped/);
    expect(await outboxRows()).toBe(1);
    expect(await relayJobOutbox(t.db, queue, new Date())).toBe(1);
    await queue.idle(5000);
    expect(await runs()).toEqual([2, 3, 4]);
  });

  it('hands over at least once: rows claimed by a relay that died are handed over again once the claim lapses', async () => {
    // A relay claimed this row and died before handing it over (or before deleting it).
    await t.db.query(
      `INSERT INTO job_outbox (name, data, created_at, claimed_at) VALUES ('note_run', '{"n": 5}', now() - interval '1 hour', now())`,
    );
    expect(await relayJobOutbox(t.db, queue, new Date())).toBe(0); // the claim is fresh: another relay may be handing it over
    expect(await outboxRows()).toBe(1);
    expect(await relayJobOutbox(t.db, queue, new Date(Date.now() + 61_000))).toBe(1);
    await queue.idle(5000);
    expect(await runs()).toEqual([2, 3, 4, 5]);
    expect(await outboxRows()).toBe(0);
  });
});
