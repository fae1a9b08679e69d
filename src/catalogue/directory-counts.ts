import type { Database } from '../db/database.js';

export interface DirectoryCounts {
  live_listings: number;
  upcoming_listings: number;
  categories: number;
  founders: number;
}

/** How big the public directory is: live and upcoming listings, categories, founders of live listings. */
export async function directoryCounts(db: Database): Promise<DirectoryCounts> {
  const row = await db.one<Record<keyof DirectoryCounts, number>>(`SELECT
    (SELECT count(*)::int FROM listings WHERE status = 'live') AS live_listings,
    (SELECT count(*)::int FROM listings WHERE status = 'scheduled') AS upcoming_listings,
    (SELECT count(*)::int FROM categories) AS categories,
    (SELECT count(DISTINCT lf.founder_id)::int FROM listing_founders lf JOIN listings l ON l.id = lf.listing_id
      WHERE l.status = 'live') AS founders`);
  return row ?? { live_listings: 0, upcoming_listings: 0, categories: 0, founders: 0 };
}
