/**
 * What a listing's page, badge and launch did, day by day (issue 34): the daily aggregates the service keeps
 * (views, visitors, clicks, badge impressions, the launch week's rank) and the community's votes, follows, comments
 * and reviews counted per day as the public counts them. Days are the site's calendar days; every day of the period
 * is present, with zeros where nothing happened. Aggregates only: nothing here names a person.
 */
import { z } from 'zod';
import type { Statements } from '../db/database.js';
import { addDays, startOfDayIn } from '../catalogue/weeks.js';
import { isoDate } from '../schema.js';
import { ownedListingStatus } from './ownership.js';

type Reads = Statements;

/** The most referring sites of the badge an answer names (the images without a Referer come on top of them). */
const TOP_REFERRERS = 10;

const count = z.number().int();

const statsDay = z.object({
  day: isoDate,
  views: count.describe('Page views by people (bots excluded)'),
  visitors: count.describe('Unique visitors of the day'),
  clicks: count.describe("Unique visits to the product's website from the listing page"),
  votes: count,
  followers: count.describe('New followers'),
  comments: count,
  reviews: count,
  rank: z.number().int().nullable().describe('Rank on the weekly board; null outside the launch week'),
});

export const listingStats = z.object({
  listing_id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  from: isoDate,
  to: isoDate,
  launch_week: isoDate.nullable().describe('Monday of the launch week'),
  days: z.array(statsDay),
  totals: z.object({
    views: count,
    visitors: count.describe('Sum of the daily unique visitors'),
    clicks: count,
    votes: count,
    followers: count,
    comments: count,
    reviews: count,
    badge_impressions: count,
    best_rank: z.number().int().nullable(),
  }),
  badge_referrers: z
    .array(z.object({ host: z.string().nullable(), impressions: count }))
    .describe('Top sites showing the badge; host null: requests without a Referer'),
});

type StatsDay = z.infer<typeof statsDay>;
export type ListingStats = z.infer<typeof listingStats>;

export interface StatsPeriod {
  listingId: number;
  /** The owner asking: another account's listing is as unknown as a missing one (404, like every owner operation). */
  accountId: string;
  /** How many days, ending with `today` (inclusive). */
  days: number;
  /** The site's calendar day, YYYY-MM-DD. */
  today: string;
  /** The site's time zone, which turns the community's timestamps into its calendar days. */
  timeZone: string;
}

type Counted = 'views' | 'visitors' | 'clicks' | 'votes' | 'followers' | 'comments' | 'reviews';
type DayRow = { day: string } & Partial<Record<Counted | 'rank', number>>;

/**
 * The daily series of the caller's listing over the `days` days ending `today`, its totals and the top sites showing
 * its badge; 404 unless `accountId` owns the listing, so that nobody learns how another's listing does.
 * One query per source, each on an index that starts with the listing (the aggregate tables' primary keys,
 * comments_listing_idx, reviews_listing_created_idx, the votes' and follows' unique keys); the community's
 * timestamps are taken between the first day's midnight and the day after today's, in the site's time zone.
 */
