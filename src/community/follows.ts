/**
 * Following a listing: a signed-in person with a confirmed e-mail address joins its followers (who are mailed its
 * updates from post_listing_update); the listing's count moves in the same statement. Live and upcoming listings
 * can be followed. An unconfirmed address cannot follow (else following would send the owner's mail to any
 * address typed at sign-up), but anyone can stop following.
 */
import type { Database } from '../db/database.js';
import { NotFoundError, ProblemError } from '../errors.js';
import { PUBLIC_STATUSES } from '../catalogue/listing-summary.js';

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

/**
 * Starts or stops following, each in one statement that also moves the listing's count (an atomic increment under
 * the listing's row lock, held by that statement alone): a launch's follows and votes do not wait on each other's
 * reads.
 */
export async function setFollowing(db: Database, slug: string, follower: Follower, following: boolean, now: Date): Promise<FollowState> {
  if (following && !follower.emailVerified)
    throw new FollowRefusedError('Confirm your e-mail address first: updates are mailed only to confirmed addresses.');
  const email = follower.email;
  const listing = await db.one<{ id: number; follows_count: number; following: boolean }>(
    `SELECT l.id, l.follows_count, EXISTS (SELECT 1 FROM follows f WHERE f.listing_id = l.id AND f.follower_email = $2) AS following
     FROM listings l WHERE l.slug = $1 AND l.status = ANY($3::text[])`,
    [slug, email, PUBLIC_STATUSES],
  );
  if (!listing) throw new NotFoundError('listing', slug);
  if (listing.following === following) return { slug, follows: listing.follows_count, following };
  // Another request of the same person's meanwhile: the statement finds the row there (or gone) and moves nothing.
  const params = [listing.id, email, now];
  const [moved] = await db.query<{ follows_count: number }>(
    following ? FOLLOW : UNFOLLOW,
    following ? [...params, PUBLIC_STATUSES] : params,
  );
  return { slug, follows: moved?.follows_count ?? listing.follows_count, following };
}

/** Adds the follow (while the listing is public) and counts it. */
const FOLLOW = `WITH added AS (
    INSERT INTO follows (listing_id, follower_email, created_at)
    SELECT id, $2, $3 FROM listings WHERE id = $1 AND status = ANY($4::text[])
    ON CONFLICT (listing_id, follower_email) DO NOTHING RETURNING listing_id)
  UPDATE listings SET follows_count = follows_count + 1, updated_at = $3 WHERE id = (SELECT listing_id FROM added) RETURNING follows_count`;

/** Removes the follow (whatever the listing's status now) and uncounts it. */
const UNFOLLOW = `WITH removed AS (DELETE FROM follows WHERE listing_id = $1 AND follower_email = $2 RETURNING listing_id)
  UPDATE listings SET follows_count = greatest(0, follows_count - 1), updated_at = $3
  WHERE id = (SELECT listing_id FROM removed) RETURNING follows_count`;
