/**
 * Following a listing: a signed-in person's address joins its followers (who are mailed its updates from
 * post_listing_update); the listing's count moves in the same transaction. Live and upcoming listings can be
 * followed.
 */
import type { Database } from '../db/database.js';
import { Follow } from '../db/entities/follow.js';
import { lockedPublicListing } from './public-listing.js';

export interface FollowState {
  slug: string;
  follows: number;
  following: boolean;
}

export async function setFollowing(db: Database, slug: string, email: string, following: boolean, now: Date): Promise<FollowState> {
  return db.transaction(async (tx) => {
    const listing = await lockedPublicListing(tx, slug);
    const existing = await tx.em.findOne(Follow, { listing: listing.id, followerEmail: email });
    if (following && !existing) {
      tx.em.create(Follow, { listing, followerEmail: email, createdAt: now });
      listing.followsCount += 1;
    } else if (!following && existing) {
      tx.em.remove(existing);
      listing.followsCount = Math.max(0, listing.followsCount - 1);
    }
    return { slug, follows: listing.followsCount, following };
  });
}

export async function isFollowing(db: Database, listingId: number, email: string): Promise<boolean> {
  return (await db.one('SELECT 1 AS f FROM follows WHERE listing_id = $1 AND follower_email = $2', [listingId, email])) !== undefined;
}
