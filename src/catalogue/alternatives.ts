/** Alternatives to a listing: those its owner approved first, then the other live listings of its primary category. */
import type { Database } from '../db/database.js';
import { SUMMARY_COLUMNS, SUMMARY_FROM, type SummaryRow } from './listing-summary.js';
import { PUBLIC_STATUSES } from './listing-summary.js';

export interface AlternativeRow extends SummaryRow {
  approved: boolean;
}

/**
 * A page of the live alternatives to the public listing with `slug`: owner-approved ones first, then the rest of
 * its primary category, each group most voted first; every listing once, never the listing itself.
 * Null when no public listing has the slug. `count: false` skips counting them all (`total` is then the page's size).
 */
export async function listAlternatives(
  db: Database,
  slug: string,
  page: { limit: number; offset: number; count?: boolean },
): Promise<{ rows: AlternativeRow[]; total: number } | null> {
  const counted = page.count !== false;
  // A first page (the listing page's, most read) is a statement of its own per size, its paging written in: PostgreSQL
  // then plans it once per connection. With the paging as parameters it planned every call, at twice what it ran.
  const first = page.offset === 0 && Number.isSafeInteger(page.limit);
  const [limit, offset, count] = first ? [String(page.limit), '0', String(counted)] : ['$3::int', '$4::int', '$5::boolean'];
  const rows = await db.query<AlternativeRow & { total: number }>(
    `WITH subject AS (
       SELECT id, primary_category_id FROM listings WHERE slug = $1 AND status = ANY($2::text[])
     ),
     approved AS (
       SELECT a.alternative_id AS id FROM alternatives a JOIN subject s ON s.id = a.listing_id WHERE a.approved
     ),
     approved_live AS (
       SELECT l.id, true AS approved, l.votes_count
       FROM listings l JOIN approved a ON a.id = l.id CROSS JOIN subject s
       WHERE l.status = 'live' AND l.id <> s.id
     ),
     -- The rest of the primary category, most voted first: read in index order only as far as the page reaches;
     -- the count (when asked for) reads them all.
     same_category AS NOT MATERIALIZED (
       SELECT l.id, false AS approved, l.votes_count
       FROM listings l CROSS JOIN subject s
       WHERE l.primary_category_id = s.primary_category_id AND l.status = 'live' AND l.id <> s.id
         AND l.id NOT IN (SELECT id FROM approved)
     ),
     page AS (
       SELECT id, approved FROM (
         SELECT * FROM approved_live
         UNION ALL
         (SELECT * FROM same_category ORDER BY votes_count DESC, id LIMIT ${limit} + ${offset})
       ) c
       ORDER BY approved DESC, votes_count DESC, id LIMIT ${limit} OFFSET ${offset}
     )
     SELECT t.total, p.*
     FROM subject
     CROSS JOIN (SELECT CASE WHEN ${count} THEN (SELECT (SELECT count(*) FROM approved_live) + (SELECT count(*) FROM same_category))::int ELSE -1 END AS total) t
     LEFT JOIN (SELECT ${SUMMARY_COLUMNS}, page.approved FROM ${SUMMARY_FROM} JOIN page ON page.id = l.id) p ON true
     ORDER BY p.approved DESC, p.votes DESC, p.id`,
    first ? [slug, PUBLIC_STATUSES] : [slug, PUBLIC_STATUSES, page.limit, page.offset, counted],
    { prepare: first ? `listing_alternatives_first_${page.limit}_${counted}` : undefined },
  );
  if (rows.length === 0) return null;
  const found = rows.filter((row) => row.id !== null);
  return { rows: found, total: rows[0].total < 0 ? found.length : rows[0].total };
}
