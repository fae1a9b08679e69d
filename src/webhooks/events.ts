import type { Statements } from '../db/database.js';
import { randomToken } from '../security/random.js';
import { enqueueAfterCommit } from '../jobs/job-outbox.js';

/** The events a webhook can subscribe to, each only for the subscriber's own objects (and listings they follow, where said). */
export const WEBHOOK_EVENTS = {
  'draft.ready': 'a draft of yours is drafted and ready to review',
  'draft.failed': 'a draft of yours could not be drafted (the reason says what to do)',
  'listing.published': 'a listing you own or follow went live',
  'listing.updated': 'a listing you own was edited',
  'listing.update_posted': 'news was posted on a listing you own',
  'claim.verified': 'a claim of yours was verified: you own the listing now',
  'order.paid': 'an order of yours was paid',
  'order.refunded': 'an order of yours was refunded',
  'award.won': 'a listing you own or follow won a Launch of the Week award',
  'comment.created': 'someone commented on a listing you own (not your own comments)',
  'listing.launch_report': 'the launch week of a listing you own ended: its views, visitors, website visits, votes, final rank and award',
} as const;

export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;

export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as [WebhookEventType, ...WebhookEventType[]];

/** Events that reach the listing's followers as well as its owners. */
export const FOLLOWER_EVENTS: readonly WebhookEventType[] = ['listing.published', 'award.won'];

/** The NOTIFY channel that wakes the dispatcher when an event's transaction commits. */
export const WEBHOOK_EVENTS_CHANNEL = 'webhook_events';

interface NewEvent {
  type: WebhookEventType;
  /** The account whose object this is (drafts, claims, orders); the owners of `listingId` otherwise. */
  accountId?: string;
  listingId?: number;
  /** The event's body: ids and links a receiver reads the objects through, never secrets. */
  data: Record<string, unknown>;
  at: Date;
}

/**
 * Records an event in the caller's transaction and announces it at commit: the event exists exactly when
 * the change does, and the change never waits for a receiver (the dispatcher delivers it in the background).
 * While no enabled webhook anywhere subscribes to the type, nothing is recorded (a subscription hears the
 * events that happen after it is made).
 */
export async function emitWebhookEvent(tx: Statements, event: NewEvent): Promise<void> {
  const recorded = await tx.query(
    `INSERT INTO webhook_events (id, type, account_id, listing_id, data, occurred_at)
     SELECT $1, $2::text, $3::uuid, $4::int, $5::jsonb, $6::timestamptz
     WHERE EXISTS (SELECT 1 FROM webhooks WHERE status = 'enabled' AND $2::text = ANY (events))
     RETURNING 1`,
    [
      `msg_${randomToken(18)}`,
      event.type,
      event.accountId ?? null,
      event.listingId ?? null,
      JSON.stringify(event.data),
      event.at.toISOString(),
    ],
  );
  if (recorded.length > 0) await tx.query(`SELECT pg_notify('${WEBHOOK_EVENTS_CHANNEL}', '')`);
}

/**
 * The job a listing's going live writes (in the transaction that publishes it, through the job outbox): its handler,
 * defined by the schedule (src/schedule/recurring-jobs.ts), mails the people who asked to be told (src/subscriptions).
 */
export const LISTING_PUBLISHED_JOB = 'listing_published';

/** listing.published, to the listing's owners and followers; and the listing_published job, in the same transaction. */
export async function emitListingPublished(tx: Statements, listing: { id: number; slug: string; name: string }, at: Date): Promise<void> {
  await emitWebhookEvent(tx, {
    type: 'listing.published',
    listingId: listing.id,
    data: { listing_id: listing.id, slug: listing.slug, name: listing.name, published_at: at.toISOString() },
    at,
  });
  await enqueueAfterCommit(tx, LISTING_PUBLISHED_JOB, { listing_id: listing.id });
}

/** Events, their deliveries and attempts are kept this long (list_webhook_deliveries, redeliver_webhook). */
const EVENTS_KEEP_DAYS = 30;

/** Deletes the dispatched events older than the keep period, with their deliveries and attempts; answers how many. */
export async function deleteOldWebhookEvents(db: Statements, now: Date): Promise<number> {
  const deleted = await db.query(
    `DELETE FROM webhook_events WHERE occurred_at < $1::timestamptz - $2 * interval '1 day' AND dispatched_at IS NOT NULL RETURNING 1`,
    [now.toISOString(), EVENTS_KEEP_DAYS],
  );
  return deleted.length;
}
