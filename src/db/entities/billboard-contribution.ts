import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Listing } from './listing.js';

/** billboard_contributions: money paid towards a listing's billboard placement. */
export const BillboardContribution = defineEntity({
  name: 'BillboardContribution',
  tableName: 'billboard_contributions',
  properties: {
    id: p.integer().primary().autoincrement(),
    listing: () =>
      p.manyToOne(Listing).ref().deleteRule('cascade').updateRule('no action').foreignKeyName('billboard_contributions_listing_id_fkey'),
    /** bigint column, mapped to a JS number (exact up to 2^53 cents). */
    amountCents: p.bigint('number').check('amount_cents > 0'),
    orderNumber: p.text().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
  indexes: [{ name: 'billboard_contributions_listing_idx', properties: ['listing'] }],
});
export type BillboardContribution = InferEntity<typeof BillboardContribution>;
