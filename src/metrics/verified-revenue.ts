import type { Database } from '../db/database.js';
import { Listing } from '../db/entities/listing.js';
import { VerifiedRevenue } from '../db/entities/verified-revenue.js';

export const MAX_REVENUE_SOURCE_LENGTH = 100;

/**
 * Records a listing's monthly recurring revenue as verified by the site team, from `source` (e.g. "Stripe
 * read-only key") as of `verifiedAt`. The revenue board shows each live listing's latest verified figure with
 * its source and date; earlier figures stay as its history. Answers the listing's name, or undefined when
 * no listing has the slug.
 */
export async function recordVerifiedRevenue(
  db: Database,
  figure: { slug: string; mrrCents: number; source: string; verifiedAt: Date },
): Promise<{ name: string; status: string } | undefined> {
  return db.transaction(async ({ em }) => {
    const listing = await em.findOne(Listing, { slug: figure.slug });
    if (!listing) return undefined;
    em.create(VerifiedRevenue, { listing, mrrCents: figure.mrrCents, source: figure.source, verifiedAt: figure.verifiedAt });
    return { name: listing.name, status: listing.status };
  });
}
