import type { Database } from '../db/database.js';
import { offsetOf } from '../schema.js';
import { SUMMARY_COLUMNS, SUMMARY_FROM, type SummaryRow } from './listing-summary.js';

/**
 * One page of listing summaries. The SQL fragments are the caller's constants; values go in `params`
 * ($1..$n), the page's LIMIT and OFFSET are added after them.
 */
export interface ListingPageQuery {
  /** Joins after the summary's own FROM; the page counts and orders the joined rows. */
  joins?: string;
  /** Columns beyond the summary's, e.g. a leaderboard's metric. */
  columns?: string;
  where: string;
  orderBy: string;
  params?: readonly unknown[];
}

/** `count: false` skips counting every match (a page that shows no total): `total` is then the rows' number. */
export async function findListingPage<T extends SummaryRow = SummaryRow>(
  db: Database,
  query: ListingPageQuery,
  paging: { page: number; per_page: number },
  options: { count?: boolean } = {},
): Promise<{ rows: T[]; total: number }> {
  const params = query.params ?? [];
  const from = `${SUMMARY_FROM} ${query.joins ?? ''} WHERE ${query.where}`;
  const columns = query.columns ? `${SUMMARY_COLUMNS}, ${query.columns}` : SUMMARY_COLUMNS;
  const [count, rows] = await Promise.all([
    options.count === false ? undefined : db.one<{ total: number }>(`SELECT count(*)::int AS total FROM ${from}`, params),
    db.query<T>(`SELECT ${columns} FROM ${from} ORDER BY ${query.orderBy} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [
      ...params,
      paging.per_page,
      offsetOf(paging),
    ]),
  ]);
  return { rows, total: options.count === false ? rows.length : (count?.total ?? 0) };
}
