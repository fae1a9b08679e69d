import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Listing } from './listing.js';

/** follows: e-mail addresses following a listing. */
export const Follow = defineEntity({
  name: 'Follow',
  tableName: 'follows',
  properties: {
    listing: () =>
      p.manyToOne(Listing).ref().primary().deleteRule('cascade').updateRule('no action').foreignKeyName('follows_listing_id_fkey'),
    followerEmail: p.text().primary(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
  primaryKeys: ['listing', 'followerEmail'],
});
export type Follow = InferEntity<typeof Follow>;
