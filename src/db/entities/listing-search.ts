import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { FullTextType } from '@mikro-orm/sql';
import { CalendarDateType } from './calendar-date.js';
import { Listing } from './listing.js';

/**
 * listing_search (migration 0002): a narrow copy of each listing's filter and sort columns, name and
 * search_vector, kept in step with listings by the triggers listing_search_insert_trg and
 * listing_search_update_trg; text search reads it (src/catalogue/search.ts). Never written by the application.
 */
export const ListingSearch = defineEntity({
  name: 'ListingSearch',
  tableName: 'listing_search',
  properties: {
    listing: () =>
      p
        .oneToOne(Listing)
        .owner()
        .ref()
        .primary()
        .fieldName('id')
        .deleteRule('cascade')
        .updateRule('cascade')
        .foreignKeyName('listing_search_id_fkey'),
    votesCount: p.integer(),
    viewsCount: p.integer(),
    followsCount: p.integer(),
    launchWeek: p.type(CalendarDateType).nullable(),
    launchedAt: p.datetime().nullable(),
    status: p.text(),
    stage: p.text().nullable(),
    country: p.character().length(2).nullable(),
    pricingModel: p.text().nullable(),
    domain: p.text(),
    name: p.text(),
    searchVector: p.type(FullTextType).lazy().hidden(),
    ratingAverage: p.decimal('number').precision(2).scale(1).nullable(),
    ratingCount: p.integer().default(0),
  },
  indexes: [
    { name: 'listing_search_vector_idx', properties: ['searchVector'], type: 'gin' },
    {
      name: 'listing_search_votes_idx',
      expression: 'CREATE INDEX listing_search_votes_idx ON listing_search (status, votes_count DESC, id)',
    },
  ],
});
export type ListingSearch = InferEntity<typeof ListingSearch>;
