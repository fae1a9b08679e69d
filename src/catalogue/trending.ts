/**
 * Trending: what people are voting for now. A listing's trending score is the sum over its votes of
 * exp(-age / 72 hours), counting the votes of the last 14 days only: a vote cast just now adds 1, a
 * vote three days old about 0.37, a vote a week old about 0.1. Listings without recent votes score 0
 * and follow the others in id order.
 *
 * The SQL fragments take `now` as the SQL text of a timestamptz value, normally a parameter such as `'$1'`
 * bound to `services.now()`, so that tests can pin the clock.
 */

const TRENDING_WINDOW_DAYS = 14;
const TRENDING_DECAY_HOURS = 72;

/**
 * A SELECT of `(listing_id integer, score float8)` for every listing with votes in the trending window
 * ending at `now`; it reads the votes by time through votes_created_idx.
 */
export function trendingScoresSql(now: string): string {
  return `SELECT v.listing_id,
      sum(exp(date_part('epoch', v.created_at - ${now}::timestamptz) / ${TRENDING_DECAY_HOURS * 3600}))::float8 AS score
    FROM votes v
    WHERE v.created_at > ${now}::timestamptz - interval '${TRENDING_WINDOW_DAYS} days' AND v.created_at <= ${now}::timestamptz AND v.counted
    GROUP BY v.listing_id`;
}

/**
 * Highest trending score first, ties by listing id, for listings `l` joined to the scores as `tr`:
 *   `FROM listings l JOIN (${trendingScoresSql('$1')}) tr ON tr.listing_id = l.id ... ORDER BY ${TRENDING_ORDER}`
 * The inner join keeps only listings with recent votes (the trending feed); to order every listing, with
 * the unscored ones after, use trendingCtes (the trending sort of a search).
 */
export const TRENDING_ORDER = 'tr.score DESC, l.id';

/**
 * Two common table expressions, to follow `WITH`: `trending_scored (id, score)`, the listings meeting `where`
 * (a condition on listings aliased `l`) that have recent votes, and `trending (id, position)`, the listings
 * meeting `where` in trending order, position 1 first. `trending` holds every scored listing and then only
 * the first `reach` unscored ones (SQL text of an integer, e.g. the page's offset + limit), so that the cost
 * follows the number of recently voted listings rather than the size of the catalogue, unlike a LEFT JOIN of
 * every listing to the scores. `from` is the table read as `l` (listings, or listing_search, which has the
 * same columns for filters). Example:
 *
 *   WITH ${trendingCtes('$1', "l.status = 'live'", '$2')}
 *   SELECT ... FROM trending t JOIN listings l ON l.id = t.id ... ORDER BY t.position LIMIT $3 OFFSET $4
 */
export function trendingCtes(now: string, where: string, reach: string, from = 'listings'): string {
  return `trending_scored AS MATERIALIZED (
      SELECT l.id, s.score FROM (${trendingScoresSql(now)}) s JOIN ${from} l ON l.id = s.listing_id WHERE ${where}
    ),
    trending AS (
      SELECT id, row_number() OVER (ORDER BY score DESC, id) AS position FROM trending_scored
      UNION ALL
      SELECT id, (SELECT count(*) FROM trending_scored) + row_number() OVER (ORDER BY id) FROM (
        SELECT l.id FROM ${from} l
        WHERE ${where} AND NOT EXISTS (SELECT 1 FROM trending_scored t WHERE t.id = l.id)
        ORDER BY l.id LIMIT ${reach}
      ) unscored
    )`;
}
