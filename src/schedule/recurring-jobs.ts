/**
 * Every recurring job of the service, in one list: the clock starts them (service-clock.ts), an operator
 * runs one now and lists them all (npm run admin -- run-job <name> / jobs). README "The service's clock".
 */
import type { Database } from '../db/database.js';
import type { JobQueue } from '../jobs/queue.js';
import type { RecurringJob } from '../jobs/recurring.js';
import type { Mailer } from '../mail/mailer.js';
import { loadSiteSettings } from '../catalogue/site-settings.js';
import { listingRecurringJobs } from '../listings/listing-jobs.js';
import { awardEndedWeeks, MAIL_AWARD_WINNERS_JOB, mailAwardWinners } from '../community/weekly-awards.js';
import type { DomainRatingProvider } from '../metrics/domain-rating-provider.js';
import { measureDomainRatings } from '../metrics/domain-ratings.js';
import { lastDomainRatingDay } from '../catalogue/leaderboards.js';
import { dailyRefresh, describeTimings } from './daily-refresh.js';

export interface RecurringJobDeps {
  db: Database;
  /** Where the jobs' follow-up work goes (launches, badge checks, award mail). */
  queue: JobQueue;
  /** Absent: no Domain Rating provider is configured, and nothing is measured. */
  domainRatings?: DomainRatingProvider;
}

export const WEEKLY_AWARDS_JOB = 'weekly_awards';
export const DAILY_REFRESH_JOB = 'daily_refresh';
export const DOMAIN_RATINGS_JOB = 'measure_domain_ratings';

export function recurringJobs(deps: RecurringJobDeps): RecurringJob[] {
  const { db, queue } = deps;
  return [
    {
      name: WEEKLY_AWARDS_JOB,
      description: 'Awards Launch of the Week #1-#3 of each ended week from its community votes, and mails the winners.',
      cadence: 'weekly',
      async run(week, now) {
        const { time_zone } = await loadSiteSettings(db);
        const decided = await awardEndedWeeks(db, queue, week, time_zone, now);
        if (decided.length === 0) return `no ended week left to decide before ${week}`;
        return `decided ${decided.map((d) => `${d.week} (${d.winners.length} winners)`).join(', ')}`;
      },
    },
    {
      name: DAILY_REFRESH_JOB,
      description: 'Rebuilds the search dictionary and the live counts, and deletes expired state.',
      cadence: 'daily',
      run: async (_day, now) => describeTimings(await dailyRefresh(db, now)),
    },
    {
      name: DOMAIN_RATINGS_JOB,
      description: "Records the day's Domain Rating of every live listing from the provider (DR_PROVIDER_URL).",
      cadence: 'daily',
      async run(day) {
        if (!deps.domainRatings) {
          const last = await lastDomainRatingDay(db);
          return `no provider configured (DR_PROVIDER_URL): nothing measured; last measured ${last ?? 'never'}`;
        }
        const m = await measureDomainRatings({ db, provider: deps.domainRatings }, day);
        return `${m.measured} listings measured, ${m.unknown} unknown to the provider, ${m.requests} requests`;
      },
    },
    ...listingRecurringJobs(queue, { db }),
  ];
}

/** The follow-up work the recurring jobs queue: the award winners' mail. */
export function defineRecurringFollowUps(queue: JobQueue, deps: { db: Database; mailer: Mailer; publicUrl: string }): void {
  queue.define<{ week: string }>(MAIL_AWARD_WINNERS_JOB, async ({ week }) => void (await mailAwardWinners(deps, week)), { maxAttempts: 5 });
}
