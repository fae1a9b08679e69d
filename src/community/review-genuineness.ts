/**
 * Which reviews count towards a listing's community rating ("genuine"): a review by a person whose e-mail address is
 * confirmed, who does not own the listing, that no moderator has hidden, and whose author has no vote the vote check
 * flagged (or a moderator confirmed as a ring's). reviews.genuine is the one column the rating reads (the listing's
 * profile is rebuilt by a trigger whenever it changes, so the rating and the page change at once); this keeps it true
 * to the rule. Seeded reviews without an account count unless hidden.
 *
 * Call it in the transaction that changes anything the rule reads: a review written, hidden or restored; an address
 * confirmed; an owner added; a vote flagged, confirmed or cleared.
 */
import type { Statements } from '../db/database.js';

/** The rule, as SQL over the review `r`. */
const GENUINE = `r.hidden_at IS NULL AND (
  r.account_id IS NULL OR (
    EXISTS (SELECT 1 FROM accounts a WHERE a.id = r.account_id AND a.email_verified_at IS NOT NULL)
    AND NOT EXISTS (SELECT 1 FROM listing_owners o WHERE o.listing_id = r.listing_id AND o.account_id = r.account_id)
    AND NOT EXISTS (SELECT 1 FROM votes v WHERE v.account_id = r.account_id AND v.flag_status IN ('flagged', 'confirmed'))))`;

export interface GenuinenessScope {
  reviewId?: number;
  listingId?: number;
  accountId?: string;
}

/** Brings reviews.genuine in line with the rule for the reviews in scope (one, a listing's, an author's); answers how many changed. */
export async function refreshReviewGenuineness(db: Statements, scope: GenuinenessScope): Promise<number> {
  const changed = await db.query(
    `UPDATE reviews r SET genuine = (${GENUINE})
     WHERE ($1::int IS NULL OR r.id = $1) AND ($2::int IS NULL OR r.listing_id = $2) AND ($3::uuid IS NULL OR r.account_id = $3)
       AND r.genuine IS DISTINCT FROM (${GENUINE})
     RETURNING r.id`,
    [scope.reviewId ?? null, scope.listingId ?? null, scope.accountId ?? null],
  );
  return changed.length;
}