export async function loadListingStats(db: Reads, period: StatsPeriod): Promise<ListingStats> {
  const { listingId, today, timeZone } = period;
  await ownedListingStatus(db, period.accountId, listingId);
  const from = addDays(today, 1 - period.days);
  const [listing] = await db.query<{ name: string; slug: string; launch_week: string | null }>(
    `SELECT name, slug, to_char(launch_week, 'YYYY-MM-DD') AS launch_week FROM listings WHERE id = $1`,
    [listingId],
  );
  if (!listing) throw new Error(`listing ${listingId} does not exist`);
  const days = [from, today] as const;
  const instants = [startOfDayIn(from, timeZone).toISOString(), startOfDayIn(addDays(today, 1), timeZone).toISOString()];
  const byTimestamp = (table: string, column: Counted, shown: string) =>
    db.query<DayRow>(
      `SELECT to_char((created_at AT TIME ZONE $4)::date, 'YYYY-MM-DD') AS day, count(*)::int AS ${column}
         FROM ${table} WHERE listing_id = $1 AND created_at >= $2 AND created_at < $3${shown} GROUP BY 1`,
      [listingId, ...instants, timeZone],
    );
  const [views, votes, followers, comments, reviews, ranks, referrers] = await Promise.all([
    db.query<DayRow>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, views, visitors, clicks FROM listing_views
        WHERE listing_id = $1 AND day BETWEEN $2::date AND $3::date`,
      [listingId, ...days],
    ),
    byTimestamp('votes', 'votes', ' AND counted'),
    byTimestamp('follows', 'followers', ''),
    byTimestamp('comments', 'comments', ' AND deleted_at IS NULL AND hidden_at IS NULL'),
    byTimestamp('reviews', 'reviews', ' AND hidden_at IS NULL'),
    db.query<DayRow>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, rank FROM listing_daily_ranks
        WHERE listing_id = $1 AND day BETWEEN $2::date AND $3::date AND day BETWEEN $4::date AND $4::date + 6`,
      [listingId, ...days, listing.launch_week],
    ),
    badgeReferrers(db, listingId, from, today),
  ]);
  const series = dailySeries(from, period.days, [views, votes, followers, comments, reviews, ranks]);
  return {
    listing_id: listingId,
    name: listing.name,
    slug: listing.slug,
    from,
    to: today,
    launch_week: listing.launch_week,
    days: series,
    totals: { ...totalsOf(series), badge_impressions: referrers.total },
    badge_referrers: referrers.top,
  };
}

/** Every day from `from` on, `days` of them, each with what the rows of that day say (zero, or no rank, otherwise). */
function dailySeries(from: string, days: number, sources: DayRow[][]): StatsDay[] {
  const series = new Map<string, StatsDay>();
  for (let i = 0; i < days; i += 1) {
    const day = addDays(from, i);
    series.set(day, { day, views: 0, visitors: 0, clicks: 0, votes: 0, followers: 0, comments: 0, reviews: 0, rank: null });
  }
  for (const rows of sources) {
    for (const { day, ...values } of rows) {
      const entry = series.get(day);
      if (entry) Object.assign(entry, values);
    }
  }
  return [...series.values()];
}

function totalsOf(series: StatsDay[]): Omit<ListingStats['totals'], 'badge_impressions'> {
  const sum = (key: Counted) => series.reduce((total, day) => total + day[key], 0);
  const ranks = series.flatMap((day) => (day.rank === null ? [] : [day.rank]));
  return {
    views: sum('views'),
    visitors: sum('visitors'),
    clicks: sum('clicks'),
    votes: sum('votes'),
    followers: sum('followers'),
    comments: sum('comments'),
    reviews: sum('reviews'),
    best_rank: ranks.length > 0 ? Math.min(...ranks) : null,
  };
}

/**
 * The badge's impressions over the period: the most referring sites (most impressions first, then by name), the
 * requests without a Referer as one entry with host null after them, and the total of all.
 */
async function badgeReferrers(
  db: Reads,
  listingId: number,
  from: string,
  to: string,
): Promise<{ top: ListingStats['badge_referrers']; total: number }> {
  const rows = await db.query<{ host: string; impressions: number }>(
    `SELECT referrer_host AS host, sum(impressions)::int AS impressions FROM badge_impressions
      WHERE listing_id = $1 AND day BETWEEN $2::date AND $3::date GROUP BY referrer_host
      ORDER BY impressions DESC, referrer_host`,
    [listingId, from, to],
  );
  const named = rows.filter((row) => row.host !== '' && row.impressions > 0).slice(0, TOP_REFERRERS);
  const direct = rows.find((row) => row.host === '' && row.impressions > 0);
  return {
    top: [...named, ...(direct ? [{ host: null, impressions: direct.impressions }] : [])],
    total: rows.reduce((total, row) => total + row.impressions, 0),
  };
}

const CSV_COLUMNS = ['day', 'views', 'visitors', 'clicks', 'votes', 'followers', 'comments', 'reviews', 'rank'] as const;

/**
 * The daily series as CSV (RFC 4180: a header row, CRLF line ends). Every cell is a date or a number (an empty cell
 * for no rank), never text a person wrote, so no cell can be read as a spreadsheet formula.
 */
export function statsCsv(stats: ListingStats): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const day of stats.days) lines.push(CSV_COLUMNS.map((column) => String(day[column] ?? '')).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
