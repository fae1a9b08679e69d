/**
 * Change notifications of listings: PostgreSQL sends one on the channel below at the commit of every
 * write that changes what a listing's profile shows (triggers of migration 0011), naming the listings'
 * ids. Answers kept in memory are tagged with the listings they show and forgotten when one is named.
 */
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
