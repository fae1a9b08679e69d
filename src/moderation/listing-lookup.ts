/** Finding listings for the moderators: by name or slug, in any status (hidden ones too), or only the featured. */
import type { Database } from '../db/database.js';
import type { ListingStatus } from '../db/entities/listing.js';
import { offsetOf } from '../schema.js';

export interface ModerationRow {
  [key: string]: unknown;
  slug: string;
  name: string;
  status: ListingStatus;
  hidden_reason: string | null;
  hidden_at: string | null;
  featured_at: string | null;
  launch_week: string | null;
}

export interface ModerationQuery {
  /** Part of the name or slug (case-insensitive). */
  text?: string;
  status?: ListingStatus;
  featured?: boolean;
}

const COLUMNS = `slug, name, status, hidden_reason, iso_time(hidden_at) AS hidden_at, iso_time(featured_at) AS featured_at,
  launch_week::text AS launch_week`;

/** Listings matching the query: an exact slug first, then by name; hidden ones most recently hidden first. */
export async function findListingsToModerate(
  db: Database,
  query: ModerationQuery,
  paging: { page: number; per_page: number },
): Promise<{ items: ModerationRow[]; total: number }> {
  const text = query.text?.trim().toLowerCase() || null;
  const pattern = text ? `%${text.replace(/[\\%_]/g, '\\$&')}%` : null;
  const params = [pattern, query.status ?? null, query.featured ?? false];
  const where = `($1::text IS NULL OR lower(name) LIKE $1 OR slug LIKE $1) AND ($2::text IS NULL OR status = $2)
    AND (NOT $3::boolean OR featured_at IS NOT NULL)`;
  const [counted, items] = await Promise.all([
    db.one<{ total: number }>(`SELECT count(*)::int AS total FROM listings WHERE ${where}`, params),
    db.query<ModerationRow>(
      `SELECT ${COLUMNS} FROM listings WHERE ${where}
       ORDER BY slug = $4 DESC, hidden_at DESC NULLS LAST, featured_at DESC NULLS LAST, lower(name), id LIMIT $5 OFFSET $6`,
      [...params, text ?? '', paging.per_page, offsetOf(paging)],
    ),
  ]);
  return { items, total: counted?.total ?? 0 };
}

/** One listing by slug, in any status. */
export async function listingToModerate(db: Database, slug: string): Promise<ModerationRow | undefined> {
  return db.one<ModerationRow>(`SELECT ${COLUMNS} FROM listings WHERE slug = $1`, [slug]);
}
