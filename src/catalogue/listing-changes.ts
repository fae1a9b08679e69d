/**
 * Change notifications of listings: PostgreSQL sends one on the channel below at the commit of every
 * write that changes what a listing's profile shows (triggers of migration 0011), naming the listings'
 * ids. Answers kept in memory are tagged with the listings they show and forgotten when one is named.
 */
import type { ChangeNotifications } from '../caching/change-notifications.js';

export const LISTING_CHANGES_CHANNEL = 'listing_changed';

/** The tag of an answer that shows listing `id`. */
export const listingTag = (id: number) => `listing:${id}`;

/** The ids of the listings a notification names, or 'all' when the change was too large to name each listing. */
export function changedListingIds(payload: string): number[] | 'all' {
  if (payload === '*') return 'all';
  return payload
    .split(',')
    .filter((id) => /^\d+$/.test(id))
    .map(Number);
}

/**
 * Hands a notification of the channel to the kept answers, pages and cards (`changes`, the one subscriber): a catch-up
 * marker is heard as one; a change invalidates what shows the listings it names, or everything. Returns the ids it
 * named (or 'all'), undefined for a marker.
 */
export function hearListingChange(changes: ChangeNotifications, payload: string): number[] | 'all' | undefined {
  if (changes.heardMarker(payload)) return undefined;
  const ids = changedListingIds(payload);
  if (ids === 'all') changes.clear();
  else changes.invalidate(ids.map(listingTag));
  return ids;
}

const VOTE_COUNT = /^=(\d+):(\d+)$/;

/**
 * The new vote count of each listing a notification names, when their rows changed nothing but their counters (a
 * vote, a follow: migration 0031 adds a token `=<id>:<votes>` for each); undefined when anything else may have changed.
 */
export function changedVoteCounts(payload: string): Map<number, number> | undefined {
  const ids = changedListingIds(payload);
  if (ids === 'all' || ids.length === 0) return undefined;
  const votes = new Map<number, number>();
  for (const token of payload.split(',')) {
    const count = VOTE_COUNT.exec(token);
    if (count) votes.set(Number(count[1]), Number(count[2]));
  }
  return ids.every((id) => votes.has(id)) ? votes : undefined;
}
