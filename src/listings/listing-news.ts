import type { Database } from '../db/database.js';
import { emitWebhookEvent } from '../webhooks/events.js';
import { ListingUpdate } from '../db/entities/listing.js';
import type { JobQueue } from '../jobs/queue.js';
import { withJobOutbox } from '../jobs/job-outbox.js';
import type { Mailer } from '../mail/mailer.js';
import { stableMailId } from '../mail/mail-id.js';
import { lockOwnedListing } from './ownership.js';
import { recordVersion } from './listing-history.js';
import { loadSiteName } from '../catalogue/site-settings.js';

export const NOTIFY_FOLLOWERS_JOB = 'notify_listing_followers';

export interface PostedUpdate {
  id: number;
  title: string;
  body: string;
  published_at: string;
}

/**
 * post_listing_update: the update is stored (it is in the listing's latest_updates from the next read
 * on) together with one job that mails every follower; the job is in the same transaction, so a
 * crash between the commit and the mail loses nothing.
 */
export async function postListingUpdate(
  db: Database,
  jobs: JobQueue,
  accountId: string,
  listingId: number,
  update: { title: string; body: string },
  now: Date,
): Promise<PostedUpdate> {
  return withJobOutbox(db, jobs, (txDb, outbox) =>
    txDb.transaction(async (tx) => {
      await lockOwnedListing(tx, accountId, listingId);
      const row = tx.em.create(ListingUpdate, { listing: listingId, title: update.title, body: update.body, publishedAt: now });
      recordVersion(tx.em, {
        listingId,
        accountId,
        operation: 'post_listing_update',
        changes: { latest_updates: { before: null, after: update } },
        at: now,
      });
      await tx.em.flush();
      await outbox.enqueue(NOTIFY_FOLLOWERS_JOB, { updateId: row.id });
      await emitWebhookEvent(tx, {
        type: 'listing.update_posted',
        listingId,
        data: { listing_id: listingId, update_id: row.id, title: row.title, published_at: now.toISOString() },
        at: now,
      });
      return { id: row.id, title: row.title, body: row.body, published_at: now.toISOString() };
    }),
  );
}

/**
 * Mails one update to every follower of its listing whose address is confirmed. A run that stops half-way is run again and
 * sends only what was not recorded yet (each mail's id is fixed by update and address).
 */
export async function notifyFollowers(deps: { db: Database; mailer: Mailer; publicUrl: string }, updateId: number): Promise<number> {
  const update = await deps.db.one<{ title: string; body: string; name: string; slug: string; listing_id: number }>(
    `SELECT u.title, u.body, l.name, l.slug, l.id AS listing_id FROM listing_updates u JOIN listings l ON l.id = u.listing_id WHERE u.id = $1`,
    [updateId],
  );
  if (!update) return 0;
  // Only confirmed addresses: a row left from before following needed one is not mailed.
  const followers = await deps.db.query<{ email: string }>(
    `SELECT f.follower_email AS email FROM follows f JOIN accounts a ON a.email = f.follower_email AND a.email_verified_at IS NOT NULL
     WHERE f.listing_id = $1 ORDER BY f.follower_email`,
    [update.listing_id],
  );
  const link = `${deps.publicUrl}/listings/${update.slug}`;
  const siteName = await loadSiteName(deps.db);
  for (const { email } of followers) {
    await deps.mailer.send({
      id: stableMailId(`listing-update:${updateId}:${email}`),
      to: email,
      subject: `${update.name}: ${update.title}`,
      text: `${update.name} posted an update.\n\n${update.title}\n\n${update.body}\n\n${link}\n\nYou get this because you follow ${update.name} on ${siteName}.`,
    });
  }
  return followers.length;
}
