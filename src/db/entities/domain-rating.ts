import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { CalendarDateType } from './calendar-date.js';
import { Listing } from './listing.js';

/** domain_ratings: a listing's Domain Rating (0 to 100) as measured on a day. */
export const DomainRating = defineEntity({
  name: 'DomainRating',
  tableName: 'domain_ratings',
  properties: {
    listing: () =>
      p.manyToOne(Listing).ref().primary().deleteRule('cascade').updateRule('no action').foreignKeyName('domain_ratings_listing_id_fkey'),
    /** YYYY-MM-DD */
    measuredOn: p.type(CalendarDateType).primary(),
    rating: p.smallint().check('rating >= 0 AND rating <= 100'),
  },
  primaryKeys: ['listing', 'measuredOn'],
  indexes: [
    {
      name: 'domain_ratings_day_idx',
      expression: 'CREATE INDEX domain_ratings_day_idx ON domain_ratings(measured_on, rating DESC)',
    },
  ],
});
export type DomainRating = InferEntity<typeof DomainRating>;
