/**
 * The digest (issue 53): the top launches of the week (or of the day) by the community votes counted in it, with their
 * logos, votes and awards, in HTML and plain text, to every confirmed subscriber of that cadence.
 *
 * Once per period across instances: the clock starts each digest job once per period (job_schedule), and the job
 * inserts the issue into digest_issues, whose key is (cadence, period); only the run that inserts it queues the mail,
 * in the same transaction (the job outbox), one send_digest job per subscriber. The jobs are paced by the send rate
 * (DIGEST_MAILS_PER_MINUTE) and survive a crash; each mail's id is fixed by the issue and the subscription, so a job
 * that runs twice sends one mail. A send_digest job reads the subscription when it runs: whoever unsubscribed in
 * between gets nothing.
 */
import type { Database } from '../db/database.js';
import type { JobQueue } from '../jobs/queue.js';
import { RUN_AT_KEY } from '../jobs/queue.js';
import { withJobOutbox } from '../jobs/job-outbox.js';
import type { Mailer } from '../mail/mailer.js';
import { stableMailId } from '../mail/mail-id.js';
import { readBoard } from '../catalogue/leaderboards.js';
import { loadSiteSettings } from '../catalogue/site-settings.js';
import { addDays, dayInstants, weekInstants, weekLabel } from '../catalogue/weeks.js';
import { type Cadence, subscriptionUnsubscribe } from './subscriptions.js';
import { awardsPending } from '../community/weekly-awards.js';
import { type DigestLaunch, digestMail } from './digest-mail.js';

const SEND_DIGEST_JOB = 'send_digest';
/** The most launches one digest shows. */
const DIGEST_SIZE = 10;

export interface DigestIssueDeps {
  db: Database;
  queue: JobQueue;
  publicUrl: string;
  /** The send rate: at most this many digest mails are due per minute. */
  mailsPerMinute: number;
}

/**
 * The send rate of the mail jobs a run queues: the i-th mail falls due floor(i / perMinute) minutes from now (on the
 * queue's real clock), and n mails take ceil(n / perMinute) minutes. The digest and the category alerts share it.
 */
export function pacedBy(mailsPerMinute: number): { dueAt(i: number): string; minutes(n: number): number } {
  const perMinute = Math.max(1, Math.floor(mailsPerMinute));
  return {
    dueAt: (i) => new Date(Date.now() + Math.floor(i / perMinute) * 60_000).toISOString(),
    minutes: (n) => Math.ceil(n / perMinute),
  };
}

/** The period a digest run covers: the week before the run's week, or the day before its day. */
export function coveredPeriod(cadence: Cadence, runPeriod: string): string {
  return addDays(runPeriod, cadence === 'weekly' ? -7 : -1);
}

/** The digest's title for a period: "Week 47, 2026" or the day. */
function periodTitle(cadence: Cadence, period: string): string {
  return cadence === 'weekly' ? weekLabel({ start: period, end: addDays(period, 6) }) : period;
}

/**
 * Issues the digest of `cadence` for `period` (a week's Monday or a day), once: answers a summary of what it did. A
 * weekly digest waits for the awards of a week with launches (it throws until they are decided, so a scheduled run is
 * retried).
 */
