import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { CalendarDateType } from './calendar-date.js';
import { Listing } from './listing.js';

/** listing_views: page views of a listing per day, its unique visitors and their clicks to its website (migration 0025). */
export const ListingView = defineEntity({
  name: 'ListingView',
  tableName: 'listing_views',
  properties: {
    listing: () =>
      p.manyToOne(Listing).ref().primary().deleteRule('cascade').updateRule('no action').foreignKeyName('listing_views_listing_id_fkey'),
    /** YYYY-MM-DD */
    day: p.type(CalendarDateType).primary(),
    /** Every page view by a person (bots are not counted). */
    views: p.integer().default(0),
    /** Unique visitors of the day (each once; listings.views_count adds these up). */
    visitors: p.integer().default(0),
    /** Visitors who followed the page's link to the website (its ping), each once a day. */
    clicks: p.integer().default(0),
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
    /** When it last counted a page view (one per visitor per half hour; migration 0041). */
    viewedAt: p.datetime().nullable(),
  },
  primaryKeys: ['day', 'listing', 'visitor'],
});
export type ListingVisitor = InferEntity<typeof ListingVisitor>;

/** listing_clickers: who (the same keyed hash) followed a listing's website link on a day, so each counts once a day (migration 0025). */
export const ListingClicker = defineEntity({
  name: 'ListingClicker',
  tableName: 'listing_clickers',
  properties: {
    day: p.type(CalendarDateType).primary(),
    listing: () =>
      p.manyToOne(Listing).ref().primary().deleteRule('cascade').updateRule('no action').foreignKeyName('listing_clickers_listing_id_fkey'),
    visitor: p.text().primary(),
  },
  primaryKeys: ['day', 'listing', 'visitor'],
});
export type ListingClicker = InferEntity<typeof ListingClicker>;

/** badge_impressions: badge images served per listing, day and referring site (the Referer's host; '' when none; migration 0025). */
export const BadgeImpression = defineEntity({
  name: 'BadgeImpression',
  tableName: 'badge_impressions',
  properties: {
    listing: () =>
      p
        .manyToOne(Listing)
        .ref()
        .primary()
        .deleteRule('cascade')
        .updateRule('no action')
        .foreignKeyName('badge_impressions_listing_id_fkey'),
    /** YYYY-MM-DD */
    day: p.type(CalendarDateType).primary(),
    referrerHost: p.text().primary().check('length(referrer_host) <= 253'),
    impressions: p.integer().default(0),
  },
  primaryKeys: ['listing', 'day', 'referrerHost'],
});
export type BadgeImpression = InferEntity<typeof BadgeImpression>;

/** badge_viewers: who (the same keyed hash) saw a listing's badge from a referring site on a day, so each counts once (migration 0041). */
export const BadgeViewer = defineEntity({
  name: 'BadgeViewer',
  tableName: 'badge_viewers',
  properties: {
    day: p.type(CalendarDateType).primary(),
    listing: () =>
      p.manyToOne(Listing).ref().primary().deleteRule('cascade').updateRule('no action').foreignKeyName('badge_viewers_listing_id_fkey'),
    referrerHost: p.text().primary().check('length(referrer_host) <= 253'),
    visitor: p.text().primary(),
  },
  primaryKeys: ['day', 'listing', 'referrerHost', 'visitor'],
});
export type BadgeViewer = InferEntity<typeof BadgeViewer>;
