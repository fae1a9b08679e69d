/**
 * Following a listing: a signed-in person with a confirmed e-mail address joins its followers (who are mailed its
 * updates from post_listing_update); the listing's count moves in the same transaction. Live and upcoming listings
 * can be followed. An unconfirmed address cannot follow (else following would send the owner's mail to any
 * address typed at sign-up), but anyone can stop following.
 */
import type { Database } from '../db/database.js';
import { Follow } from '../db/entities/follow.js';
import { ProblemError } from '../errors.js';
import { lockedPublicListing } from './public-listing.js';

export interface FollowState {
  slug: string;
  follows: number;
  following: boolean;
}

export interface Follower {
  email: string;
  emailVerified: boolean;
}

/** A person the rules do not let follow (unconfirmed address): 403, saying what to do. */
class FollowRefusedError extends ProblemError {
  constructor(detail: string) {
    super({ status: 403, code: 'follow_refused', title: 'Following is not allowed', detail });
  }
}

export async function setFollowing(db: Database, slug: string, follower: Follower, following: boolean, now: Date): Promise<FollowState> {
  if (following && !follower.emailVerified)
    throw new FollowRefusedError('Confirm your e-mail address first: updates are mailed only to confirmed addresses.');
  const email = follower.email;
  return db.transaction(async (tx) => {
    const listing = await lockedPublicListing(tx, slug);
    const existing = await tx.em.findOne(Follow, { listing: listing.id, followerEmail: email });
    if (following && !existing) {
      tx.em.create(Follow, { listing: listing.id, followerEmail: email, createdAt: now });
      listing.followsCount += 1;
    } else if (!following && existing) {
      tx.em.remove(existing);
      listing.followsCount = Math.max(0, listing.followsCount - 1);
    }
    return { slug, follows: listing.followsCount, following };
  });
}
