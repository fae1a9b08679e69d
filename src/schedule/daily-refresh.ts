/**
 * The daily refresh ("site data is refreshed daily"): what is kept up to date as it changes is set right
 * again from its sources, and what can never be used again is deleted. Each step is timed; the run's
 * summary (its log line and `npm run admin -- jobs`) names every step with its result and milliseconds.
 * Trending scores are not among them: they are computed from the last 14 days of votes at each read.
 */
import type { Database } from '../db/database.js';
import { refreshSearchTerms } from '../seed/search-terms.js';
import { refreshListingCounters } from '../seed/counters.js';
import { deleteExpiredState } from '../accounts/expired-state.js';
import { deleteUnconfirmedSubscriptions } from '../subscriptions/subscriptions.js';
import { deleteOldDraftPages } from '../drafting/draft-store.js';
import { deleteVisitorsBefore } from '../community/page-views.js';
import { deleteFinishedRuns } from './job-runs.js';
import { deleteOldWebhookEvents } from '../webhooks/events.js';
import { recordEndedDayRanks } from '../listings/daily-ranks.js';

/** Runs of recurring jobs are kept this long for `npm run admin -- jobs` and for the operator's questions. */
const JOB_RUNS_KEEP_DAYS = 180;

interface Step {
  name: string;
  run(db: Database, now: Date): Promise<string>;
}

const STEPS: Step[] = [
  {
    name: 'search dictionary',
    run: async (db) => `${await refreshSearchTerms(db)} words`,
  },
  {
    // votes, views and follows of each listing: the most voted, most viewed and most followed orders
    name: 'live counts',
    run: async (db) => `${await refreshListingCounters(db)} listings corrected`,
  },
  {
    // each listing's rank and votes on the weekly board at the end of the day that ended (issue 34)
    name: 'weekly board ranks',
    run: (db, now) => recordEndedDayRanks(db, now),
  },
  {
    name: 'expired sessions, links, tokens, idempotency records and rate-limit windows',
    run: async (db, now) => `${await deleteExpiredState(db, now)} deleted`,
  },
  {
    name: 'mail subscriptions never confirmed',
    run: async (db, now) => `${await deleteUnconfirmedSubscriptions(db, now)} deleted`,
  },
  {
    name: 'draft pages past their keep period',
    run: async (db, now) => `pages of ${await deleteOldDraftPages(db, now)} drafts deleted`,
  },
  {
    name: 'page visitors of earlier days', // and website clickers: the per-visitor keys of both
    run: async (db, now) => `${await deleteVisitorsBefore(db, now.toISOString().slice(0, 10))} deleted`,
  },
  {
    name: 'webhook events past their keep period, with their deliveries',
    run: async (db, now) => `${await deleteOldWebhookEvents(db, now)} deleted`,
  },
  {
    name: 'old job runs',
    run: async (db, now) => `${await deleteFinishedRuns(db, now, JOB_RUNS_KEEP_DAYS)} deleted`,
  },
];

export interface StepTiming {
  step: string;
  result: string;
  ms: number;
}

/** Runs every step in order (a failing step fails the run after the others ran); answers each step's result and time. */
export async function dailyRefresh(db: Database, now: Date): Promise<StepTiming[]> {
  const timings: StepTiming[] = [];
  const failures: string[] = [];
  for (const step of STEPS) {
    const started = performance.now();
    let result: string;
    try {
      result = await step.run(db, now);
    } catch (error) {
      result = `failed: ${error instanceof Error ? error.message : String(error)}`;
      failures.push(step.name);
    }
    timings.push({ step: step.name, result, ms: Math.round(performance.now() - started) });
  }
  if (failures.length > 0) throw new Error(`daily refresh: ${failures.join(', ')} failed; ${describeTimings(timings)}`);
  return timings;
}

/** "search dictionary: 3412 words (84 ms); live counts: ..." */
export function describeTimings(timings: readonly StepTiming[]): string {
  return timings.map((t) => `${t.step}: ${t.result} (${t.ms} ms)`).join('; ');
}
