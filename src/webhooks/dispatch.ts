import type { Database } from '../db/database.js';
import type { JobQueue } from '../jobs/queue.js';
import { withJobOutbox } from '../jobs/job-outbox.js';
import { FOLLOWER_EVENTS } from './events.js';

export const DELIVER_WEBHOOK_JOB = 'deliver_webhook';

/** Events taken per transaction; a dispatcher finding a full batch takes the next at once. */
const BATCH = 100;

/**
 * Turns recorded events into deliveries, once: the events are claimed (FOR UPDATE SKIP LOCKED, so instances
 * dispatching together take different ones), every enabled webhook subscribed to the event's type whose
 * account the event concerns gets one delivery (its id derived from webhook and event, so nothing is made
 * twice), and each delivery's job is queued, all in one transaction. Answers how many events it took.
 *
 * Who an event concerns: the account it names (drafts, claims, orders), the draft's co-owners, the
 * listing's owners, and for listing.published and award.won also accounts whose e-mail follows the listing.
 */
export async function dispatchWebhookEvents(db: Database, jobs: JobQueue, now: Date): Promise<number> {
  let taken = 0;
  for (;;) {
    const batch = await withJobOutbox(db, jobs, async (tx, outbox) => {
      const events = await tx.query<{ id: string }>(
        `UPDATE webhook_events SET dispatched_at = $1 WHERE id IN (
           SELECT id FROM webhook_events WHERE dispatched_at IS NULL ORDER BY occurred_at, id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED
         ) RETURNING id`,
        [now.toISOString()],
      );
      if (events.length === 0) return 0;
      const deliveries = await tx.query<{ id: string }>(
        `INSERT INTO webhook_deliveries (id, webhook_id, event_id, status, created_at)
         SELECT 'whd_' || substr(md5(w.id || ':' || e.id), 1, 24), w.id, e.id, 'pending', $2
         FROM webhook_events e JOIN webhooks w ON w.status = 'enabled' AND e.type = ANY (w.events)
         WHERE e.id = ANY ($1::text[]) AND (
           w.account_id = e.account_id
           OR (e.type LIKE 'draft.%' AND EXISTS (
             SELECT 1 FROM draft_owners d WHERE d.draft_id = (e.data->>'draft_id')::uuid AND d.account_id = w.account_id))
           OR EXISTS (SELECT 1 FROM listing_owners o WHERE o.listing_id = e.listing_id AND o.account_id = w.account_id)
           OR (e.type = ANY ($3::text[]) AND EXISTS (
             SELECT 1 FROM follows f JOIN accounts a ON a.email = f.follower_email
             WHERE f.listing_id = e.listing_id AND a.id = w.account_id))
         )
         ON CONFLICT (webhook_id, event_id) DO NOTHING
         RETURNING id`,
        [events.map((event) => event.id), now.toISOString(), FOLLOWER_EVENTS],
      );
      for (const delivery of deliveries) await outbox.enqueue(DELIVER_WEBHOOK_JOB, { deliveryId: delivery.id });
      return events.length;
    });
    taken += batch;
    if (batch < BATCH) return taken;
  }
}
