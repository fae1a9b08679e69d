import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { CalendarDateType } from './calendar-date.js';
import { Listing } from './listing.js';

/** listing_views: page views of a listing per day. */
export const ListingView = defineEntity({
  name: 'ListingView',
  tableName: 'listing_views',
  properties: {
    listing: () =>
      p.manyToOne(Listing).ref().primary().deleteRule('cascade').updateRule('no action').foreignKeyName('listing_views_listing_id_fkey'),
    /** YYYY-MM-DD */
    day: p.type(CalendarDateType).primary(),
    views: p.integer().default(0),
  },
  primaryKeys: ['listing', 'day'],
});
export type ListingView = InferEntity<typeof ListingView>;

/** listing_visitors: who (a hash) saw a listing on a day, so that each visitor counts once a day (migration 0017). */
export const ListingVisitor = defineEntity({
  name: 'ListingVisitor',
  tableName: 'listing_visitors',
  properties: {
    day: p.type(CalendarDateType).primary(),
    listing: () =>
      p.manyToOne(Listing).ref().primary().deleteRule('cascade').updateRule('no action').foreignKeyName('listing_visitors_listing_id_fkey'),
    visitor: p.text().primary(),
  },
  primaryKeys: ['day', 'listing', 'visitor'],
});
export type ListingVisitor = InferEntity<typeof ListingVisitor>;
