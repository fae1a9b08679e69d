/**
 * Every recurring job of the service, in one list: the clock starts them (service-clock.ts), an operator
 * runs one now and lists them all (npm run admin -- run-job <name> / jobs). README "The service's clock".
 */
import type { Database } from '../db/database.js';
import type { JobQueue } from '../jobs/queue.js';
import type { RecurringJob } from './job-runs.js';
import type { Mailer } from '../mail/mailer.js';
import { loadSiteSettings } from '../catalogue/site-settings.js';
import { listingRecurringJobs } from './listing-jobs.js';
import { awardEndedWeeks, MAIL_AWARD_WINNERS_JOB, mailAwardWinners, undecidedWeeks, weekStart } from '../community/weekly-awards.js';
import { describeVoteCheck, runVoteCheck, VOTE_CHECK_DAYS } from '../community/vote-check.js';
import { defineCommentMailJob } from '../community/comment-mail.js';
import { defineActivityMailJobs } from '../community/activity-mail.js';
import type { DomainRatingProvider } from '../metrics/domain-rating-provider.js';
import { measureDomainRatings } from '../metrics/domain-ratings.js';
import { lastDomainRatingDay } from '../catalogue/leaderboards.js';
import { dailyRefresh, describeTimings } from './daily-refresh.js';
import { describeLaunchReports, sendLaunchReports } from '../listings/launch-report.js';
import { defineLaunchReportMailJob } from '../listings/launch-report-mail.js';
import { coveredPeriod, defineDigestMailJob, issueDigest } from '../subscriptions/digest.js';
import { defineCategoryAlertJob, issueCategoryAlerts } from '../subscriptions/category-alerts.js';
import { sendLaunchAlerts } from '../subscriptions/launch-alerts.js';
import { LISTING_PUBLISHED_JOB } from '../webhooks/events.js';

export interface RecurringJobDeps {
  db: Database;
  /** Where the jobs' follow-up work goes (launches, badge checks, award mail). */
  queue: JobQueue;
  /** Absent: no Domain Rating provider is configured, and nothing is measured. */
  domainRatings?: DomainRatingProvider;
  /** The site's address, for the links and logos of the digests. */
  publicUrl: string;
  /** The digests' send rate (DIGEST_MAILS_PER_MINUTE). */
  digestMailsPerMinute: number;
}

export const WEEKLY_AWARDS_JOB = 'weekly_awards';
export const DAILY_REFRESH_JOB = 'daily_refresh';
export const DOMAIN_RATINGS_JOB = 'measure_domain_ratings';
export const VOTE_CHECK_JOB = 'vote_check';
const WEEKLY_DIGEST_JOB = 'weekly_digest';
const DAILY_DIGEST_JOB = 'daily_digest';
export const CATEGORY_ALERTS_JOB = 'category_alerts';

/**
 * The awards step: the vote check first, over the votes since the start of the earliest week about to be decided (at
 * least the last VOTE_CHECK_DAYS days), then the decisions, which count only the votes the check left counted.
 */
async function checkVotesAndAward(db: Database, queue: JobQueue, week: string, now: Date): Promise<string> {
  const { time_zone, vote_check } = await loadSiteSettings(db);
  const [earliest] = await undecidedWeeks(db, week);
  const fortnight = new Date(now.getTime() - VOTE_CHECK_DAYS * 86_400_000);
  const since = earliest ? new Date(Math.min(weekStart(earliest, time_zone).getTime(), fortnight.getTime())) : fortnight;
  const checked = `vote check: ${describeVoteCheck(await runVoteCheck(db, { now, settings: vote_check, since }))}`;
  const decided = await awardEndedWeeks(db, queue, week, time_zone, now);
  // The launch reports go once the awards are decided: a report names its award.
  const reports = describeLaunchReports(await sendLaunchReports(db, queue, week, time_zone, now));
  if (decided.length === 0) return `${checked}; no ended week left to decide before ${week}${reports}`;
  return `${checked}; decided ${decided.map((d) => `${d.week} (${d.winners.length} winners)`).join(', ')}${reports}`;
}

export function recurringJobs(deps: RecurringJobDeps): RecurringJob[] {
  const { db, queue } = deps;
  return [
    {
      name: WEEKLY_AWARDS_JOB,
      description:
        'Runs the vote check, then awards Launch of the Week #1-#3 of each ended week from its counted community votes, mails the winners, and sends the launch reports of the week.',
      cadence: 'weekly',
      run: (week, now) => checkVotesAndAward(db, queue, week, now),
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
    {
      name: VOTE_CHECK_JOB,
      description: 'Flags the votes of the last 14 days whose pattern a ring leaves (the site setting vote_check), for the moderators.',
      cadence: 'daily',
      async run(_day, now) {
        const { vote_check } = await loadSiteSettings(db);
        return describeVoteCheck(await runVoteCheck(db, { now, settings: vote_check }));
      },
    },
    ...digestJobs(deps),
    ...listingRecurringJobs(queue, { db }),
  ];
}

/** The digests: each issued once per period to the confirmed subscribers of its cadence (src/subscriptions/digest.ts). */
function digestJobs(deps: RecurringJobDeps): RecurringJob[] {
  const issue = { db: deps.db, queue: deps.queue, publicUrl: deps.publicUrl, mailsPerMinute: deps.digestMailsPerMinute };
  return [
    {
      name: WEEKLY_DIGEST_JOB,
      description:
        "Mails the ended week's top launches (votes, logos, awards) to the weekly digest's subscribers, once the week's awards are decided.",
      cadence: 'weekly',
      run: (week, now) => issueDigest(issue, 'weekly', coveredPeriod('weekly', week), now),
    },
    {
      name: DAILY_DIGEST_JOB,
      description: "Mails the day before's top launches by the votes counted that day to the daily digest's subscribers.",
      cadence: 'daily',
      run: (day, now) => issueDigest(issue, 'daily', coveredPeriod('daily', day), now),
    },
    {
      name: CATEGORY_ALERTS_JOB,
      description: "Mails each follower of a category by mail the day before's new launches of the categories they follow, in one mail.",
      cadence: 'daily',
      run: (day) => issueCategoryAlerts(issue, coveredPeriod('daily', day)),
    },
  ];
}

/** The follow-up work the recurring jobs queue: the award winners' mail, the launch reports' mail, the digests' mail; the owners' batched comment mail, and the reply and new-review mail. */
export function defineRecurringFollowUps(
  queue: JobQueue,
  deps: { db: Database; mailer: Mailer; publicUrl: string; now: () => Date },
): void {
  queue.define<{ week: string }>(MAIL_AWARD_WINNERS_JOB, async ({ week }) => void (await mailAwardWinners(deps, week)), { maxAttempts: 5 });
  defineLaunchReportMailJob(queue, deps);
  defineCommentMailJob(queue, deps);
  defineActivityMailJobs(queue, deps);
  defineDigestMailJob(queue, deps);
  defineCategoryAlertJob(queue, deps);
  queue.define<{ listing_id: number }>(
    LISTING_PUBLISHED_JOB,
    async ({ listing_id }) => void (await sendLaunchAlerts({ db: deps.db, queue, publicUrl: deps.publicUrl }, listing_id)),
    { maxAttempts: 5 },
  );
}
