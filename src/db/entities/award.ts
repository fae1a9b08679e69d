import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { CalendarDateType } from './calendar-date.js';
import { Listing } from './listing.js';

/** awards: the top three listings of a launch week. */
export const Award = defineEntity({
  name: 'Award',
  tableName: 'awards',
  properties: {
    id: p.integer().primary().autoincrement(),
    /** Monday of the launch week, YYYY-MM-DD. */
    week: p.type(CalendarDateType),
    /** 1 to 3 */
    rank: p.smallint().check('rank >= 1 AND rank <= 3'),
    listing: () => p.manyToOne(Listing).ref().deleteRule('cascade').updateRule('no action').foreignKeyName('awards_listing_id_fkey'),
    /** The listing's votes in that week. */
    votes: p.integer(),
  },
  uniques: [{ name: 'awards_week_rank_key', properties: ['week', 'rank'] }],
  indexes: [{ name: 'awards_listing_idx', properties: ['listing'] }],
});
export type Award = InferEntity<typeof Award>;

/** award_weeks: launch weeks whose awards are decided (with or without winners); a week is never awarded twice. */
export const AwardWeek = defineEntity({
  name: 'AwardWeek',
  tableName: 'award_weeks',
  properties: {
    /** Monday of the launch week, YYYY-MM-DD. */
    week: p.type(CalendarDateType).primary(),
    decidedAt: p.datetime(),
    winners: p.smallint(),
  },
});
export type AwardWeek = InferEntity<typeof AwardWeek>;
