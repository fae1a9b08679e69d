/**
 * "Notify me at launch" (issue 53): when a listing goes live, the transaction that publishes it writes a job
 * (listing_published, src/webhooks/events.ts, through the job outbox); that job runs sendLaunchAlerts, which in one
 * transaction deletes the listing's launch subscriptions and queues one mail to each confirmed one, under a mail id
 * fixed by the listing and the subscription. A job that runs again finds no row left and a mail recorded: each
 * person hears once.
 */
import type { Database } from '../db/database.js';
import type { JobQueue } from '../jobs/queue.js';
import { withJobOutbox } from '../jobs/job-outbox.js';
import { queueMail } from '../jobs/mail-job.js';
import { stableMailId } from '../mail/mail-id.js';
import { loadSiteSettings } from '../catalogue/site-settings.js';
import { SUMMARY_COLUMNS, SUMMARY_FROM, type SummaryRow, toSummary } from '../catalogue/listing-summary.js';
import { subscriptionUnsubscribe } from './subscriptions.js';
import { launchAlertMail } from './alert-mail.js';

export interface LaunchAlertDeps {
  db: Database;
  /** Where the mail goes (send_mail jobs written with the deletion). */
  queue: JobQueue;
  publicUrl: string;
}

/** Mails the people waiting for listing `listingId` to launch, once it is live; answers how many were mailed. */
export async function sendLaunchAlerts(deps: LaunchAlertDeps, listingId: number): Promise<number> {
  const { publicUrl } = deps;
  const row = await deps.db.one<SummaryRow>(`SELECT ${SUMMARY_COLUMNS} FROM ${SUMMARY_FROM} WHERE l.id = $1 AND l.status = 'live'`, [
    listingId,
  ]);
  if (!row) return 0;
  const summary = toSummary(row, publicUrl);
  const listing = { name: summary.name, tagline: summary.tagline, url: summary.profile_url, logo_url: summary.logo_url };
  const { site_name } = await loadSiteSettings(deps.db);
  return withJobOutbox(deps.db, deps.queue, async (tx, jobs) => {
    const waiting = await tx.query<{ id: string; email: string; confirmed: boolean }>(
      `DELETE FROM mail_subscriptions WHERE topic = 'launch' AND subject_id = $1
       RETURNING id::text AS id, email, confirmed_at IS NOT NULL AS confirmed`,
      [listingId],
    );
    const confirmed = waiting.filter((subscription) => subscription.confirmed);
    for (const subscription of confirmed) {
      const stop = await subscriptionUnsubscribe(tx, publicUrl, subscription.id);
      const mail = launchAlertMail({ siteName: site_name, publicUrl, listing, unsubscribeUrl: stop.url });
      await queueMail(jobs, {
        id: stableMailId(`launch:${listingId}:${subscription.id}`),
        to: subscription.email,
        ...mail,
        headers: stop.headers,
      });
    }
    return confirmed.length;
  });
}
