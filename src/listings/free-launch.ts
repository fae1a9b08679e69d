import type { JobQueue } from '../jobs/queue.js';
import { withJobOutbox } from '../jobs/job-outbox.js';
import { loadSiteSettings } from '../catalogue/site-settings.js';
import { InvalidStateError } from '../errors.js';
import { lockOwnedListing, ownedListingStatus } from './ownership.js';
import { noteChange, recordVersion } from './listing-history.js';
import type { FieldChange } from '../db/entities/owner-listing.js';
import { nextFreeWeek } from './free-weeks.js';
import { checkListingBadge, type BadgeCheckDeps } from './badge-check.js';
import { recheckWaitSeconds } from './badge-recheck.js';

export const CHECK_BADGE_JOB = 'check_listing_badge';

export type FreeListingOutcome = 'queued' | 'checked' | 'checked_recently';

/**
 * choose_free_listing. A saved listing (draft) joins the free launch queue: status awaiting_badge,
 * the next launch week with room 6-8 weeks out (site settings), and a first badge check in the
 * background. Asked again while it waits, the homepage is checked now (at most once a minute).
 * Scheduled, live and hidden listings are 409.
 */
export async function chooseFreeListing(
  deps: BadgeCheckDeps & { jobs: JobQueue },
  accountId: string,
  listingId: number,
): Promise<FreeListingOutcome> {
  // Asked again while waiting: no lock is taken, so the homepage is read without holding the listing
  // (a call under an idempotency key runs in one transaction until it answers).
  const status =
    (await ownedListingStatus(deps.db, accountId, listingId)) === 'awaiting_badge'
      ? 'awaiting_badge'
      : await queue(deps, accountId, listingId);
  if (status === 'draft') return 'queued';
  const last = await deps.db.one<{ checked_at: Date }>('SELECT checked_at FROM badge_checks WHERE listing_id = $1', [listingId]);
  if (last && recheckWaitSeconds(last.checked_at, deps.now()) > 0) return 'checked_recently';
  await checkListingBadge(deps, listingId);
  return 'checked';
}

/** A saved listing joins the free queue (its status was draft); answers the status it had under the lock. */
async function queue(deps: BadgeCheckDeps & { jobs: JobQueue }, accountId: string, listingId: number): Promise<string> {
  const settings = await loadSiteSettings(deps.db);
  return withJobOutbox(deps.db, deps.jobs, (db, jobs) =>
    db.transaction(async (tx) => {
      const listing = await lockOwnedListing(tx, accountId, listingId);
      if (listing.status === 'awaiting_badge') return listing.status;
      if (listing.status !== 'draft') throw new InvalidStateError(refusal(listing.status));
      const now = deps.now();
      const week = await nextFreeWeek(tx, settings, now);
      const changes: Record<string, FieldChange> = {};
      noteChange(changes, 'status', listing.status, 'awaiting_badge');
      noteChange(changes, 'plan', listing.plan, 'free');
      noteChange(changes, 'launch_week', listing.launchWeek ?? null, week);
      recordVersion(tx.em, { listingId, accountId, operation: 'choose_free_listing', changes, at: now });
      Object.assign(listing, { status: 'awaiting_badge', plan: 'free', launchWeek: week, updatedAt: now });
      await jobs.enqueue(CHECK_BADGE_JOB, { listingId });
      return 'draft';
    }),
  );
}

function refusal(status: string): string {
  if (status === 'live') return 'The listing is already live; a free listing is a way to publish a saved listing.';
  if (status === 'scheduled') return 'The listing is already scheduled for its launch week; get_my_listing shows it.';
  return 'The listing is hidden by the site team and cannot be queued.';
}