export async function issueDigest(deps: DigestIssueDeps, cadence: Cadence, period: string, now: Date): Promise<string> {
  const { db } = deps;
  if (cadence === 'weekly' && (await awardsPending(db, period))) {
    throw new Error(`the awards of the week of ${period} are not decided yet; the weekly digest waits for them`);
  }
  const launches = await topLaunches(deps, cadence, period);
  return withJobOutbox(db, deps.queue, async (tx, jobs) => {
    const [issued] = await tx.query(
      `INSERT INTO digest_issues (cadence, period, created_at, recipients, launches) VALUES ($1, $2::date, $3, 0, $4::jsonb)
       ON CONFLICT (cadence, period) DO NOTHING RETURNING 1`,
      [cadence, period, now.toISOString(), JSON.stringify(launches)],
    );
    if (!issued) return `the ${cadence} digest of ${period} was already issued`;
    if (launches.length === 0) return `no launch had counted votes in the ${cadence} period of ${period}: nothing sent`;
    const subscribers = await tx.query<{ id: string }>(
      `SELECT id::text AS id FROM mail_subscriptions WHERE topic = 'digest' AND cadence = $1 AND confirmed_at IS NOT NULL ORDER BY created_at, id`,
      [cadence],
    );
    const pace = pacedBy(deps.mailsPerMinute);
    for (const [i, subscriber] of subscribers.entries()) {
      await jobs.enqueue(SEND_DIGEST_JOB, { cadence, period, subscription_id: subscriber.id, [RUN_AT_KEY]: pace.dueAt(i) });
    }
    await tx.query('UPDATE digest_issues SET recipients = $3 WHERE cadence = $1 AND period = $2::date', [
      cadence,
      period,
      subscribers.length,
    ]);
    const minutes = pace.minutes(subscribers.length);
    return `${cadence} digest of ${period}: ${launches.length} launches, ${subscribers.length} recipients, sent over ${minutes} minute(s)`;
  });
}

/** The period's launches ranked by the community votes counted in it, with the week's awards. */
async function topLaunches(deps: DigestIssueDeps, cadence: Cadence, period: string): Promise<DigestLaunch[]> {
  const { time_zone } = await loadSiteSettings(deps.db);
  const window =
    cadence === 'weekly' ? weekInstants({ start: period, end: addDays(period, 6) }, time_zone) : dayInstants(period, time_zone);
  const board = await readBoard(deps.db, 'community-weekly', { page: 1, per_page: DIGEST_SIZE }, deps.publicUrl, { window });
  const awards =
    cadence === 'weekly'
      ? new Map(
          (
            await deps.db.query<{ listing_id: number; rank: number }>(
              'SELECT listing_id, rank::int AS rank FROM awards WHERE week = $1::date',
              [period],
            )
          ).map((a) => [a.listing_id, a.rank]),
        )
      : new Map<number, number>();
  return board.entries.map(({ rank, listing, metric }) => ({
    rank,
    name: listing.name,
    tagline: listing.tagline,
    url: listing.profile_url,
    logo_url: listing.logo_url,
    votes: metric.value,
    award: awards.get(listing.id) ?? null,
  }));
}

export interface DigestSendDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
}

/** The send_digest job: one subscriber's mail of one issue, if they are still subscribed. Answers whether it sent. */
async function sendDigest(deps: DigestSendDeps, job: { cadence: Cadence; period: string; subscription_id: string }): Promise<boolean> {
  const { db } = deps;
  const subscriber = await db.one<{ email: string }>(
    `SELECT email FROM mail_subscriptions WHERE id = $1::uuid AND topic = 'digest' AND cadence = $2 AND confirmed_at IS NOT NULL`,
    [job.subscription_id, job.cadence],
  );
  if (!subscriber) return false;
  const issue = await db.one<{ launches: DigestLaunch[] }>('SELECT launches FROM digest_issues WHERE cadence = $1 AND period = $2::date', [
    job.cadence,
    job.period,
  ]);
  if (!issue) return false;
  const { site_name } = await loadSiteSettings(db);
  const stop = await subscriptionUnsubscribe(db, deps.publicUrl, job.subscription_id);
  const mail = digestMail({
    siteName: site_name,
    publicUrl: deps.publicUrl,
    cadence: job.cadence,
    title: periodTitle(job.cadence, job.period),
    launches: issue.launches,
    unsubscribeUrl: stop.url,
  });
  await deps.mailer.send({
    id: stableMailId(`digest:${job.cadence}:${job.period}:${job.subscription_id}`),
    to: subscriber.email,
    ...mail,
    headers: stop.headers,
  });
  return true;
}

/** Registers send_digest (the recurring jobs that issue digests are in src/schedule/recurring-jobs.ts). */
export function defineDigestMailJob(queue: JobQueue, deps: DigestSendDeps): void {
  queue.define<{ cadence: Cadence; period: string; subscription_id: string }>(
    SEND_DIGEST_JOB,
    async (job) => void (await sendDigest(deps, job)),
    { concurrency: 4, maxAttempts: 5 },
  );
}
