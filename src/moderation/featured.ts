/** What the home page shows of the site team's decisions: the featured listings, and which kept listings are still live. */
import type { Database } from '../db/database.js';
import type { ListingSummary } from '../schema.js';
import { SUMMARY_COLUMNS, SUMMARY_FROM, type SummaryRow, toSummary } from '../catalogue/listing-summary.js';

/** The home page shows at most this many featured listings. */
const FEATURED_ON_HOME = 4;

/** Featured live listings, most recently featured first. */
export async function featuredListings(db: Database, publicUrl: string, limit = FEATURED_ON_HOME): Promise<ListingSummary[]> {
  const rows = await db.query<SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM ${SUMMARY_FROM}
     WHERE l.featured_at IS NOT NULL AND l.status = 'live' ORDER BY l.featured_at DESC, l.id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((row) => toSummary(row, publicUrl));
}

/**
 * Of the listings `ids`, those that are live now: a list kept in memory for a while (the home page's trending)
 * shows no listing hidden since it was read, on any instance.
 */
export async function liveNow(db: Database, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.query<{ id: number }>(`SELECT id FROM listings WHERE id = ANY($1::int[]) AND status = 'live'`, [ids]);
  return new Set(rows.map((row) => row.id));
}
