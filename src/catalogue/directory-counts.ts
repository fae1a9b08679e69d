import { z } from 'zod';
import type { Database } from '../db/database.js';

/** How big the directory is, as get_site_info answers it (the published schema and the type in one). */
export const directoryCountsSchema = z.object({
  live_listings: z.number().int(),
  upcoming_listings: z.number().int(),
  categories: z.number().int(),
  founders: z.number().int(),
});
export type DirectoryCounts = z.infer<typeof directoryCountsSchema>;

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
