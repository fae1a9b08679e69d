/**
 * Votes come only from people on the site: a signed-in person with a confirmed e-mail address, one vote per
 * listing (voter_key `account:<id>`), which they can take back; never for a listing they own; only for live
 * listings. Each vote moves the listing's count in the same transaction, under the listing's row lock, and the
 * weekly board (votes cast in the launch week) at once. A vote keeps the signals the vote check reads: the account
 * and the keyed hash of the voter's network (src/community/network.ts); votes are limited per person and per network,
 * counted in the vote's transaction: a vote refused (429, 404, 409) counts against neither limit, and concurrent votes
 * from one network wait for each other's count.
 */
import type { Database } from '../db/database.js';
import { Vote } from '../db/entities/vote.js';
import { InvalidStateError, ProblemError } from '../errors.js';
import { lockedPublicListing } from './public-listing.js';
import type { RatePolicy } from '../rate-limit/counter.js';
import { countAllOrRefuse, type CountedUse } from '../rate-limit/count-or-refuse.js';
import type { SiteSettings } from '../catalogue/site-settings.js';
import { networkKeyOf } from './network.js';
import { refreshReviewGenuineness } from './review-genuineness.js';

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
export const voterKey = (accountId: string) => `account:${accountId}`;

export interface VoteState {
  slug: string;
  votes: number;
  voted: boolean;
}

/** Casts the person's vote for a live listing from `address` (the client's); voting twice leaves one vote. */
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
    const listing = await lockedPublicListing(tx, slug);
    if (listing.status !== 'live')
      throw new InvalidStateError(`${listing.name} launches in the week of ${listing.launchWeek}: votes open when it is live.`);
    const [standing] = await tx.query<{ owner: boolean; voted: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM listing_owners WHERE listing_id = $1 AND account_id = $2::uuid) AS owner,
              EXISTS (SELECT 1 FROM votes WHERE listing_id = $1 AND voter_key = $3) AS voted`,
      [listing.id, voter.id, voterKey(voter.id)],
    );
    if (standing?.owner) throw new InvalidStateError('You own this listing: votes come from other people.');
    if (!standing?.voted) {
      tx.em.create(Vote, { listing: listing.id, voterKey: voterKey(voter.id), createdAt: now, account: voter.id, network });
      listing.votesCount += 1;
    }
    return { slug, votes: listing.votesCount, voted: true };
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
 * vote check holds out was never in it); a flagged one no longer holds the person's reviews out of the rating.
 */
export async function withdrawVote(db: Database, slug: string, voter: Voter, now: Date): Promise<VoteState> {
  return db.transaction(async (tx) => {
    await countAllOrRefuse(tx, [personalLimit(voter)], now);
    const listing = await lockedPublicListing(tx, slug);
    const vote = await tx.em.findOne(Vote, { listing: listing.id, voterKey: voterKey(voter.id) });
    if (vote) {
      tx.em.remove(vote);
      if (vote.counted) listing.votesCount = Math.max(0, listing.votesCount - 1);
      if (vote.flagStatus === 'flagged' || vote.flagStatus === 'confirmed') {
        await tx.em.flush();
        await refreshReviewGenuineness(tx, { accountId: voter.id });
      }
    }
    return { slug, votes: listing.votesCount, voted: false };
  });
}

/** Which of the listings the person has voted for (the vote buttons of a list's rows). */
export async function votedAmong(db: Database, listingIds: number[], accountId: string): Promise<Set<number>> {
  if (!listingIds.length) return new Set();
  const rows = await db.query<{ listing_id: number }>('SELECT listing_id FROM votes WHERE voter_key = $1 AND listing_id = ANY($2::int[])', [
    voterKey(accountId),
    listingIds,
  ]);
  return new Set(rows.map((r) => Number(r.listing_id)));
}
