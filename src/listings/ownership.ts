import { LockMode } from '@mikro-orm/core';
import type { Statements, Transaction } from '../db/database.js';
import { Listing } from '../db/entities/listing.js';
import { NotFoundError } from '../errors.js';

const HINT = 'list_my_listings lists the listings you own';

/** Whether the account owns the listing (its submitter, a co-founder, or a verified claimant). */
async function owns(db: Statements, accountId: string, listingId: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM listing_owners WHERE listing_id = $1 AND account_id = $2::uuid', [listingId, accountId]);
  return rows.length > 0;
}

/**
 * The caller's listing, locked for the rest of the transaction `tx`; another account's listing is as
 * unknown as a missing one (404, decisions: never reveal that it exists).
 */
export async function lockOwnedListing(tx: Transaction, accountId: string, listingId: number): Promise<Listing> {
  if (!(await owns(tx, accountId, listingId))) throw new NotFoundError('listing', listingId, HINT);
  const listing = await tx.em.findOne(Listing, { id: listingId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  if (!listing) throw new NotFoundError('listing', listingId, HINT);
  return listing;
}

/** The status of the caller's listing, read without a lock; 404 as lockOwnedListing. */
export async function ownedListingStatus(db: Statements, accountId: string, listingId: number): Promise<string> {
  const rows = await db.query<{ status: string }>(
    `SELECT l.status FROM listings l JOIN listing_owners o ON o.listing_id = l.id AND o.account_id = $2::uuid WHERE l.id = $1`,
    [listingId, accountId],
  );
  if (!rows[0]) throw new NotFoundError('listing', listingId, HINT);
  return rows[0].status;
}

/** The owners' e-mail addresses of a listing (for mail about it), in the caller's transaction. */
export async function ownerEmails(tx: Statements, listingId: number): Promise<string[]> {
  const rows = await tx.query<{ email: string }>(
    'SELECT a.email FROM listing_owners o JOIN accounts a ON a.id = o.account_id WHERE o.listing_id = $1 ORDER BY a.email',
    [listingId],
  );
  return rows.map((row) => row.email);
}

/** The id of the caller's listing at `slug`, whatever its status; undefined when the caller owns none there. */
export async function ownedListingIdBySlug(db: Statements, accountId: string, slug: string): Promise<number | undefined> {
  const rows = await db.query<{ id: number }>(
    'SELECT l.id FROM listings l JOIN listing_owners o ON o.listing_id = l.id AND o.account_id = $2::uuid WHERE l.slug = $1',
    [slug, accountId],
  );
  return rows[0]?.id;
}
