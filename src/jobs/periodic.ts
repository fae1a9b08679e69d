import type { Database } from '../db/database.js';
import type { JobQueue } from './queue.js';
import { withJobOutbox } from './job-outbox.js';

/**
 * Enqueues the job `name` once for `period` (e.g. a week's Monday or a day), however many instances
 * ask: the first to record the period in job_schedule enqueues it, in the same transaction (through
 * the outbox), and the others find it recorded. Answers whether this call enqueued it.
 */
export function startOncePerPeriod(db: Database, jobs: JobQueue, name: string, period: string, data: object): Promise<boolean> {
  return withJobOutbox(db, jobs, async (tx, outbox) => {
    const claimed = await tx.query(
      `INSERT INTO job_schedule (name, last_period) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET last_period = EXCLUDED.last_period
       WHERE job_schedule.last_period IS DISTINCT FROM EXCLUDED.last_period
       RETURNING 1`,
      [name, period],
    );
    if (claimed.length === 0) return false;
    await outbox.enqueue(name, data);
    return true;
  });
}
