import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Listing } from './listing.js';

/** votes: one per listing and person on the site (voterKey identifies an account or a device). */
export const Vote = defineEntity({
  name: 'Vote',
  tableName: 'votes',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    listing: () => p.manyToOne(Listing).ref().deleteRule('cascade').updateRule('no action').foreignKeyName('votes_listing_id_fkey'),
    voterKey: p.text(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
  uniques: [{ name: 'votes_listing_id_voter_key_key', properties: ['listing', 'voterKey'] }],
  indexes: [{ name: 'votes_created_idx', properties: ['createdAt', 'listing'] }],
});
export type Vote = InferEntity<typeof Vote>;
