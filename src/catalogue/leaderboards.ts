/**
 * Leaderboards, each a separate ranking of live listings. Community boards count votes from people on the
 * site; the billboard is a PAID ranking by money contributed; Domain Rating comes from a third-party SEO
 * data provider; revenue boards verified monthly recurring revenue.
 */
import type { Database } from '../db/database.js';
import { offsetOf, type ListingSummary } from '../schema.js';
import { BY_VOTES } from './launch-feed.js';
import { findSummaryPage, SUMMARY_COLUMNS, SUMMARY_FROM, type SummaryPageQuery, toSummary, type SummaryRow } from './listing-summary.js';

export const BOARDS = ['community-weekly', 'community-all-time', 'billboard', 'domain-rating', 'revenue'] as const;
export type Board = (typeof BOARDS)[number];

export const isBoard = (slug: string): slug is Board => (BOARDS as readonly string[]).includes(slug);

export interface BoardInfo {
  title: string;
  description: string;
  paid_ranking: boolean;
  /** Shown wherever a paid ranking is shown. */
  disclosure?: string;
}

const DOMAIN_RATING_SOURCE = 'third-party SEO data provider';

export const BOARD_INFO: Record<Board, BoardInfo> = {
  'community-weekly': {
    title: 'Community: weekly',
    description: 'Live listings ranked by the counted votes people on the site cast during one launch week (flagged votes excluded).',
    paid_ranking: false,
  },
  'community-all-time': {
    title: 'Community: all time',
    description: 'Live listings ranked by all the counted votes people on the site have given them (flagged votes excluded).',
    paid_ranking: false,
  },
  billboard: {
    title: 'Billboard (paid)',
    description:
      'A PAID ranking: live listings ranked by the money contributed to their billboard place. It says nothing about votes or quality.',
    paid_ranking: true,
    disclosure: 'Paid placement: ranked by money contributed, not by votes.',
  },
  'domain-rating': {
    title: 'Domain Rating',
    description: `Live listings ranked by the Domain Rating (0-100) of their website, from a ${DOMAIN_RATING_SOURCE}, refreshed daily, with the change over about 30 days.`,
    paid_ranking: false,
  },
  revenue: {
    title: 'Verified revenue',
    description: 'Live listings ranked by their latest verified monthly recurring revenue, with where and when it was verified.',
    paid_ranking: false,
  },
};

interface Metric {
  name: string;
  value: number;
  unit: string;
  /** True only on the billboard, a paid ranking. */
  paid: boolean;
  source?: string;
  measured_on?: string;
  trend?: { change: number; previous_value: number; previous_measured_on: string } | null;
  verified_at?: string;
}

interface BoardEntry {
  rank: number;
  listing: ListingSummary;
  metric: Metric;
}

type Paging = { page: number; per_page: number };
type BoardPage = Promise<{ entries: BoardEntry[]; total: number }>;

const LIVE = `l.status = 'live'`;

async function ranked<T extends SummaryRow>(
  db: Database,
  query: SummaryPageQuery,
  paging: Paging,
  publicUrl: string,
  metric: (row: T) => Metric,
): BoardPage {
  const { rows, total } = await findSummaryPage<T>(db, query, paging);
  return { entries: boardEntries(rows, paging, publicUrl, metric), total };
}

/** A page's rows as board entries: ranks continue from the pages before. */
function boardEntries<T extends SummaryRow>(rows: T[], paging: Paging, publicUrl: string, metric: (row: T) => Metric): BoardEntry[] {
  return rows.map((row, i) => ({ rank: offsetOf(paging) + i + 1, listing: toSummary(row, publicUrl), metric: metric(row) }));
}

/**
 * Counted votes (flagged ones excluded) cast in [from, to), for live listings with at least one such vote. The week's
 * votes are counted from the partial index of counted votes and each listing with some is looked up by key in the
 * narrow listing_search copy (status, launch time; OFFSET 0 keeps the look-up per row, where the planner would read
 * the whole table); only the page's rows are read from listings. Joined to listings whole, the planner read every
 * listing (180 MB at bench scale, more than the shared buffers) to rank a few thousand: ~100 ms a page, now ~25 ms.
 */
async function communityWeekly(db: Database, window: { from: Date; to: Date }, paging: Paging, publicUrl: string): BoardPage {
  const ranking = `WITH week AS MATERIALIZED (
      SELECT v.listing_id, count(*)::int AS week_votes FROM votes v
       WHERE v.created_at >= $1::timestamptz AND v.created_at < $2::timestamptz AND v.counted GROUP BY v.listing_id),
    ranked AS MATERIALIZED (
      SELECT w.listing_id, w.week_votes, s.launched_at FROM week w
       CROSS JOIN LATERAL (SELECT s.launched_at FROM listing_search s WHERE s.id = w.listing_id AND s.status = 'live' OFFSET 0) s)`;
  const params = [window.from.toISOString(), window.to.toISOString()];
  // The page and the total in one statement (the ranking is made once); a page past the end counts apart.
  const rows = await db.query<SummaryRow & { week_votes: number; total: number }>(
    `${ranking}, page AS (
       SELECT * FROM ranked ORDER BY week_votes DESC, launched_at ASC NULLS LAST, listing_id LIMIT $3 OFFSET $4)
     SELECT ${SUMMARY_COLUMNS}, p.week_votes, (SELECT count(*)::int FROM ranked) AS total
       FROM page p JOIN ${SUMMARY_FROM} ON l.id = p.listing_id
      ORDER BY p.week_votes DESC, p.launched_at ASC NULLS LAST, l.id`,
    [...params, paging.per_page, offsetOf(paging)],
  );
  const total = rows.length
    ? rows[0].total
    : offsetOf(paging) === 0
      ? 0
      : ((await db.one<{ total: number }>(`${ranking} SELECT count(*)::int AS total FROM ranked`, params))?.total ?? 0);
  const metric = (row: (typeof rows)[number]): Metric => ({ name: 'week_votes', value: row.week_votes, unit: 'votes', paid: false });
  return { entries: boardEntries(rows, paging, publicUrl, metric), total };
}

