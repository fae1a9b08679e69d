import type { Statements } from '../db/database.js';

/**
 * Sets the denormalised listings.votes_count, views_count and follows_count from the raw tables
 * (votes the vote check has not held out, the unique visitors of listing_views, follows). With `listingIds`, only those listings are recomputed.
 * Rows whose counters are already right are not written. Returns the number of listings changed.
 */
export async function refreshListingCounters(db: Statements, listingIds?: readonly number[]): Promise<number> {
  const only = listingIds !== undefined;
  const filter = (column: string) => (only ? `WHERE ${column} = ANY($1::int[])` : '');
  const rows = await db.query<{ changed: number }>(
    `WITH v AS (SELECT listing_id, count(*) FILTER (WHERE counted)::int AS n FROM votes ${filter('listing_id')} GROUP BY listing_id),
          w AS (SELECT listing_id, coalesce(sum(visitors), 0)::int AS n FROM listing_views ${filter('listing_id')} GROUP BY listing_id),
          f AS (SELECT listing_id, count(*)::int AS n FROM follows ${filter('listing_id')} GROUP BY listing_id),
          c AS (SELECT l.id, coalesce(v.n, 0) AS votes, coalesce(w.n, 0) AS views, coalesce(f.n, 0) AS follows
                FROM listings l
                LEFT JOIN v ON v.listing_id = l.id
                LEFT JOIN w ON w.listing_id = l.id
                LEFT JOIN f ON f.listing_id = l.id
                ${filter('l.id')}),
          u AS (UPDATE listings l SET votes_count = c.votes, views_count = c.views, follows_count = c.follows
                FROM c
                WHERE l.id = c.id AND (l.votes_count, l.views_count, l.follows_count) IS DISTINCT FROM (c.votes, c.views, c.follows)
                RETURNING 1)
     SELECT count(*)::int AS changed FROM u`,
    only ? [listingIds] : [],
  );
  return rows[0]?.changed ?? 0;
}
