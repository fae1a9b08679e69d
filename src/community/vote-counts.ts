/**
 * How the denormalised listings.votes_count moves when votes leave or join the count outside a vote's own statement
 * (the vote check, a moderator's decision, the release of votes held until checked): under the listings' row locks,
 * taken in id order as a vote's count update takes one, so these and a vote never wait on each other in a circle.
 */
import type { Statements } from '../db/database.js';

/** Locks the listings' rows in id order (as a vote's count update locks one): the check and a vote never wait on each other in a circle. */
export async function lockListings(tx: Statements, listingIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(listingIds)].sort((a, b) => a - b);
  if (ids.length > 0) await tx.query('SELECT id FROM listings WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE', [ids]);
}

/** Moves each listing's votes_count by its delta (never below zero). */
export async function moveVoteCounts(tx: Statements, deltas: Map<number, number>): Promise<void> {
  if (deltas.size === 0) return;
  await tx.query(
    `UPDATE listings l SET votes_count = greatest(0, l.votes_count + d.n) FROM unnest($1::int[], $2::int[]) AS d(id, n) WHERE l.id = d.id`,
    [[...deltas.keys()], [...deltas.values()]],
  );
}

/** One delta per listing: `by` for each of the listings named (a listing named twice moves twice). */
export function deltasOf(listingIds: Iterable<number>, by: number): Map<number, number> {
  const deltas = new Map<number, number>();
  for (const id of listingIds) deltas.set(id, (deltas.get(id) ?? 0) + by);
  return deltas;
}
