/**
 * What a recurring job is (RecurringJob), and how one runs: under its lease, so that it never runs twice at
 * once, each run recorded in job_runs (started, finished, outcome, summary). The service's clock
 * (service-clock.ts) starts the jobs; the list of them is recurring-jobs.ts.
 */
import type { Database } from '../db/database.js';
import type { Logger } from '../logging/logger.js';

/**
 * A job the service's clock starts once per period (a launch week or a day in the site's time zone), and
 * an operator can start at any time (npm run admin -- run-job <name>). Its work must be safe to run twice.
 */
export interface RecurringJob {
  name: string;
  /** One line for `npm run admin -- jobs`. */
  description: string;
  cadence: 'weekly' | 'daily';
  /**
   * Does the work due in `period` (the week's Monday or the day, YYYY-MM-DD) as of `now`, and answers a
   * one-line summary of what it did. Throws when it failed; a scheduled run is then retried.
   */
  run(period: string, now: Date): Promise<string>;
}

export type RunTrigger = 'schedule' | 'operator';

export type JobRunRecord = {
  id: string;
  name: string;
  period: string;
  trigger: RunTrigger;
  startedAt: string;
  finishedAt: string | null;
  outcome: 'ok' | 'failed' | 'abandoned' | null;
  summary: string;
};

/** The job is already running (another instance, worker or operator command holds its lease). */
export class JobAlreadyRunningError extends Error {
  constructor(readonly running: JobRunRecord) {
    super(`${running.name} is already running (${running.trigger} run for ${running.period}, started ${running.startedAt})`);
  }
}

/** A running job renews its lease this often; a lease not renewed for LEASE_LAPSES_MS belongs to a process that stopped. */
const HEARTBEAT_MS = 15_000;
const LEASE_LAPSES_MS = 120_000;
/** The summary kept of a run (a failure's message can be long). */
const MAX_SUMMARY = 2000;

const RUN_COLUMNS = `id::text AS id, name, period, trigger, iso_time(started_at) AS "startedAt", iso_time(finished_at) AS "finishedAt",
  outcome, summary`;

/**
 * Runs a recurring job under its lease, so that it never runs twice at once, and records the run (started,
 * finished, outcome, summary) in job_runs. Times come from the database's clock: leases are real time even
 * when `now` (the period's clock) is pinned by a test. A run whose process died is marked abandoned once its
 * heartbeat is older than LEASE_LAPSES_MS, and the job can run again.
 */
export async function runRecurringJob(
  deps: { db: Database; log: Logger },
  job: RecurringJob,
  run: { period: string; trigger: RunTrigger; now: Date },
): Promise<JobRunRecord> {
  const { db, log } = deps;
  const id = await takeLease(db, job.name, run);
  const heartbeat = setInterval(() => {
    db.query('UPDATE job_runs SET heartbeat_at = clock_timestamp() WHERE id = $1', [id]).catch((error: unknown) =>
      log.warn({ err: error, job: job.name }, 'renewing the lease of a recurring job failed'),
    );
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const started = performance.now();
  let outcome: 'ok' | 'failed' = 'ok';
  let summary: string;
  let failure: unknown;
  try {
    summary = await job.run(run.period, run.now);
  } catch (error) {
    outcome = 'failed';
    failure = error;
    summary = error instanceof Error ? error.message : String(error);
  } finally {
    clearInterval(heartbeat);
  }
  const ms = Math.round(performance.now() - started);
  const [record] = await db.query<JobRunRecord>(
    `UPDATE job_runs SET finished_at = clock_timestamp(), heartbeat_at = clock_timestamp(), outcome = $2, summary = $3
     WHERE id = $1 RETURNING ${RUN_COLUMNS}`,
    [id, outcome, summary.slice(0, MAX_SUMMARY)],
  );
  const fields = { job: job.name, period: run.period, trigger: run.trigger, outcome, ms };
  if (failure === undefined) log.info(fields, `${job.name} ${run.period}: ${summary}`);
  else log.error({ ...fields, err: failure }, `${job.name} ${run.period} failed`);
  if (failure !== undefined) throw failure;
  return record!;
}

async function takeLease(db: Database, name: string, run: { period: string; trigger: RunTrigger }): Promise<string> {
  await db.query(
    `UPDATE job_runs SET finished_at = clock_timestamp(), outcome = 'abandoned',
       summary = 'its process stopped before it finished (no heartbeat since ' || iso_time(heartbeat_at) || ')'
     WHERE name = $1 AND finished_at IS NULL AND heartbeat_at < clock_timestamp() - $2 * interval '1 millisecond'`,
    [name, LEASE_LAPSES_MS],
  );
  const [taken] = await db.query<{ id: string }>(
    `INSERT INTO job_runs (name, period, trigger, started_at, heartbeat_at) VALUES ($1, $2, $3, clock_timestamp(), clock_timestamp())
     ON CONFLICT (name) WHERE finished_at IS NULL DO NOTHING RETURNING id::text AS id`,
    [name, run.period, run.trigger],
  );
  if (taken) return taken.id;
  const [running] = await db.query<JobRunRecord>(`SELECT ${RUN_COLUMNS} FROM job_runs WHERE name = $1 AND finished_at IS NULL`, [name]);
  if (!running) return takeLease(db, name, run); // it finished in between
  throw new JobAlreadyRunningError(running);
}

/** The latest run of each named job (finished or not). */
export async function latestRuns(db: Database, names: readonly string[]): Promise<Map<string, JobRunRecord>> {
  const rows = await db.query<JobRunRecord>(
    `SELECT DISTINCT ON (name) ${RUN_COLUMNS} FROM job_runs WHERE name = ANY($1::text[]) ORDER BY name, started_at DESC, id DESC`,
    [names],
  );
  return new Map(rows.map((row) => [row.name, row]));
}

/** Deletes the records of runs that finished more than `keepDays` days before `now`; answers how many. */
export async function deleteFinishedRuns(db: Database, now: Date, keepDays: number): Promise<number> {
  const rows = await db.query(`DELETE FROM job_runs WHERE finished_at < $1::timestamptz - $2 * interval '1 day' RETURNING 1`, [
    now.toISOString(),
    keepDays,
  ]);
  return rows.length;
}
