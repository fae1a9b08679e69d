import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Database } from '../db/database.js';
import type { JsonValue } from '../db/entities/json-types.js';
import { ListingVersion, type FieldChange } from '../db/entities/owner-listing.js';

/** Who changed a listing: an owner's account, or the service itself (a job: null). */
export interface Change {
  listingId: number;
  accountId: string | null;
  operation: string;
  changes: Record<string, FieldChange>;
  at: Date;
}

/** Records one version of a listing in the caller's transaction; nothing when nothing changed. */
export function recordVersion(em: SqlEntityManager, change: Change): void {
  if (Object.keys(change.changes).length === 0) return;
  em.create(ListingVersion, {
    listing: change.listingId,
    account: change.accountId,
    operation: change.operation,
    changes: change.changes,
    createdAt: change.at,
  });
}

/** Adds `field` to `changes` when before and after differ (compared as JSON). */
export function noteChange(changes: Record<string, FieldChange>, field: string, before: JsonValue, after: JsonValue): boolean {
  if (JSON.stringify(before) === JSON.stringify(after)) return false;
  changes[field] = { before, after };
  return true;
}

export interface VersionEntry {
  at: string;
  by: string | null;
  operation: string;
  changes: Record<string, FieldChange>;
}

/** A listing's versions, newest first (for the site team: npm run admin -- listing-history <slug>). */
export async function listingHistory(db: Database, slug: string, limit = 100): Promise<VersionEntry[] | undefined> {
  const listing = await db.one<{ id: number }>('SELECT id FROM listings WHERE slug = $1', [slug]);
  if (!listing) return undefined;
  return db.query<VersionEntry & Record<string, unknown>>(
    `SELECT iso_time(v.created_at) AS at, a.email AS by, v.operation, v.changes
     FROM listing_versions v LEFT JOIN accounts a ON a.id = v.account_id
     WHERE v.listing_id = $1 ORDER BY v.created_at DESC, v.id DESC LIMIT $2`,
    [listing.id, limit],
  );
}
