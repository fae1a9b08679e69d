import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Listing } from './listing.js';

/**
 * listing_profiles (migration 0011): the gathered sub-records of each listing's public profile (categories,
 * founders, FAQs, updates, ratings, story, milestones, media) as one JSON value, rewritten in the writing
 * transaction by triggers on those tables; get_listing reads it (src/catalogue/listing-profile.ts). Never
 * written by the application.
 */
export const ListingProfileParts = defineEntity({
  name: 'ListingProfileParts',
  tableName: 'listing_profiles',
  properties: {
    listing: () =>
      p
        .oneToOne(Listing)
        .owner()
        .ref()
        .primary()
        .fieldName('listing_id')
        .deleteRule('cascade')
        .updateRule('cascade')
        .foreignKeyName('listing_profiles_listing_id_fkey'),
    doc: p.type('json').columnType('json').lazy(),
  },
});
export type ListingProfileParts = InferEntity<typeof ListingProfileParts>;
