/**
 * Votes come only from people on the site: a signed-in person with a confirmed e-mail address, one vote per
 * listing (voter_key `account:<id>`), which they can take back; never for a listing they own; only for live
 * listings. Each vote moves the listing's count in the same transaction, in the statement that adds or removes it
 * (an atomic increment under the listing's row lock), and the weekly board (votes cast in the launch week) at once.
 * A vote keeps the signals the vote check reads: the account and the keyed hash of the voter's network
 * (src/community/network.ts); votes are limited per person and per network, counted in the vote's transaction: a
 * vote refused (429, 404, 409) counts against neither limit, and concurrent votes from one network wait for each
 * other's count. Until the vote check has looked at them, a network's votes count at most up to its limit; the rest are
 * recorded and held out of the counts until the check clears or flags them (unchecked-votes.ts).
 */
import type { Database, Statements } from '../db/database.js';
import { InvalidStateError, NotFoundError, ProblemError } from '../errors.js';
import { PUBLIC_STATUSES } from '../catalogue/listing-summary.js';
import type { RatePolicy } from '../rate-limit/counter.js';
import { countAllOrRefuse, type CountedUse } from '../rate-limit/count-or-refuse.js';
import type { SiteSettings } from '../catalogue/site-settings.js';
import { networkKeyOf } from './network.js';
import { accountKey } from './account-key.js';
import { countsAtOnceSql } from './unchecked-votes.js';

/** Votes and take-backs per person: generous for a person, a wall for a script. */
const VOTE_LIMIT: RatePolicy = { name: 'site_votes', limit: 30, windowSeconds: 600 };

export interface Voter {
  id: string;
  emailVerified: boolean;
}

/** A person the rules do not let vote (unconfirmed address): 403, saying what to do. */
class VoteRefusedError extends ProblemError {
  constructor(detail: string) {
    super({ status: 403, code: 'vote_refused', title: 'This vote is not allowed', detail });
  }
}

/** A person's votes are keyed by their account. */

export interface VoteState {
  slug: string;
  votes: number;
  voted: boolean;
}

/** What a vote or take-back reads before it writes, unlocked: the public listing and the person's standing on it. */
type VoteTarget = {
  id: number;
  name: string;
  status: string;
  launch_week: string | null;
  votes_count: number;
  owner: boolean;
  voted: boolean;
};

async function voteTarget(tx: Statements, slug: string, accountId: string): Promise<VoteTarget> {
  const [listing] = await tx.query<VoteTarget>(
    `SELECT l.id, l.name, l.status, l.launch_week::text AS launch_week, l.votes_count,
            EXISTS (SELECT 1 FROM listing_owners o WHERE o.listing_id = l.id AND o.account_id = $2::uuid) AS owner,
            EXISTS (SELECT 1 FROM votes v WHERE v.listing_id = l.id AND v.voter_key = $3) AS voted
     FROM listings l WHERE l.slug = $1 AND l.status = ANY($4::text[])`,
    [slug, accountId, accountKey(accountId), PUBLIC_STATUSES],
  );
  if (!listing) throw new NotFoundError('listing', slug);
  return listing;
}

/**
 * Casts the person's vote for a live listing from `address` (the client's); voting twice leaves one vote.
 * The listing's row is locked only by the statement that adds the vote and moves its count, the last before the
 * commit: a launch's votes and follows wait for each other's commit, not for each other's reads.
 */
