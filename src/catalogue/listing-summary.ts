import type { Database } from '../db/database.js';
import { type ListingSummary, offsetOf } from '../schema.js';
import type { ListingPlan } from '../db/entities/listing.js';
import { keptImageUrl } from '../images/image-store.js';

/** Statuses whose listings the public may open: live ones, and scheduled (upcoming) launches. */
export const PUBLIC_STATUSES = ['live', 'scheduled'] as const;

/**
 * Columns of a listing summary; use with `FROM listings l JOIN categories pc ON pc.id = l.primary_category_id`.
 * Every value is cast so that the Debian server and PGlite return the same JavaScript types.
 */
export const SUMMARY_COLUMNS = `
  l.id, l.slug, l.name, l.url, l.tagline, l.logo_url,
  pc.slug AS category_slug, pc.name AS category_name,
  l.votes_count AS votes, l.views_count AS views, l.follows_count AS follows,
  l.status, l.plan, l.launch_week::text AS launch_week, iso_time(l.launched_at) AS launched_at,
  l.country::text AS country, l.stage, l.pricing_model,
  l.rating_average::float8 AS rating_average, l.rating_count, l.comments_count`;

export const SUMMARY_FROM = 'listings l JOIN categories pc ON pc.id = l.primary_category_id';

export interface SummaryRow {
  [key: string]: unknown;
  id: number;
  slug: string;
  name: string;
  url: string;
  tagline: string;
  logo_url: string | null;
  category_slug: string;
  category_name: string;
  votes: number;
  views: number;
  follows: number;
  status: string;
  plan: ListingPlan;
  launch_week: string | null;
  launched_at: string | null;
  country: string | null;
  stage: string | null;
  pricing_model: string | null;
  rating_average: number | null;
  rating_count: number;
  comments_count: number;
}

export function toSummary(row: SummaryRow, publicUrl: string): ListingSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    url: row.url,
    tagline: row.tagline,
    logo_url: keptImageUrl(row.logo_url, publicUrl),
    primary_category: { slug: row.category_slug, name: row.category_name },
    votes: row.votes,
    views: row.views,
    follows: row.follows,
    status: row.status,
    plan: row.plan,
    launch_week: row.launch_week,
    launched_at: row.launched_at,
    country: row.country,
    stage: row.stage,
    pricing_model: row.pricing_model,
    community_rating: { average: row.rating_average, count: row.rating_count },
    comments_count: row.comments_count,
    profile_url: `${publicUrl}/listings/${row.slug}`,
  };
}

/**
 * One page of listing summaries. The SQL fragments are the caller's constants; values go in `params`
 * ($1..$n), the page's LIMIT and OFFSET are added after them.
 */
export interface SummaryPageQuery {
  /** Joins after the summary's own FROM; the page counts and orders the joined rows. */
  joins?: string;
  /** Columns beyond the summary's, e.g. a leaderboard's metric. */
  columns?: string;
  where: string;
  orderBy: string;
  params?: readonly unknown[];
  /** A name for the page's statement, when its text is fixed (see the database's `prepare`): each name one text. */
  prepare?: string;
}

/** `count: false` skips counting every match (a page that shows no total): `total` is then the rows' number. */
export async function findSummaryPage<T extends SummaryRow = SummaryRow>(
  db: Database,
  query: SummaryPageQuery,
  paging: { page: number; per_page: number },
  options: { count?: boolean } = {},
): Promise<{ rows: T[]; total: number }> {
  const params = query.params ?? [];
  const from = `${SUMMARY_FROM} ${query.joins ?? ''} WHERE ${query.where}`;
  const columns = query.columns ? `${SUMMARY_COLUMNS}, ${query.columns}` : SUMMARY_COLUMNS;
  const [count, rows] = await Promise.all([
    options.count === false ? undefined : db.one<{ total: number }>(`SELECT count(*)::int AS total FROM ${from}`, params),
    db.query<T>(
      `SELECT ${columns} FROM ${from} ORDER BY ${query.orderBy} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, paging.per_page, offsetOf(paging)],
      { prepare: query.prepare },
    ),
  ]);
  return { rows, total: options.count === false ? rows.length : (count?.total ?? 0) };
}
