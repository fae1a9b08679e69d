import { databaseInTransaction, type Database, type Statements } from '../db/database.js';
import type { JobQueue } from './queue.js';

export interface TransactionalJobQueue extends JobQueue {
  /** After the commit: hands the transaction's jobs to the queue. A job that cannot be handed over stays for the relay. */
  handOver(db: Database): Promise<void>;
}

/**
 * A JobQueue for an operation running in the transaction `tx`: enqueue writes the job into
 * job_outbox in that transaction, so a job exists exactly when the operation's writes do. After the
 * commit handOver gives the jobs to the queue and deletes their rows; relayJobOutbox hands over rows
 * that a dead process left behind. (A job can then run twice; job handlers check their state first.)
 */
/** Writes one job into job_outbox (in the caller's transaction, if any); answers its row id. */
async function writeToOutbox(db: Statements, name: string, data: object): Promise<string> {
  const [row] = await db.query<{ id: string }>('INSERT INTO job_outbox (name, data) VALUES ($1, $2::jsonb) RETURNING id::text AS id', [
    name,
    JSON.stringify(data),
  ]);
  return row!.id;
}

export function jobOutbox(jobs: JobQueue, tx: Database): TransactionalJobQueue {
  const written: { id: string; name: string; data: object }[] = [];
  return {
    define: (name, handler, options) => jobs.define(name, handler, options),
    async enqueue(name, data) {
      written.push({ id: await writeToOutbox(tx, name, data), name, data });
    },
    start: () => jobs.start(),
    stop: () => jobs.stop(),
    idle: (timeoutMs) => jobs.idle(timeoutMs),
    check: () => jobs.check(),
    async handOver(db) {
      for (const job of written.splice(0)) {
        await jobs.enqueue(job.name, job.data);
        await db.query('DELETE FROM job_outbox WHERE id = $1', [job.id]);
      }
    },
  };
}

/**
 * Runs `work` in one transaction whose jobs are written to the outbox with its other writes, and hands
 * them to the queue once it has committed: a job exists exactly when the writes do, whatever crashes
 * in between (the relay hands over what is left). When `jobs` already writes to an outbox (the caller
 * runs in a transaction of its own, e.g. under an idempotency key), `work` simply joins it.
 */
export async function withJobOutbox<T>(db: Database, jobs: JobQueue, work: (db: Database, jobs: JobQueue) => Promise<T>): Promise<T> {
  if ('handOver' in jobs) return work(db, jobs);
  let outbox: TransactionalJobQueue | undefined;
  const result = await db.transaction((tx) => {
    const bound = databaseInTransaction(tx, db);
    outbox = jobOutbox(jobs, bound);
    return work(bound, outbox);
  });
  // A job not handed over now stays in the outbox for the relay: the writes stand.
  await outbox?.handOver(db).catch(() => undefined);
  return result;
}

/** A relay's claim on outbox rows lapses after this long, so rows of a relay that died are handed over again. */
const CLAIM_LAPSES_MS = 60_000;

/**
 * Hands to the queue the jobs whose transaction committed more than `olderThanMs` ago without their
 * hand-over (the process died or the queue failed), at least once: rows are claimed, their jobs
 * enqueued, and only then deleted. A relay that dies in between leaves claims that lapse, and the
 * jobs are handed over again (mail jobs are deduplicated by their mail id). Safe on several instances.
 */
export async function relayJobOutbox(db: Database, jobs: JobQueue, now: Date, olderThanMs = 30_000): Promise<number> {
  return handOverClaimed(
    db,
    jobs,
    `SELECT id FROM job_outbox WHERE created_at < $1 AND (claimed_at IS NULL OR claimed_at < $2) ORDER BY id LIMIT 100 FOR UPDATE SKIP LOCKED`,
    [new Date(now.getTime() - olderThanMs).toISOString(), new Date(now.getTime() - CLAIM_LAPSES_MS).toISOString(), now.toISOString()],
  );
}

/** The channel on which a committed transaction names the outbox rows nobody hands over after it (see enqueueAfterCommit). */
export const JOB_OUTBOX_CHANNEL = 'job_outbox';

/**
 * Writes one job into job_outbox in the transaction `tx` and names its row on JOB_OUTBOX_CHANNEL, which
 * PostgreSQL delivers only when `tx` commits: the instance that hears it first hands the job over at once
 * (relayNamedJobs), and the timed relay stays the fallback. For domain writes that run in a transaction
 * without a job queue at hand.
 */
export async function enqueueAfterCommit(tx: Statements, name: string, data: object): Promise<void> {
  const id = await writeToOutbox(tx, name, data);
  await tx.query('SELECT pg_notify($1, $2)', [JOB_OUTBOX_CHANNEL, id]);
}

/** Hands over the outbox row a notification named, unless another instance claimed it first. */
export async function relayNamedJob(db: Database, jobs: JobQueue, id: string, now: Date): Promise<number> {
  if (!/^\d{1,19}$/.test(id)) return 0;
  return handOverClaimed(db, jobs, `SELECT id FROM job_outbox WHERE id = $1::bigint AND claimed_at IS NULL FOR UPDATE SKIP LOCKED`, [
    id,
    now.toISOString(),
  ]);
}

/**
 * Claims the rows `select` picks (its last parameter is the claim time), enqueues their jobs, and only then
 * deletes them: at least once, safe on several instances.
 */
async function handOverClaimed(db: Database, jobs: JobQueue, select: string, params: unknown[]): Promise<number> {
  const claimedAt = `$${params.length}`;
  const rows = await db.query<{ id: string; name: string; data: object }>(
    `UPDATE job_outbox SET claimed_at = ${claimedAt} WHERE id IN (${select}) RETURNING id::text AS id, name, data`,
    params,
  );
  for (const [index, row] of rows.entries()) {
    try {
      await jobs.enqueue(row.name, row.data);
    } catch (error) {
      // The rest wait for the next relay at once, not for their claims to lapse.
      await db.query('UPDATE job_outbox SET claimed_at = NULL WHERE id = ANY($1::bigint[])', [rows.slice(index).map((left) => left.id)]);
      throw error;
    }
    await db.query('DELETE FROM job_outbox WHERE id = $1', [row.id]);
  }
  return rows.length;
}

/**
 * A JobQueue for a process that runs no queue (an operator command with the service stopped or elsewhere):
 * each job is written to job_outbox, and the relay of a running instance hands it over.
 */
export function deferredJobQueue(db: Database): JobQueue {
  const absent = (what: string) => () => {
    throw new Error(`this process runs no job queue (${what}); its jobs wait in the outbox`);
  };
  return {
    define: absent('define'),
    async enqueue(name, data) {
      await enqueueAfterCommit(db, name, data);
    },
    start: absent('start'),
    stop: async () => {},
    idle: absent('idle'),
    check: absent('check'),
  };
}
