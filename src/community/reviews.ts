/**
 * Reviews come only from people on the site: a signed-in person with a confirmed e-mail address writes one review
 * per public listing (reviewer_key `account:<id>`): a rating of 1 to 5 and a text of 20 to 2,000 characters, which
 * they can edit or delete. Owners of the listing cannot review it, nor can anyone whose e-mail address is at the
 * listing's domain. The database keeps each review's `genuine` flag (migration 0036's triggers) in the statement that
 * writes it, so the community rating (rebuilt by the listing profile's trigger) moves at once.
 */
import type { Database, Statements } from '../db/database.js';
import { ProblemError, type ProblemFieldError, ValidationError } from '../errors.js';
import { countOrRefuse } from '../rate-limit/count-or-refuse.js';
import type { RatePolicy } from '../rate-limit/counter.js';
import { stripInvisible } from '../text/invisible-characters.js';
import { PUBLIC_STATUSES } from '../catalogue/listing-summary.js';
import { lockedPublicListing } from './public-listing.js';
import { publicNameSql } from './public-name.js';
import { accountKey } from './account-key.js';
import { queueNewReviewMail } from './activity-mail.js';

export const REVIEW_BODY_MIN = 20;
export const REVIEW_BODY_MAX = 2000;

/** Writes and deletions per person: plenty for a person, a wall for a script. */
const REVIEW_LIMIT: RatePolicy = { name: 'site_reviews', limit: 20, windowSeconds: 3600 };

export interface Reviewer {
  id: string;
  email: string;
  emailVerified: boolean;
}

export interface ReviewInput {
  rating: unknown;
  body: unknown;
}

/** A review as the public reads it. */
export interface PublicReview {
  id: number;
  rating: number;
  body: string;
  created_at: string;
  /** Null when never edited. */
  updated_at: string | null;
  reviewer: string;
  /** Whether it counts towards the community rating (the genuine rule). */
  counted: boolean;
}

/** The person's own review, with whether a moderator hid it. */
export interface OwnReview extends PublicReview {
  hidden: boolean;
}

/** A person the rules do not let review this listing: 403, saying why and what to do. */
class ReviewRefusedError extends ProblemError {
  constructor(
    readonly reason: 'unconfirmed' | 'owner' | 'domain',
    detail: string,
  ) {
    super({ status: 403, code: 'review_refused', title: 'This review is not allowed', detail });
  }
}

/** The rating and text, checked and cleaned (invisible characters stripped, trimmed); 400 naming each bad field. */
function checkedReview(input: ReviewInput): { rating: number; body: string } {
  const errors: ProblemFieldError[] = [];
  const rating = typeof input.rating === 'string' && input.rating.trim() !== '' ? Number(input.rating) : input.rating;
  if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 5)
    errors.push({ path: '/rating', message: 'Give a whole number of stars from 1 to 5.' });
  const body = typeof input.body === 'string' ? stripInvisible(input.body).trim() : '';
  const length = [...body].length;
  if (typeof input.body !== 'string') errors.push({ path: '/body', message: 'Write the review as text.' });
  else if (body.includes('\u0000')) errors.push({ path: '/body', message: 'The text holds a NUL character.' });
  else if (length < REVIEW_BODY_MIN || length > REVIEW_BODY_MAX)
    errors.push({
      path: '/body',
      message: `Write ${REVIEW_BODY_MIN} to ${REVIEW_BODY_MAX} characters (this has ${length}).`,
    });
  if (errors.length) throw new ValidationError(errors);
  return { rating: rating as number, body };
}

/** Whether the e-mail address is at `domain` or one of its subdomains (case-insensitive). */
function emailIsAtDomain(email: string, domain: string): boolean {
  const at = email.lastIndexOf('@');
  const host = email.slice(at + 1).toLowerCase();
  const listingDomain = domain.toLowerCase().replace(/^www\./, '');
  return listingDomain !== '' && (host === listingDomain || host.endsWith(`.${listingDomain}`));
}

/** Why a person may not review a listing, if they may not. */
export type ReviewBar = ReviewRefusedError['reason'];

const BAR_DETAIL: Record<ReviewBar, (domain: string) => string> = {
  unconfirmed: () => 'Confirm your e-mail address first: reviews come from people with a confirmed address.',
  owner: () => 'You own this listing: reviews come from other people.',
  domain: (domain) => `Your e-mail address is at ${domain}, the listing's own domain: reviews come from people outside the company.`,
};

/** What keeps the person from reviewing the listing (its row `listing_id`), or undefined when nothing does. */
async function barOf(db: Statements, listingId: number, reviewer: Reviewer): Promise<{ bar?: ReviewBar; domain: string }> {
  const [row] = await db.query<{ domain: string; owner: boolean }>(
    `SELECT l.domain, EXISTS (SELECT 1 FROM listing_owners o WHERE o.listing_id = l.id AND o.account_id = $2::uuid) AS owner
     FROM listings l WHERE l.id = $1`,
    [listingId, reviewer.id],
    { prepare: 'review_bar' },
  );
  const domain = row?.domain ?? '';
  if (!reviewer.emailVerified) return { bar: 'unconfirmed', domain };
  if (row?.owner) return { bar: 'owner', domain };
  if (emailIsAtDomain(reviewer.email, domain)) return { bar: 'domain', domain };
  return { domain };
}

