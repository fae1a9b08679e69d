import type { Database } from '../db/database.js';
import type { JobQueue } from '../jobs/queue.js';
import type { Mailer } from '../mail/mailer.js';
import type { RecurringJob } from './job-runs.js';
import { expireClaims } from '../claims/claims.js';
import { crawlSite, crawlerUserAgent } from '../crawler/crawl-site.js';
import type { CrawlResult } from '../crawler/crawl-options.js';
import { checkListingBadge, type BadgeCheckDeps } from '../listings/badge-check.js';
import { submissionUrlProblem } from '../security/url-policy.js';
import { CHECK_BADGE_JOB } from '../listings/free-launch.js';
import { dueLaunches, launchListing } from '../listings/launch.js';
import { NOTIFY_FOLLOWERS_JOB, notifyFollowers } from '../listings/listing-news.js';

const START_LAUNCH_WEEK_JOB = 'start_launch_week';
const LAUNCH_LISTING_JOB = 'launch_listing';
const DAILY_BADGE_CHECKS_JOB = 'check_waiting_badges';
/** Daily: pending claims older than their 14 days become expired. */
const EXPIRE_CLAIMS_JOB = 'expire_claims';

/**
 * The badge check reads the homepage alone, within tighter bounds than a drafting crawl. An address the
 * service would not take as a submission (a reserved name such as the demo's .example sites) is not
 * looked up at all.
 */
export function homepageReader(config: {
  outboundAllowHosts: readonly string[];
  publicUrl: string;
}): (url: string) => Promise<CrawlResult> {
  return async (url) => {
    const problem = submissionUrlProblem(url, config.outboundAllowHosts);
    if (problem) return { ok: false, code: 'invalid_url', reason: problem };
    return crawlSite(url, {
      allowHosts: config.outboundAllowHosts,
      userAgent: crawlerUserAgent(config.publicUrl),
      maxPages: 1,
      timeoutMs: 15_000,
    });
  };
}

export type ListingJobDeps = BadgeCheckDeps & { mailer: Mailer };

/** The background work of owned listings: badge checks, the week's launches, follower mail. */
export function defineListingJobs(queue: JobQueue, deps: ListingJobDeps): void {
  queue.define<{ listingId: number }>(CHECK_BADGE_JOB, async ({ listingId }) => void (await checkListingBadge(deps, listingId)), {
    concurrency: 4,
    maxAttempts: 2,
  });
  queue.define<{ updateId: number }>(NOTIFY_FOLLOWERS_JOB, async ({ updateId }) => void (await notifyFollowers(deps, updateId)), {
    maxAttempts: 5,
  });
  queue.define<{ listingId: number; week: string }>(
    LAUNCH_LISTING_JOB,
    async ({ listingId, week }) => void (await launchListing({ ...deps, jobs: queue }, listingId, week)),
    { concurrency: 4 },
  );
}

/** Free listings awaiting their badge whose next check is due (or that were never checked). */
async function waitingForCheck(db: Database, now: Date): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT l.id FROM listings l LEFT JOIN badge_checks b ON b.listing_id = l.id
     WHERE l.status = 'awaiting_badge' AND (b.next_check_at IS NULL OR b.next_check_at <= $1) ORDER BY l.id`,
    [now.toISOString()],
  );
  return rows.map((row) => row.id);
}

/**
 * The listings' recurring work: when a launch week begins in the site's time zone, its scheduled listings are
 * launched (a run after a pause launches every listing scheduled up to the current week); once a day, waiting
 * free listings have their homepage checked and pending claims older than 14 days expire.
 */
export function listingRecurringJobs(queue: JobQueue, deps: { db: Database }): RecurringJob[] {
  return [
    {
      name: START_LAUNCH_WEEK_JOB,
      description: 'Launches the listings scheduled for the week that begins (and any a pause left behind).',
      cadence: 'weekly',
      async run(week) {
        const due = await dueLaunches(deps.db, week);
        for (const listingId of due) await queue.enqueue(LAUNCH_LISTING_JOB, { listingId, week });
        return `${due.length} listing(s) to launch in the week of ${week}`;
      },
    },
    {
      name: DAILY_BADGE_CHECKS_JOB,
      description: 'Checks the homepages of free listings waiting for their badge.',
      cadence: 'daily',
      async run(_day, now) {
        const waiting = await waitingForCheck(deps.db, now);
        for (const listingId of waiting) await queue.enqueue(CHECK_BADGE_JOB, { listingId });
        return `${waiting.length} homepage(s) to check`;
      },
    },
    {
      name: EXPIRE_CLAIMS_JOB,
      description: 'Expires pending claims older than 14 days.',
      cadence: 'daily',
      run: async (_day, now) => `${await expireClaims(deps.db, now)} claim(s) expired`,
    },
  ];
}