export async function castVote(
  db: Database,
  slug: string,
  voter: Voter,
  now: Date,
  address: string,
  settings: Pick<SiteSettings, 'network_limits'>,
): Promise<VoteState> {
  if (!voter.emailVerified)
    throw new VoteRefusedError('Confirm your e-mail address first: votes come from people with a confirmed address.');
  const network = await networkKeyOf(db, address);
  return db.transaction(async (tx) => {
    // Counted in the vote's own transaction (one connection of the pool for both): what it refuses counts nothing.
    await countAllOrRefuse(tx, [personalLimit(voter), networkLimit(network, settings)], now);
    const listing = await voteTarget(tx, slug, voter.id);
    if (listing.status !== 'live')
      throw new InvalidStateError(`${listing.name} launches in the week of ${listing.launch_week}: votes open when it is live.`);
    if (listing.owner) throw new InvalidStateError('You own this listing: votes come from other people.');
    if (listing.voted) return { slug, votes: listing.votes_count, voted: true };
    // A vote of the same person's in another request meanwhile: theirs is kept, this one adds nothing. A flag the
    // person's earlier vote for the listing left (vote_flags) moves onto the new one: it starts held out, uncounted.
    // An unflagged vote starts unchecked, and counts at once only within its network's limit (unchecked-votes.ts).
    const [cast] = await tx.query<{ votes_count: number }>(
      `WITH kept_flag AS (DELETE FROM vote_flags WHERE listing_id = $1 AND account_id = $4::uuid
                          RETURNING status, rules, evidence, flagged_at),
            cast_vote AS (
         INSERT INTO votes (listing_id, voter_key, created_at, account_id, network, flag_status, counted, unchecked, flag_rules, flag_evidence, flagged_at)
         SELECT $1, $2, $3, $4::uuid, $5, f.status, f.status IS NULL AND ${countsAtOnceSql('$5', '$6::int')}, f.status IS NULL,
                coalesce(f.rules, '{}'), f.evidence, f.flagged_at
         FROM (SELECT 1) one LEFT JOIN kept_flag f ON true
         ON CONFLICT (listing_id, voter_key) DO NOTHING RETURNING listing_id, counted)
       UPDATE listings SET votes_count = votes_count + CASE WHEN (SELECT counted FROM cast_vote) THEN 1 ELSE 0 END, updated_at = $3
       WHERE id = (SELECT listing_id FROM cast_vote) RETURNING votes_count`,
      [listing.id, accountKey(voter.id), now, voter.id, network, settings.network_limits.votes_per_10_minutes],
    );
    return { slug, votes: cast?.votes_count ?? listing.votes_count, voted: true };
  });
}

const personalLimit = (voter: Voter): CountedUse => ({
  key: `vote:${voter.id}`,
  policy: VOTE_LIMIT,
  detail: `At most ${VOTE_LIMIT.limit} votes and take-backs in 10 minutes.`,
});

/** Votes from one network (site setting network_limits.votes_per_10_minutes): a ring on one connection meets it. */
function networkLimit(network: string, settings: Pick<SiteSettings, 'network_limits'>): CountedUse {
  const limit = settings.network_limits.votes_per_10_minutes;
  return {
    key: `vote-net:${network}`,
    policy: { name: 'site_votes_per_network', limit, windowSeconds: VOTE_LIMIT.windowSeconds },
    detail: `At most ${limit} votes in 10 minutes from one network: try again later.`,
  };
}

/**
 * Takes the person's vote back; without one, nothing changes. Only a counted vote leaves the listing's count (one the
 * vote check holds out was never in it); a flagged one no longer holds the person's reviews out of the rating, but its
 * flag stays (vote_flags) for the person's next vote for the listing, which starts held out until a moderator decides.
 */
export async function withdrawVote(db: Database, slug: string, voter: Voter, now: Date): Promise<VoteState> {
  return db.transaction(async (tx) => {
    await countAllOrRefuse(tx, [personalLimit(voter)], now);
    const listing = await voteTarget(tx, slug, voter.id);
    if (!listing.voted) return { slug, votes: listing.votes_count, voted: false };
    const [taken] = await tx.query<{ votes_count: number | null }>(
      `WITH taken AS (DELETE FROM votes WHERE listing_id = $1 AND voter_key = $2
                      RETURNING counted, flag_status, flag_rules, flag_evidence, flagged_at),
            kept_flag AS (INSERT INTO vote_flags (listing_id, account_id, status, rules, evidence, flagged_at)
                          SELECT $1, $4::uuid, flag_status, flag_rules, flag_evidence, flagged_at FROM taken
                          WHERE flag_status IN ('flagged', 'confirmed')
                          ON CONFLICT (listing_id, account_id) DO UPDATE SET status = EXCLUDED.status, rules = EXCLUDED.rules,
                            evidence = EXCLUDED.evidence, flagged_at = EXCLUDED.flagged_at),
            moved AS (UPDATE listings SET votes_count = greatest(0, votes_count - 1), updated_at = $3
                      WHERE id = $1 AND EXISTS (SELECT 1 FROM taken WHERE counted) RETURNING votes_count)
       SELECT (SELECT votes_count FROM moved) AS votes_count`,
      [listing.id, accountKey(voter.id), now, voter.id],
    );
    return { slug, votes: taken?.votes_count ?? listing.votes_count, voted: false };
  });
}

/** Which of the listings the person has voted for (the vote buttons of a list's rows). */
export async function votedAmong(db: Database, listingIds: number[], accountId: string): Promise<Set<number>> {
  if (!listingIds.length) return new Set();
  const rows = await db.query<{ listing_id: number }>('SELECT listing_id FROM votes WHERE voter_key = $1 AND listing_id = ANY($2::int[])', [
    accountKey(accountId),
    listingIds,
  ]);
  return new Set(rows.map((r) => Number(r.listing_id)));
}
