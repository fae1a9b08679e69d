/**
 * A category's new launches by mail (issue 53): the daily category_alerts job takes the day before its run (the
 * site's time zone) and queues, in one transaction (the job outbox), one send_category_alert job per confirmed
 * follower of a category that had launches that day, paced like the digest. Each job reads the follower's categories
 * and the day's launches when it runs (whoever stopped meanwhile gets nothing) and sends ONE mail for all of them,
 * under a mail id fixed by the day and the address: a run again (an operator's run-job, a job handed over twice)
 * sends nothing twice. No launch in a followed category that day: no mail.
 */
import type { Database } from '../db/database.js';
import type { JobQueue } from '../jobs/queue.js';
import { RUN_AT_KEY } from '../jobs/queue.js';
import { withJobOutbox } from '../jobs/job-outbox.js';
import type { Mailer } from '../mail/mailer.js';
import { stableMailId } from '../mail/mail-id.js';
import { loadSiteSettings } from '../catalogue/site-settings.js';
import { SUMMARY_COLUMNS, SUMMARY_FROM, type SummaryRow, toSummary } from '../catalogue/listing-summary.js';
import { dayInstants } from '../catalogue/weeks.js';
import { pacedBy } from './digest.js';
import { subscriptionUnsubscribe } from './subscriptions.js';
import { type AlertCategory, categoryAlertMail } from './alert-mail.js';

const SEND_CATEGORY_ALERT_JOB = 'send_category_alert';

export interface CategoryAlertDeps {
  db: Database;
  queue: JobQueue;
  publicUrl: string;
  /** The send rate: at most this many alert mails are due per minute (the digest's). */
  mailsPerMinute: number;
}

/** The day's instants in the site's time zone. */
async function dayWindow(db: Database, day: string): Promise<{ from: string; to: string }> {
  const { from, to } = dayInstants(day, (await loadSiteSettings(db)).time_zone);
  return { from: from.toISOString(), to: to.toISOString() };
}

/** Listings that went live in [$1, $2) in category c (its primary one or an extra one). */
const LAUNCHED_IN = `l.status = 'live' AND l.launched_at >= $1::timestamptz AND l.launched_at < $2::timestamptz
  AND (l.primary_category_id = s.subject_id OR EXISTS (SELECT 1 FROM listing_categories lc WHERE lc.listing_id = l.id AND lc.category_id = s.subject_id))`;

/** Queues the alerts of `day` (a date in the site's time zone): answers a summary of what it did. */
export async function issueCategoryAlerts(deps: CategoryAlertDeps, day: string): Promise<string> {
  const { from, to } = await dayWindow(deps.db, day);
  return withJobOutbox(deps.db, deps.queue, async (tx, jobs) => {
    const followers = await tx.query<{ email: string }>(
      `SELECT s.email FROM mail_subscriptions s
       WHERE s.topic = 'category' AND s.confirmed_at IS NOT NULL AND EXISTS (SELECT 1 FROM listings l WHERE ${LAUNCHED_IN})
       GROUP BY s.email ORDER BY min(s.created_at), s.email`,
      [from, to],
    );
    if (followers.length === 0) return `no followed category had a launch on ${day}: nothing sent`;
    const pace = pacedBy(deps.mailsPerMinute);
    for (const [i, follower] of followers.entries()) {
      await jobs.enqueue(SEND_CATEGORY_ALERT_JOB, { day, email: follower.email, [RUN_AT_KEY]: pace.dueAt(i) });
    }
    return `category alerts of ${day}: ${followers.length} recipients, sent over ${pace.minutes(followers.length)} minute(s)`;
  });
}

export interface CategoryAlertSendDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
}

/** The send_category_alert job: one follower's mail of one day, if they still follow a category that had launches. */
async function sendCategoryAlert(deps: CategoryAlertSendDeps, job: { day: string; email: string }): Promise<boolean> {
  const { db, publicUrl } = deps;
  const { from, to } = await dayWindow(db, job.day);
  const rows = await db.query<SummaryRow & { subscription_id: string; c_slug: string; c_name: string }>(
    `SELECT s.id::text AS subscription_id, c.slug AS c_slug, c.name AS c_name, ${SUMMARY_COLUMNS}
     FROM mail_subscriptions s JOIN categories c ON c.id = s.subject_id
     JOIN ${SUMMARY_FROM} ON ${LAUNCHED_IN}
     WHERE s.email = $3 AND s.topic = 'category' AND s.confirmed_at IS NOT NULL
     ORDER BY s.created_at, s.id, l.launched_at, l.id`,
    [from, to, job.email],
  );
  if (rows.length === 0) return false;
  const categories = new Map<string, AlertCategory & { headers: Record<string, string> }>();
  for (const row of rows) {
    let category = categories.get(row.subscription_id);
    if (!category) {
      const stop = await subscriptionUnsubscribe(db, publicUrl, row.subscription_id);
      category = {
        headers: stop.headers,
        name: row.c_name,
        url: `${publicUrl}/categories/${row.c_slug}`,
        unsubscribeUrl: stop.url,
        launches: [],
      };
      categories.set(row.subscription_id, category);
    }
    const listing = toSummary(row, publicUrl);
    category.launches.push({ name: listing.name, tagline: listing.tagline, url: listing.profile_url, logo_url: listing.logo_url });
  }
  const { site_name } = await loadSiteSettings(db);
  const [first] = categories.values();
  await deps.mailer.send({
    id: stableMailId(`category-alerts:${job.day}:${job.email}`),
    to: job.email,
    ...categoryAlertMail({ siteName: site_name, publicUrl, day: job.day, categories: [...categories.values()] }),
    headers: first!.headers,
  });
  return true;
}

/** Registers send_category_alert (the recurring job that issues the alerts is in src/schedule/recurring-jobs.ts). */
export function defineCategoryAlertJob(queue: JobQueue, deps: CategoryAlertSendDeps): void {
  queue.define<{ day: string; email: string }>(SEND_CATEGORY_ALERT_JOB, async (job) => void (await sendCategoryAlert(deps, job)), {
    concurrency: 4,
    maxAttempts: 5,
  });
}