/** The person's standing on a listing's reviews: their own review (if any), and what keeps them from writing one. */
export async function reviewStanding(
  db: Database,
  listingId: number,
  reviewer: Reviewer,
): Promise<{ own: OwnReview | undefined; bar: ReviewBar | undefined; detail: string | undefined }> {
  const [{ bar, domain }, own] = await Promise.all([barOf(db, listingId, reviewer), ownReviewIn(db, listingId, reviewer.id)]);
  return { own, bar, detail: bar && BAR_DETAIL[bar](domain) };
}

/**
 * Writes the person's review of a public listing: the first time it is created, after that it is edited (updated_at
 * set). Answers the review as the person now sees it, and whether it was new.
 */
export async function writeReview(
  db: Database,
  slug: string,
  reviewer: Reviewer,
  input: ReviewInput,
  now: Date,
): Promise<{ review: OwnReview; created: boolean }> {
  const review = checkedReview(input);
  if (!reviewer.emailVerified) throw new ReviewRefusedError('unconfirmed', BAR_DETAIL.unconfirmed(''));
  await countOrRefuse(db, `review:${reviewer.id}`, REVIEW_LIMIT, now, `At most ${REVIEW_LIMIT.limit} review changes an hour.`);
  return db.transaction(async (tx) => {
    const listing = await lockedPublicListing(tx, slug);
    const { bar, domain } = await barOf(tx, listing.id, reviewer);
    if (bar) throw new ReviewRefusedError(bar, BAR_DETAIL[bar](domain));
    const [row] = await tx.query<{ id: number; created: boolean }>(
      `INSERT INTO reviews (listing_id, reviewer_key, account_id, rating, body, created_at)
       VALUES ($1, $2, $3::uuid, $4, $5, $6)
       ON CONFLICT (listing_id, reviewer_key)
         DO UPDATE SET rating = excluded.rating, body = excluded.body, updated_at = excluded.created_at
       RETURNING id, (xmax = 0) AS created`,
      [listing.id, accountKey(reviewer.id), reviewer.id, review.rating, review.body, now.toISOString()],
    );
    if (row.created) await queueNewReviewMail(tx, row.id);
    const own = await ownReviewIn(tx, listing.id, reviewer.id);
    return { review: own!, created: row.created };
  });
}

/** Deletes the person's review of a public listing; answers whether there was one. */
export async function deleteReview(db: Database, slug: string, reviewer: Pick<Reviewer, 'id'>, now: Date): Promise<boolean> {
  await countOrRefuse(db, `review:${reviewer.id}`, REVIEW_LIMIT, now, `At most ${REVIEW_LIMIT.limit} review changes an hour.`);
  return db.transaction(async (tx) => {
    const listing = await lockedPublicListing(tx, slug);
    const deleted = await tx.query('DELETE FROM reviews WHERE listing_id = $1 AND reviewer_key = $2 RETURNING id', [
      listing.id,
      accountKey(reviewer.id),
    ]);
    return deleted.length > 0;
  });
}

/** The columns of a PublicReview over the review `r` and its author `a` (left joined). */
const REVIEW_COLUMNS = `r.id, r.rating::int AS rating, r.body, iso_time(r.created_at) AS created_at, iso_time(r.updated_at) AS updated_at,
  CASE WHEN a.id IS NOT NULL THEN ${publicNameSql('a')} ELSE coalesce(r.reviewer_name, 'A member') END AS reviewer,
  r.genuine AS counted`;

async function ownReviewIn(db: Statements, listingId: number, accountId: string): Promise<OwnReview | undefined> {
  const [row] = await db.query<OwnReview & Record<string, unknown>>(
    `SELECT ${REVIEW_COLUMNS}, r.hidden_at IS NOT NULL AS hidden
     FROM reviews r LEFT JOIN accounts a ON a.id = r.account_id
     WHERE r.listing_id = $1 AND r.reviewer_key = $2`,
    [listingId, accountKey(accountId)],
    { prepare: 'own_review' },
  );
  return row;
}

export type ReviewOrder = 'newest' | 'highest';

const ORDER_BY: Record<ReviewOrder, string> = {
  newest: 'r.created_at DESC, r.id DESC',
  highest: 'r.rating DESC, r.created_at DESC, r.id DESC',
};

/**
 * A page of the public listing's reviews that no moderator hid, newest or highest rated first, and how many there
 * are. Null when no public listing has the slug.
 */
export async function listReviews(
  db: Database,
  slug: string,
  options: { order: ReviewOrder; limit: number; offset: number },
): Promise<{ items: PublicReview[]; total: number } | null> {
  const rows = await db.query<Record<string, unknown> & { total: number; id: number | null }>(
    `WITH subject AS (SELECT id FROM listings WHERE slug = $1 AND status = ANY($2::text[])),
     page AS (
       SELECT ${REVIEW_COLUMNS}, row_number() OVER (ORDER BY ${ORDER_BY[options.order]}) AS position
       FROM reviews r JOIN subject s ON s.id = r.listing_id LEFT JOIN accounts a ON a.id = r.account_id
       WHERE r.hidden_at IS NULL
       ORDER BY ${ORDER_BY[options.order]} LIMIT $3 OFFSET $4
     )
     SELECT (SELECT count(*)::int FROM reviews r JOIN subject s ON s.id = r.listing_id WHERE r.hidden_at IS NULL) AS total, p.*
     FROM subject LEFT JOIN page p ON true
     ORDER BY p.position`,
    [slug, PUBLIC_STATUSES, options.limit, options.offset],
    { prepare: `listing_reviews_${options.order}` },
  );
  if (rows.length === 0) return null;
  const items = rows
    .filter((row) => row.id !== null)
    .map(({ total: _total, position: _position, ...review }) => review as unknown as PublicReview);
  return { items, total: rows[0].total };
}
