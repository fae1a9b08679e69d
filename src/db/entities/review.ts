import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Listing } from './listing.js';

/** reviews: one per listing and reviewer; only `genuine` ones count towards the community rating. */
export const Review = defineEntity({
  name: 'Review',
  tableName: 'reviews',
  properties: {
    id: p.integer().primary().autoincrement(),
    listing: () => p.manyToOne(Listing).ref().deleteRule('cascade').updateRule('no action').foreignKeyName('reviews_listing_id_fkey'),
    reviewerKey: p.text(),
    /** 1 to 5 */
    rating: p.smallint().check('rating >= 1 AND rating <= 5'),
    body: p.text().default(''),
    genuine: p.boolean().default(true),
    createdAt: p.datetime().defaultRaw('now()'),
  },
  uniques: [{ name: 'reviews_listing_id_reviewer_key_key', properties: ['listing', 'reviewerKey'] }],
});
export type Review = InferEntity<typeof Review>;
