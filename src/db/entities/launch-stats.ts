import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { CalendarDateType } from './calendar-date.js';
import { Listing } from './listing.js';

/** listing_daily_ranks: a listing's rank and votes on the weekly board at the end of each day of its launch week (migration 0025). */
export const ListingDailyRank = defineEntity({
  name: 'ListingDailyRank',
  tableName: 'listing_daily_ranks',
  properties: {
    listing: () =>
      p
        .manyToOne(Listing)
        .ref()
        .primary()
        .deleteRule('cascade')
        .updateRule('no action')
        .foreignKeyName('listing_daily_ranks_listing_id_fkey'),
    /** YYYY-MM-DD */
    day: p.type(CalendarDateType).primary(),
    rank: p.integer().check('rank > 0'),
    votes: p.integer(),
  },
  primaryKeys: ['listing', 'day'],
});
export type ListingDailyRank = InferEntity<typeof ListingDailyRank>;

/** launch_reports: the launch report sent for a listing's launch week; taken before it is sent, so it goes once (migration 0025). */
export const LaunchReport = defineEntity({
  name: 'LaunchReport',
  tableName: 'launch_reports',
  properties: {
    listing: () =>
      p.manyToOne(Listing).ref().primary().deleteRule('cascade').updateRule('no action').foreignKeyName('launch_reports_listing_id_fkey'),
    /** The Monday of the week, YYYY-MM-DD */
    launchWeek: p.type(CalendarDateType).primary(),
    sentAt: p.datetime().defaultRaw('now()'),
  },
  primaryKeys: ['listing', 'launchWeek'],
});
export type LaunchReport = InferEntity<typeof LaunchReport>;
