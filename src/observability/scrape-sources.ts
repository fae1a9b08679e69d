import type { Database } from '../db/database.js';
import type { ScrapedCounts, ScrapeSources } from './metrics.js';

/** A count reads at most this many rows: a scrape stays cheap however far a backlog has grown. */
const COUNT_CAP = 100_000;

/** Rows of `from` (a table and its condition, fixed text), counted up to COUNT_CAP. */
const cappedCount = (from: string) => `(SELECT count(*)::int FROM (SELECT 1 FROM ${from} LIMIT ${COUNT_CAP}) capped)`;

const COUNTS = `SELECT
  ${cappedCount('agenda_jobs WHERE disabled = FALSE AND locked_at IS NULL AND next_run_at <= now()')} AS "jobsDue",
  ${cappedCount('agenda_jobs WHERE locked_at IS NOT NULL')} AS "jobsRunning",
  ${cappedCount('job_outbox')} AS outbox,
  ${cappedCount(`webhooks WHERE status = 'disabled'`)} AS "disabledWebhooks"`;

/** The gauges' sources on the service's database: the job queue's table, the outbox, the webhooks (one statement) and the pool. */
export function databaseScrapeSources(db: Database): ScrapeSources {
  return {
    async counts() {
      const row = await db.one<ScrapedCounts & Record<string, unknown>>(COUNTS);
      return row ?? { jobsDue: 0, jobsRunning: 0, outbox: 0, disabledWebhooks: 0 };
    },
    poolUse: db.poolUse,
  };
}
