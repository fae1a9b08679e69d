import type { Database } from '../db/database.js';
import type { ListingPlan } from '../db/entities/listing.js';

export interface BadgeListing {
  slug: string;
  name: string;
  status: 'awaiting_badge' | 'scheduled' | 'live';
  plan: ListingPlan;
  url: string;
  votes: number;
}

/**
 * The listing a badge is for: a published one (scheduled or live), or a free listing waiting for its badge
 * (awaiting_badge), which needs one before it can go live. Unpublished drafts and hidden listings have none.
 */
export function findBadgeListing(db: Database, slug: string): Promise<BadgeListing | undefined> {
  return db.one<BadgeListing & Record<string, unknown>>(
    `SELECT slug, name, status, plan, url, votes_count AS votes FROM listings WHERE slug = $1 AND status IN ('awaiting_badge', 'scheduled', 'live')`,
    [slug],
  );
}
