/**
 * Votes the vote check has not looked at yet (issue 52, item 2): until the check has run over them, the votes from one
 * network count on the public counts and boards (listings.votes_count, the weekly and all-time boards, trending, the
 * awards) at most up to the network limit, the site setting network_limits.votes_per_10_minutes. The limit refuses more
 * than that in ten minutes; this bounds what a network's votes add between two runs of the daily check, however many
 * ten-minute windows a ring spreads its votes over.
 *
 * A vote cast on the site starts `unchecked`. It counts at once while its network's unchecked counted votes (on any
 * listing) are fewer than the limit; beyond it the vote is recorded all the same (the voter sees "Voted" and can take
 * it back) but held out of every count: `counted` false, no flag. The check's run (vote-check.ts) first flags what its
 * rules find, held votes included (a flagged held vote stays out, as any flagged vote), then releases the held votes it
 * left unflagged into the counts (releaseCheckedVotes) and marks every vote it has run over checked. From then on the
 * network's next votes count again up to the limit until the following run. Votes not cast on the site (the demo's)
 * start checked.
 */
import type { Statements } from '../db/database.js';
import { deltasOf, lockListings, moveVoteCounts } from './vote-counts.js';

/**
 * SQL: whether a new unflagged vote from `network` counts at once, given the network limit `limit` (SQL expressions,
 * such as parameters). Read in the vote's statement, after its per-network limit was counted in the same transaction:
 * concurrent votes from one network wait for each other there, so each sees the others' votes.
 */
export const countsAtOnceSql = (network: string, limit: string) =>
  `(SELECT count(*) FROM votes u WHERE u.unchecked AND u.counted AND u.network = ${network}) < ${limit}`;

/** The held votes: unchecked, unflagged and not counted. */
const HELD = 'unchecked AND NOT counted AND flag_status IS NULL';

/**
 * The check's last step, in its transaction, once its flags are applied: the held votes cast up to `now` that it left
 * unflagged count (their listings' votes_count moves under the listings' locks), and every vote it has run over is
 * checked. A vote held meanwhile by a vote committed after this run read the held ones waits, held, for the next run.
 * Answers how many held votes now count.
 */
export async function releaseCheckedVotes(tx: Statements, now: Date): Promise<number> {
  const at = now.toISOString();
  const held = await tx.query<{ id: number; listing_id: number }>(
    `SELECT id::int AS id, listing_id FROM votes WHERE ${HELD} AND created_at <= $1::timestamptz`,
    [at],
  );
  await lockListings(
    tx,
    held.map((vote) => vote.listing_id),
  );
  const released = await tx.query<{ listing_id: number }>(
    `UPDATE votes SET counted = true, unchecked = false WHERE id = ANY($1::bigint[]) AND ${HELD} RETURNING listing_id`,
    [held.map((vote) => vote.id)],
  );
  await moveVoteCounts(
    tx,
    deltasOf(
      released.map((vote) => vote.listing_id),
      1,
    ),
  );
  await tx.query(
    'UPDATE votes SET unchecked = false WHERE unchecked AND created_at <= $1::timestamptz AND (counted OR flag_status IS NOT NULL)',
    [at],
  );
  return released.length;
}
