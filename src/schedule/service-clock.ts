/**
 * The service's clock: every instance ticks it (once a minute, and at start-up); each recurring job starts
 * once per period across all instances (job_schedule), through the job queue, under its lease (job_runs).
 * A tick after the service was down starts what the current period owes, and each job catches up on what
 * it missed (the awards job awards every undecided week).
 */
import type { Database } from '../db/database.js';
import type { JobQueue } from '../jobs/queue.js';
import type { Logger } from '../logging/logger.js';
import { withJobOutbox } from '../jobs/job-outbox.js';
import { latestRuns, runRecurringJob, type JobRunRecord, type RecurringJob } from './job-runs.js';
import { loadSiteSettings } from '../catalogue/site-settings.js';
import { addDays, resolveWeek, startOfDayIn, todayIn } from '../catalogue/weeks.js';

/** The period a job is due for at `now`: the launch week's Monday, or the day, in the site's time zone. */
function currentPeriod(cadence: RecurringJob['cadence'], now: Date, timeZone: string): string {
  return cadence === 'weekly' ? resolveWeek('this', now, timeZone).start : todayIn(now, timeZone);
}

/** When the period after the current one begins: the next Monday 00:00, or the next midnight, in `timeZone`. */
function nextPeriodStart(cadence: RecurringJob['cadence'], now: Date, timeZone: string): Date {
  return startOfDayIn(addDays(currentPeriod(cadence, now, timeZone), cadence === 'weekly' ? 7 : 1), timeZone);
}

/** Queue data of a recurring job's scheduled run. */
interface ScheduledRun {
  period?: string;
}

/**
 * Defines each recurring job on the queue: a scheduled run takes the job's lease and records itself. A run
 * that fails (or finds the job running elsewhere) is retried with the queue's backoff.
 */
export function defineRecurringJobs(
  queue: JobQueue,
  recurring: readonly RecurringJob[],
  deps: { db: Database; log: Logger; now: () => Date },
) {
  for (const job of recurring) {
    queue.define<ScheduledRun>(
      job.name,
      async (data) => {
        const now = deps.now();
        const { time_zone } = await loadSiteSettings(deps.db);
        await runRecurringJob(deps, job, { period: data.period ?? currentPeriod(job.cadence, now, time_zone), trigger: 'schedule', now });
      },
      { maxAttempts: 5 },
    );
  }
}

/**
 * Enqueues the job `name` once for `period` (e.g. a week's Monday or a day), however many instances
 * ask: the first to record the period in job_schedule enqueues it, in the same transaction (through
 * the outbox), and the others find it recorded. Answers whether this call enqueued it.
 */
function startOncePerPeriod(db: Database, jobs: JobQueue, name: string, period: string, data: object): Promise<boolean> {
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

/** One tick: starts each job whose current period has not been started yet. Answers "<name> <period>" of those it started. */
export async function tickServiceClock(db: Database, queue: JobQueue, recurring: readonly RecurringJob[], now: Date): Promise<string[]> {
  const { time_zone } = await loadSiteSettings(db);
  const started: string[] = [];
  for (const job of recurring) {
    const period = currentPeriod(job.cadence, now, time_zone);
    if (await startOncePerPeriod(db, queue, job.name, period, { period })) started.push(`${job.name} ${period}`);
  }
  return started;
}

export interface RecurringJobStatus {
  name: string;
  description: string;
  cadence: RecurringJob['cadence'];
  lastRun: JobRunRecord | undefined;
  /** The period the schedule last started (absent: never). */
  lastScheduledPeriod: string | undefined;
  /** When the schedule starts it next: now when the current period is not started yet. */
  nextRunAt: Date;
}

/** What `npm run admin -- jobs` shows: each job's last run and outcome, and when the schedule runs it next. */
export async function recurringJobStatus(db: Database, recurring: readonly RecurringJob[], now: Date): Promise<RecurringJobStatus[]> {
  const { time_zone } = await loadSiteSettings(db);
  const names = recurring.map((job) => job.name);
  const runs = await latestRuns(db, names);
  const schedule = await db.query<{ name: string; last_period: string }>(
    'SELECT name, last_period FROM job_schedule WHERE name = ANY($1::text[])',
    [names],
  );
  const lastPeriods = new Map(schedule.map((row) => [row.name, row.last_period]));
  return recurring.map((job) => {
    const lastScheduledPeriod = lastPeriods.get(job.name);
    const due = lastScheduledPeriod !== currentPeriod(job.cadence, now, time_zone);
    return {
      name: job.name,
      description: job.description,
      cadence: job.cadence,
      lastRun: runs.get(job.name),
      lastScheduledPeriod,
      nextRunAt: due ? now : nextPeriodStart(job.cadence, now, time_zone),
    };
  });
}

/** Runs one recurring job now, for an operator: its current period, under its lease, recorded like a scheduled run. */
export async function runJobNow(deps: { db: Database; log: Logger }, job: RecurringJob, now: Date): Promise<JobRunRecord> {
  const { time_zone } = await loadSiteSettings(deps.db);
  return runRecurringJob(deps, job, { period: currentPeriod(job.cadence, now, time_zone), trigger: 'operator', now });
}