/** All counted votes (votes_count: flagged ones excluded), for listings with at least one. */
function communityAllTime(db: Database, paging: Paging, publicUrl: string): BoardPage {
  return ranked(db, { where: `${LIVE} AND l.votes_count > 0`, orderBy: BY_VOTES }, paging, publicUrl, (row) => ({
    name: 'votes',
    value: row.votes,
    unit: 'votes',
    paid: false,
  }));
}

/** Money contributed, all contributions summed; on a tie the earlier contributor leads. */
function billboard(db: Database, paging: Paging, publicUrl: string): BoardPage {
  return ranked<SummaryRow & { contributed_cents: number }>(
    db,
    {
      joins: `JOIN (SELECT listing_id, sum(amount_cents)::float8 AS contributed_cents, min(created_at) AS first_contributed_at
                    FROM billboard_contributions GROUP BY listing_id) bb ON bb.listing_id = l.id`,
      columns: 'bb.contributed_cents',
      where: LIVE,
      orderBy: 'bb.contributed_cents DESC, bb.first_contributed_at, l.id',
    },
    paging,
    publicUrl,
    (row) => ({ name: 'contributed', value: row.contributed_cents, unit: 'usd_cents', paid: true }),
  );
}

/**
 * The latest Domain Rating of each listing; its trend compares it with the latest rating measured at
 * least 30 days before (null when there is none that old).
 */
function domainRating(db: Database, paging: Paging, publicUrl: string): BoardPage {
  return ranked<SummaryRow & { rating: number; measured_on: string; previous_rating: number | null; previous_measured_on: string | null }>(
    db,
    {
      joins: `JOIN (SELECT DISTINCT ON (listing_id) listing_id, rating, measured_on
                    FROM domain_ratings ORDER BY listing_id, measured_on DESC) dr ON dr.listing_id = l.id
              LEFT JOIN LATERAL (SELECT p.rating, p.measured_on FROM domain_ratings p
                    WHERE p.listing_id = l.id AND p.measured_on <= dr.measured_on - 30
                    ORDER BY p.measured_on DESC LIMIT 1) prev ON true`,
      columns: `dr.rating::int AS rating, dr.measured_on::text AS measured_on,
                prev.rating::int AS previous_rating, prev.measured_on::text AS previous_measured_on`,
      where: LIVE,
      orderBy: 'dr.rating DESC, l.votes_count DESC, l.id',
    },
    paging,
    publicUrl,
    (row) => ({
      name: 'domain_rating',
      value: row.rating,
      unit: 'score_0_100',
      paid: false,
      source: DOMAIN_RATING_SOURCE,
      measured_on: row.measured_on,
      trend:
        row.previous_rating === null
          ? null
          : {
              change: row.rating - row.previous_rating,
              previous_value: row.previous_rating,
              previous_measured_on: row.previous_measured_on!,
            },
    }),
  );
}

/** The latest verified monthly recurring revenue of each listing. */
function revenue(db: Database, paging: Paging, publicUrl: string): BoardPage {
  return ranked<SummaryRow & { mrr_cents: number; revenue_source: string; verified_at: string }>(
    db,
    {
      joins: `JOIN (SELECT DISTINCT ON (listing_id) listing_id, mrr_cents, source, verified_at
                    FROM verified_revenues ORDER BY listing_id, verified_at DESC, id DESC) rv ON rv.listing_id = l.id`,
      columns: 'rv.mrr_cents::float8 AS mrr_cents, rv.source AS revenue_source, iso_time(rv.verified_at) AS verified_at',
      where: LIVE,
      orderBy: 'rv.mrr_cents DESC, rv.verified_at DESC, l.id',
    },
    paging,
    publicUrl,
    (row) => ({
      name: 'mrr',
      value: row.mrr_cents,
      unit: 'usd_cents_per_month',
      paid: false,
      source: row.revenue_source,
      verified_at: row.verified_at,
    }),
  );
}

/**
 * A page of any board: the community-weekly board counts the votes of `week` (the launch week in the site's time
 * zone, e.g. resolveWeek's), the others need none. get_leaderboard and the site's board pages both read it.
 */
export function readBoard(
  db: Database,
  board: Board,
  paging: Paging,
  publicUrl: string,
  week: { window: { from: Date; to: Date } } | undefined,
): BoardPage {
  if (board === 'community-weekly') {
    if (!week) throw new Error('the community-weekly board needs its week');
    return communityWeekly(db, week.window, paging, publicUrl);
  }
  return { 'community-all-time': communityAllTime, billboard, 'domain-rating': domainRating, revenue }[board](db, paging, publicUrl);
}

/** The latest day any Domain Rating was measured (YYYY-MM-DD); undefined when none ever was. */
export async function lastDomainRatingDay(db: Database): Promise<string | undefined> {
  const row = await db.one<{ day: string | null }>('SELECT max(measured_on)::text AS day FROM domain_ratings');
  return row?.day ?? undefined;
}
