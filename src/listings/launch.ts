import { LockMode } from '@mikro-orm/core';
import { emitListingPublished } from '../webhooks/events.js';
import { databaseInTransaction, type Database } from '../db/database.js';
import { Listing } from '../db/entities/listing.js';
import type { JobQueue } from '../jobs/queue.js';
import { jobOutbox } from '../jobs/job-outbox.js';
import { queueMail } from '../jobs/mail-job.js';
import { loadSiteSettings } from '../catalogue/site-settings.js';
import { lookForBadge, saveBadgeCheck, type BadgeCheckDeps } from './badge-check.js';
import { recordVersion } from './listing-history.js';
import { nextFreeWeek } from './free-weeks.js';
import { ownerEmails } from './ownership.js';

export type LaunchDeps = BadgeCheckDeps & { jobs: JobQueue };

/** Scheduled listings whose launch week has started (weeks up to `week`, its Monday). */
export async function dueLaunches(db: Database, week: string): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM listings WHERE status = 'scheduled' AND launch_week <= $1::date ORDER BY launch_week, id`,
    [week],
  );
  return rows.map((row) => row.id);
}

/**
 * Publishes one scheduled listing at the start of its launch week: status live, launched_at now. A free
 * listing's homepage is read first; when its badge is gone it is not published but goes back to
 * awaiting_badge with the next week that has room, and its owners are mailed (through the outbox, in the
 * same transaction). Runs again safely: only a listing still scheduled for a week that has begun changes.
 */
export async function launchListing(deps: LaunchDeps, listingId: number, week: string): Promise<'live' | 'awaiting_badge' | undefined> {
  const before = await deps.db.one<{ slug: string; url: string; plan: string; status: string; launch_week: string }>(
    'SELECT slug, url, plan, status, launch_week::text AS launch_week FROM listings WHERE id = $1',
    [listingId],
  );
  if (before?.status !== 'scheduled' || before.launch_week > week) return undefined;
  const badge = before.plan === 'free' ? await lookForBadge(deps, before) : undefined;
  const settings = await loadSiteSettings(deps.db);
  const outbox = { current: undefined as ReturnType<typeof jobOutbox> | undefined };
  const outcome = await deps.db.transaction(async (tx) => {
    const listing = await tx.em.findOne(Listing, { id: listingId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (listing?.status !== 'scheduled' || listing.launchWeek !== before.launch_week) return undefined;
    const now = deps.now();
    if (!badge || badge.found) {
      recordVersion(tx.em, {
        listingId,
        accountId: null,
        operation: 'launch',
        changes: { status: { before: 'scheduled', after: 'live' }, launched_at: { before: null, after: now.toISOString() } },
        at: now,
      });
      Object.assign(listing, { status: 'live', launchedAt: now, updatedAt: now });
      await emitListingPublished(tx, listing, now);
      if (badge) await saveBadgeCheck(tx.em, listingId, badge, now);
      return 'live' as const;
    }
    const next = await nextFreeWeek(tx, settings, now, listing.launchWeek ?? undefined);
    recordVersion(tx.em, {
      listingId,
      accountId: null,
      operation: 'badge_missing_at_launch',
      changes: {
        status: { before: 'scheduled', after: 'awaiting_badge' },
        launch_week: { before: listing.launchWeek ?? null, after: next },
      },
      at: now,
    });
    Object.assign(listing, { status: 'awaiting_badge', launchWeek: next, updatedAt: now });
    await saveBadgeCheck(tx.em, listingId, badge, now);
    outbox.current = jobOutbox(deps.jobs, databaseInTransaction(tx, deps.db));
    for (const email of await ownerEmails(tx, listingId)) {
      await queueMail(outbox.current, {
        to: email,
        subject: `${listing.name} did not launch: the badge is not on your homepage`,
        text:
          `${listing.name} was scheduled to launch in the week of ${before.launch_week}, but at the start of that week its badge ` +
          `was not on ${listing.url}.\n\n${badge.detail}\n\nThe launch has moved to the week of ${next}. Put the badge back ` +
          `(get_badges gives the snippet); it is checked daily, and it must be on the homepage when the week begins.`,
      });
    }
    return 'awaiting_badge' as const;
  });
  await outbox.current?.handOver(deps.db).catch(() => undefined);
  return outcome;
}
