import { LockMode } from '@mikro-orm/core';
import type { Transaction } from '../db/database.js';
import { Listing } from '../db/entities/listing.js';
import { PUBLIC_STATUSES } from '../catalogue/listing-summary.js';
import { NotFoundError } from '../errors.js';

/** The public (live or upcoming) listing with `slug`, its row locked for a vote or follow to change its counts; else 404. */
export async function lockedPublicListing(tx: Transaction, slug: string) {
  const listing = await tx.em.findOne(Listing, { slug }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  if (!listing || !(PUBLIC_STATUSES as readonly string[]).includes(listing.status)) throw new NotFoundError('listing', slug);
  return listing;
}
