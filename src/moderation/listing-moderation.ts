/**
 * Moderation of listings by the site team: hiding (status hidden, with a reason its owners see; the status before
 * is kept for showing it again) and featuring on the home page. Every change is audited and, for hide and unhide,
 * mailed to the owners through the job outbox in the same transaction.
 *
 * A hide changes the listing's status: the listings UPDATE triggers of migration 0011 rebuild its profile and send
 * the listing change notification at commit, so every instance drops get_listing's kept answer and its search
 * index entry at once; the public reads (search, feeds, boards, sitemap, MCP resources) only ever select live or
 * scheduled listings, and the home page checks its kept trending list against the current statuses.
 */
import { LockMode } from '@mikro-orm/core';
import { z } from 'zod';
import type { Database, Transaction } from '../db/database.js';
import { LISTING_STATUSES, Listing } from '../db/entities/listing.js';
import { InvalidStateError, NotFoundError } from '../errors.js';
import type { JobQueue } from '../jobs/queue.js';
import { withJobOutbox } from '../jobs/job-outbox.js';
import { queueMail } from '../jobs/mail-job.js';
import { recordVersion } from '../listings/listing-history.js';
import { isoDateTime } from '../schema.js';
import { recordAudit, type Actor } from '../staff/audit-log.js';
import { hiddenMail, shownAgainMail } from './owner-mail.js';
import { ownerEmails } from '../listings/ownership.js';
import { loadSiteName } from '../catalogue/site-settings.js';

export const MODERATION_ACTIONS = ['hide', 'unhide', 'feature', 'unfeature'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** A listing as moderate_listing answers it (the published schema and the type in one). */
export const moderatedListing = z.object({
  slug: z.string(),
  name: z.string(),
  status: z.enum(LISTING_STATUSES),
  hidden_reason: z.string().nullable().describe('Why the site team hid it (shown to its owners); null unless hidden'),
  hidden_at: isoDateTime.nullable(),
  featured: z.boolean().describe('Whether it is featured on the home page'),
  featured_at: isoDateTime.nullable(),
});
export type ModeratedListing = z.infer<typeof moderatedListing>;

export interface ModerationChange {
  actor: Actor;
  slug: string;
  action: ModerationAction;
  reason: string;
  now: Date;
  /** For the link in the owners' mail. */
  publicUrl: string;
}

/** Applies one moderation action, in a transaction of its own (joined when `db` is already one). */
export function moderateListing(db: Database, jobs: JobQueue, change: ModerationChange): Promise<ModeratedListing> {
  return withJobOutbox(db, jobs, (txDb, outbox) => txDb.transaction((tx) => applyModeration(tx, outbox, change)));
}

/**
 * Applies one moderation action in the caller's transaction `tx`, the owners' mail written to `outbox` (a job
 * queue whose jobs are written in that transaction). 404 for an unknown slug; 409 when the action does not fit
 * the listing's state (hide of a hidden listing, unhide of a visible one, feature of one that is not live,
 * feature of a featured one, unfeature of one that is not).
 */
export async function applyModeration(tx: Transaction, outbox: JobQueue, change: ModerationChange): Promise<ModeratedListing> {
  const listing = await tx.em.findOne(Listing, { slug: change.slug }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  if (!listing) throw new NotFoundError('listing', change.slug);
  const before = { status: listing.status, featured: listing.featuredAt !== null && listing.featuredAt !== undefined };
  const { now } = change;
  switch (change.action) {
    case 'hide':
      await hideListing(tx, outbox, listing, change);
      break;
    case 'unhide':
      await unhideListing(tx, outbox, listing, change);
      break;
    case 'feature':
      if (listing.status !== 'live') {
        throw new InvalidStateError(
          listing.status === 'hidden'
            ? `${listing.name} is hidden; show it again (unhide) before featuring it.`
            : `Only live listings are featured; ${listing.name} is ${listing.status}.`,
        );
      }
      if (before.featured) throw new InvalidStateError(`${listing.name} is already featured.`);
      listing.featuredAt = now;
      break;
    case 'unfeature':
      if (!before.featured) throw new InvalidStateError(`${listing.name} is not featured.`);
      listing.featuredAt = null;
      break;
  }
  await tx.em.flush();
  const after = { status: listing.status, featured: listing.featuredAt !== null && listing.featuredAt !== undefined };
  await recordAudit(tx, {
    actor: change.actor,
    action: `listing.${change.action}`,
    target: { type: 'listing', id: listing.slug },
    before,
    after,
    reason: change.reason,
    at: now,
  });
  return {
    slug: listing.slug,
    name: listing.name,
    status: listing.status,
    hidden_reason: listing.hiddenReason ?? null,
    hidden_at: listing.hiddenAt ? listing.hiddenAt.toISOString() : null,
    featured: after.featured,
    featured_at: listing.featuredAt ? listing.featuredAt.toISOString() : null,
  };
}

/** Hides a listing (unfeaturing it), records the version, and mails its owners the reason. */
async function hideListing(tx: Transaction, outbox: JobQueue, listing: Listing, change: ModerationChange): Promise<void> {
  const { now } = change;
  if (listing.status === 'hidden') throw new InvalidStateError(`${listing.name} is already hidden.`);
  const previous = listing.status;
  Object.assign(listing, {
    status: 'hidden',
    statusBeforeHidden: previous,
    hiddenReason: change.reason,
    hiddenAt: now,
    // A hidden listing is not featured; featuring it again is a decision of its own once it is shown.
    featuredAt: null,
    updatedAt: now,
  });
  recordVersion(tx.em, {
    listingId: listing.id,
    accountId: change.actor.accountId,
    operation: 'hide',
    changes: { status: { before: previous, after: 'hidden' } },
    at: now,
  });
  const siteName = await loadSiteName(tx);
  for (const to of await ownerEmails(tx, listing.id)) await queueMail(outbox, hiddenMail(to, listing, change.reason, siteName));
}

/** Shows a hidden listing again in the status it had, records the version, and mails its owners. */
async function unhideListing(tx: Transaction, outbox: JobQueue, listing: Listing, change: ModerationChange): Promise<void> {
  const { now } = change;
  if (listing.status !== 'hidden') throw new InvalidStateError(`${listing.name} is not hidden (its status is ${listing.status}).`);
  // Listings hidden before the status was kept (the demo's) go back to live when they had launched, else to draft.
  const restored = listing.statusBeforeHidden ?? (listing.launchedAt ? 'live' : 'draft');
  Object.assign(listing, { status: restored, statusBeforeHidden: null, hiddenReason: null, hiddenAt: null, updatedAt: now });
  recordVersion(tx.em, {
    listingId: listing.id,
    accountId: change.actor.accountId,
    operation: 'unhide',
    changes: { status: { before: 'hidden', after: restored } },
    at: now,
  });
  for (const to of await ownerEmails(tx, listing.id)) {
    await queueMail(outbox, shownAgainMail(to, listing, restored, change.publicUrl));
  }
}
