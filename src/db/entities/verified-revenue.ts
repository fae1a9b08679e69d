import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Listing } from './listing.js';

/** verified_revenues: monthly recurring revenue verified from a payment source. */
export const VerifiedRevenue = defineEntity({
  name: 'VerifiedRevenue',
  tableName: 'verified_revenues',
  properties: {
    id: p.integer().primary().autoincrement(),
    listing: () =>
      p.manyToOne(Listing).ref().deleteRule('cascade').updateRule('no action').foreignKeyName('verified_revenues_listing_id_fkey'),
    /** bigint column, mapped to a JS number (exact up to 2^53 cents). */
    mrrCents: p.bigint('number').check('mrr_cents >= 0'),
    source: p.text(),
    verifiedAt: p.datetime(),
  },
  indexes: [
    {
      name: 'verified_revenues_listing_idx',
      expression: 'CREATE INDEX verified_revenues_listing_idx ON verified_revenues(listing_id, verified_at DESC)',
    },
  ],
});
export type VerifiedRevenue = InferEntity<typeof VerifiedRevenue>;
