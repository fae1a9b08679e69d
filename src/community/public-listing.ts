import { LockMode } from '@mikro-orm/core';
import type { Transaction } from '../db/database.js';
import { Listing } from '../db/entities/listing.js';
import { PUBLIC_STATUSES } from '../catalogue/listing-summary.js';
import { NotFoundError } from '../errors.js';

/** What a vote, follow or review reads of the listing it locks: a few columns of a wide row (its texts stay unread). */
const LOCKED_FIELDS = ['id', 'slug', 'name', 'status', 'launchWeek', 'votesCount', 'followsCount', 'updatedAt'] as const;

/** The public (live or upcoming) listing with `slug`, its row locked for a vote or follow to change its counts; else 404. */
export async function lockedPublicListing(tx: Transaction, slug: string) {
  const listing = await tx.em.findOne(
    Listing,
    { slug },
    { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true, fields: [...LOCKED_FIELDS] },
  );
  if (!listing || !(PUBLIC_STATUSES as readonly string[]).includes(listing.status)) throw new NotFoundError('listing', slug);
  return listing;
}
