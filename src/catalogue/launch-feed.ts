/** The launch feed: live listings in the orders the site's launch pages show, and upcoming launches. */
import type { Database } from '../db/database.js';
import type { ListingSummary } from '../schema.js';
import { inCategorySubtree } from './categories.js';
import { findSummaryPage, type SummaryPageQuery, toSummary } from './listing-summary.js';
import { trendingScoresSql, TRENDING_ORDER } from './trending.js';
import { addDays, resolveWeek, startOfDayIn, todayIn } from './weeks.js';

export const FEED_SECTIONS = [
  'today',
  'this-week',
  'trending',
  'most-voted',
  'recent',
  'most-viewed',
  'most-followed',
  'upcoming',
] as const;
export type FeedSection = (typeof FEED_SECTIONS)[number];

/** Most community votes first; on a tie the earlier launch leads. */
export const BY_VOTES = 'l.votes_count DESC, l.launched_at ASC NULLS LAST, l.id';

const LIVE = `l.status = 'live'`;

/** The current time and the site's time zone, which decide what "today" and "this week" are. */
export interface Clock {
  now: Date;
  timeZone: string;
}

function sectionQuery(section: FeedSection, { now, timeZone }: Clock): SummaryPageQuery {
  switch (section) {
    case 'today': {
      const today = todayIn(now, timeZone);
      return {
        where: `${LIVE} AND l.launched_at >= $1::timestamptz AND l.launched_at < $2::timestamptz`,
        params: [startOfDayIn(today, timeZone).toISOString(), startOfDayIn(addDays(today, 1), timeZone).toISOString()],
        orderBy: BY_VOTES,
      };
    }
    case 'this-week':
      return { where: `${LIVE} AND l.launch_week = $1::date`, params: [resolveWeek('this', now, timeZone).start], orderBy: BY_VOTES };
    case 'trending':
      return {
        joins: `JOIN (${trendingScoresSql('$1')}) tr ON tr.listing_id = l.id`,
        where: LIVE,
        params: [now.toISOString()],
        orderBy: TRENDING_ORDER,
      };
    case 'most-voted':
      return { where: LIVE, orderBy: BY_VOTES };
    case 'recent':
      return { where: LIVE, orderBy: 'l.launched_at DESC NULLS LAST, l.id DESC' };
    case 'most-viewed':
      return { where: LIVE, orderBy: 'l.views_count DESC, l.id' };
    case 'most-followed':
      return { where: LIVE, orderBy: 'l.follows_count DESC, l.id' };
    case 'upcoming':
      return { where: `l.status = 'scheduled'`, orderBy: 'l.launch_week ASC NULLS LAST, l.name, l.id' };
  }
}

/** The section's query narrowed to the listings of one category and its subcategories, as the category's page counts them. */
function inCategory(query: SummaryPageQuery, categoryId: number): SummaryPageQuery {
  const params = query.params ?? [];
  return {
    ...query,
    where: `(${query.where}) AND ${inCategorySubtree(`$${params.length + 1}`)}`,
    params: [...params, categoryId],
    prepare: undefined,
  };
}

/**
 * One page of a feed section. Trending holds only listings with votes in the trending window (see
 * trending.ts); upcoming holds scheduled listings, soonest launch week first. With `categoryId`, only the listings
 * of that category or of a subcategory (primary or extra category), e.g. a category's Atom feed of recent launches.
 */
export async function launchFeed(
  db: Database,
  section: FeedSection,
  clock: Clock,
  paging: { page: number; per_page: number },
  publicUrl: string,
  options: { count?: boolean; categoryId?: number } = {},
): Promise<{ items: ListingSummary[]; total: number }> {
  const query = sectionQuery(section, clock);
  const { rows, total } = await findSummaryPage(
    db,
    options.categoryId === undefined ? query : inCategory(query, options.categoryId),
    paging,
    options,
  );
  return { items: rows.map((row) => toSummary(row, publicUrl)), total };
}
