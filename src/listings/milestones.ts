import type { Database } from '../db/database.js';
import { Milestone } from '../db/entities/listing.js';
import { NotFoundError } from '../errors.js';
import { lockOwnedListing } from './ownership.js';
import { recordVersion } from './listing-history.js';

export interface MilestoneInput {
  date: string;
  title: string;
  description?: string | null;
  url?: string | null;
}

export interface MilestoneView {
  id: number;
  date: string;
  title: string;
  description: string | null;
  url: string | null;
}

const view = (m: Milestone): MilestoneView => ({
  id: m.id,
  date: m.date,
  title: m.title,
  description: m.description ?? null,
  url: m.url ?? null,
});

/** add_milestone: shown publicly while the listing's milestones section is unlocked; its owners always see it. */
export function addMilestone(db: Database, accountId: string, listingId: number, input: MilestoneInput, now: Date): Promise<MilestoneView> {
  return db.transaction(async (tx) => {
    await lockOwnedListing(tx, accountId, listingId);
    const milestone = tx.em.create(Milestone, {
      listing: listingId,
      date: input.date,
      title: input.title,
      description: input.description ?? null,
      url: input.url ?? null,
      createdAt: now,
    });
    await tx.em.flush();
    recordVersion(tx.em, {
      listingId,
      accountId,
      operation: 'add_milestone',
      changes: { milestones: { before: null, after: { ...view(milestone) } } },
      at: now,
    });
    return view(milestone);
  });
}

/** delete_milestone: a milestone of another listing, or of a listing the caller does not own, is 404. */
export function deleteMilestone(
  db: Database,
  accountId: string,
  listingId: number,
  milestoneId: number,
  now: Date,
): Promise<MilestoneView> {
  return db.transaction(async (tx) => {
    await lockOwnedListing(tx, accountId, listingId);
    const milestone = await tx.em.findOne(Milestone, { id: milestoneId, listing: listingId });
    if (!milestone) throw new NotFoundError('milestone', milestoneId, 'get_my_listing lists the milestones of your listing');
    const removed = view(milestone);
    tx.em.remove(milestone);
    recordVersion(tx.em, {
      listingId,
      accountId,
      operation: 'delete_milestone',
      changes: { milestones: { before: { ...removed }, after: null } },
      at: now,
    });
    return removed;
  });
}
