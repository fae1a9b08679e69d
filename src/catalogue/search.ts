/**
 * Listing search: typo-tolerant full text over name, tagline, keywords and descriptions, filters and sort orders.
 *
 * Full text uses listings.search_vector ('simple' configuration; weights A name, B tagline and keywords,
 * C short description, D description; kept up to date by a trigger) through its GIN index. Typo tolerance
 * comes from the search_terms dictionary (the words of the public listings with their document counts,
 * trigram-indexed): each query word matches itself, as a prefix once it has 3 letters ("noti" finds
 * "notion"), or a dictionary word one typo away (two from 8 letters) that is far more common than the word
 * as typed ("notin" finds "notion", "calender" finds "calendar"). Every word must match.
 *
 * Relevance is cover density (ts_rank_cd, so name > tagline and keywords > descriptions) plus the trigram
 * similarity of the listing's name to the whole query; ties go to the most voted. To keep the cost bounded
 * when a query matches a large part of the catalogue, only the RELEVANCE_POOL most voted matches are ranked;
 * further matches follow them in order of votes.
 *
 * Text searches read listing_search (SEARCH_TABLE), a trigger-maintained narrow copy of the listing columns
 * they filter, sort and rank on with its own GIN index, and listings only for the rows of the page: a common
 * word matches tens of thousands of listings, and visiting each wide listings row was most of the cost.
 */
import type { Database } from '../db/database.js';
import { inCategories } from './categories.js';
import { SUMMARY_COLUMNS, SUMMARY_FROM, type SummaryRow } from './listing-summary.js';
import { trendingCtes } from './trending.js';
import type { IndexedMatches, WordAlternatives, WordIndex } from './word-index.js';

export const SEARCH_SORTS = ['relevance', 'newest', 'votes', 'trending', 'most_viewed', 'most_followed'] as const;
type SearchSort = (typeof SEARCH_SORTS)[number];

export interface ListingSearch {
  q?: string;
  /** Ids of the category and all its descendants (categoryWithDescendants in categories.ts). */
  categoryIds?: number[];
  stage?: string;
  /** Upper-case ISO 3166 code. */
  country?: string;
  pricingModel?: string;
  domain?: string;
  /** live listings, or upcoming ones (status scheduled). */
  upcoming: boolean;
  sort: SearchSort;
  limit: number;
  offset: number;
  /** The current time, for the trending window. */
  now: Date;
  /**
   * A text search expected to match more listings than `matches`, and at least `share` of them, finds its most voted
   * matches by walking listings in order of votes and estimates its total (Config.searchExactTotalUpTo and
   * searchWalkShare). Walking reads a row's search_vector (stored out of line) for every row it passes, several
   * times what the text index pays per match: for fewer matches, reading each through the text index is cheaper.
   */
  estimateAbove: { matches: number; share: number };
  /**
   * The in-memory word index (search-index.ts), when it is current. A text search sorted by relevance or votes
   * with no filter but the status, whose words match more than `estimateAbove.matches` listings, finds and counts
   * its matches there instead of reading them from listing_search: PostgreSQL ranks the most voted ones and reads
   * the page. Fewer matches are read from PostgreSQL, which a notification not heard yet cannot leave behind.
   */
  index?: WordIndex;
}

export interface SearchResult {
  rows: SummaryRow[];
  total: number;
  /** The total is the planner's estimate: counting every match of common words cost more than the page. */
  totalIsEstimate: boolean;
}

/** Only the first words of a long query are corrected, each to at most this many dictionary words. */
const MAX_CORRECTED_WORDS = 8;
const CORRECTIONS_PER_WORD = 5;
/** Nearest dictionary words by trigram similarity that are checked for their edit distance. */
const CORRECTION_CANDIDATES = 20;
/** A correction must occur in this many times more listings than the words starting with the word as typed. */
const CORRECTION_ADVANTAGE = 10;
/** Shorter words match only exactly: as prefixes they would match much of the catalogue. */
const MIN_PREFIX_LENGTH = 3;
/** Weight of the trigram similarity between a listing's name and the whole query in the relevance score. */
const NAME_BOOST = 2;
/** How many of the most voted matches are ranked by relevance. */
const RELEVANCE_POOL = 200;
/**
 * A narrow copy of each listing's status, filter and sort columns, name and search_vector, kept in step by
 * triggers (migration 0002): text searches match, count and rank there, which reads a few hundred bytes per
 * match instead of a listings row.
 */
const SEARCH_TABLE = 'listing_search';

export async function searchListings(db: Database, search: ListingSearch): Promise<SearchResult> {
  const params = new SqlParams();
  const where = filters(search, params);
  if (search.q === undefined || search.q.trim() === '') return orderedPage(db, search, where, params);
  const words = queryWords(search.q);
  // Text with no letter or digit (e.g. "!!!") has nothing to look for: nothing matches it.
  if (words.length === 0) return { rows: [], total: 0, totalIsEstimate: false };
  const corrected = await corrections(db, words);
  const indexed = indexedMatches(search, words, corrected);
  if (indexed) return indexedPage(db, search, indexed, where, params, textQuery(words, corrected));
  const tsquery = params.add(textQuery(words, corrected));
  where.push(`l.search_vector @@ ${tsquery}::tsquery`);
  const matchParams = [...params.values]; // the pages add their own
  const expected = await expectedMatches(db, where, matchParams);
  const { matches, share } = search.estimateAbove;
  const estimate = expected > matches && expected >= share * (await searchedRows(db)) ? expected : undefined;
  const page =
    search.sort === 'relevance'
      ? await rankedPage(db, search, where, params, tsquery, estimate)
      : await orderedPage(db, search, where, params, SEARCH_TABLE, estimate);
  // Past the last match of an estimated search nothing tells how many there are: count them after all.
  if (page.totalIsEstimate && page.rows.length === 0 && search.offset > 0)
    return { ...page, total: await countMatches(db, where, matchParams), totalIsEstimate: false };
  return page;
}

/**
 * The matches of a text search found in the word index, when it applies (see ListingSearch.index): the total and
 * the most voted ones, as many as the relevance pool or the page needs.
 */
function indexedMatches(search: ListingSearch, words: string[], corrected: Map<string, string[]>): IndexedMatches | undefined {
  const onlyStatus = !search.categoryIds && !search.stage && !search.country && !search.pricingModel && !search.domain;
  if (!search.index || !onlyStatus || (search.sort !== 'relevance' && search.sort !== 'votes')) return undefined;
  const alternatives = words.map(
    (word): WordAlternatives =>
      word.length >= MIN_PREFIX_LENGTH
        ? { prefix: word, exact: corrected.get(word) ?? [] }
        : { exact: [word, ...(corrected.get(word) ?? [])] },
  );
  const reach = search.sort === 'relevance' ? Math.max(RELEVANCE_POOL, search.offset + search.limit) : search.offset + search.limit;
  const found = search.index.match(alternatives, search.upcoming ? 'scheduled' : 'live', reach);
  return found.total > search.estimateAbove.matches ? found : undefined;
}

/**
 * A page of matches found in the word index, in the order rankedPage or orderedPage gives them: by relevance the
 * RELEVANCE_POOL most voted are ranked and the rest follow by votes; by votes they are in the index's order.
 * PostgreSQL reads the pool's search vectors and names to rank them, and the page's rows; a listing that stopped
 * matching the status since the index heard of it is left out.
 */
async function indexedPage(
  db: Database,
  search: ListingSearch,
  found: IndexedMatches,
  where: string[],
  params: SqlParams,
  tsqueryText: string,
): Promise<SearchResult> {
  const ids = params.add(found.mostVoted);
  const ordered =
    search.sort === 'votes'
      ? `SELECT id, n AS position FROM by_votes`
      : `SELECT b.id, row_number() OVER (
             ORDER BY ts_rank_cd(s.search_vector, ${params.add(tsqueryText)}::tsquery) + ${NAME_BOOST} * similarity(s.name, ${params.add(search.q)}) DESC, b.n
           ) AS position
         FROM by_votes b JOIN ${SEARCH_TABLE} s ON s.id = b.id
         WHERE b.n <= ${RELEVANCE_POOL}
         UNION ALL
         SELECT id, n FROM by_votes WHERE n > ${RELEVANCE_POOL}`;
  const rows = await db.query<SummaryRow>(
    `WITH by_votes AS (SELECT id, n FROM unnest(${ids}::int[]) WITH ORDINALITY AS v(id, n)),
     ordered AS (${ordered}),
     page AS (
       SELECT id, position FROM ordered ORDER BY position LIMIT ${params.add(search.limit)} OFFSET ${params.add(search.offset)}
     )
     SELECT ${SUMMARY_COLUMNS} FROM ${SUMMARY_FROM} JOIN page ON page.id = l.id
     WHERE ${where.join(' AND ')}
     ORDER BY page.position`,
    params.values,
    // Fixed text for each sort (the only filter is the status): planned once per connection.
    { prepare: `search_indexed_${search.sort}` },
  );
  return { rows, total: found.total, totalIsEstimate: false };
}

/** How many listings the planner expects the conditions to match (from its statistics, without reading them). */
async function expectedMatches(db: Database, where: string[], params: unknown[]): Promise<number> {
  const [plan] = await db.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    `EXPLAIN (FORMAT JSON) SELECT 1 FROM ${SEARCH_TABLE} l WHERE ${where.join(' AND ')}`,
    params,
  );
  return Math.round(plan?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
}

/** The planner's count of listing_search rows (pg_class.reltuples, kept by autovacuum's analyze). */
async function searchedRows(db: Database): Promise<number> {
  const rows = await db.one<{ n: number }>(
    `SELECT greatest(reltuples, 0)::float8 AS n FROM pg_class WHERE oid = '${SEARCH_TABLE}'::regclass`,
  );
  return rows?.n ?? 0;
}

async function countMatches(db: Database, where: string[], params: unknown[]): Promise<number> {
  const count = await db.one<{ total: number }>(
    `SELECT count(*)::int AS total FROM ${SEARCH_TABLE} l WHERE ${where.join(' AND ')}`,
    params,
  );
  return count?.total ?? 0;
}

/**
 * A page fetched one row long (`limit + 1` rows) under an estimated total: the extra row says whether another
 * page follows; without it the matches end on this page, and their number is known exactly.
 */
function estimatedPage(rows: SummaryRow[], search: ListingSearch, estimate: number): SearchResult {
  if (rows.length <= search.limit)
    return { rows, total: search.offset + rows.length, totalIsEstimate: rows.length === 0 && search.offset > 0 };
  return { rows: rows.slice(0, search.limit), total: Math.max(estimate, search.offset + rows.length), totalIsEstimate: true };
}

/** Conditions on `l`: listings, or listing_search, which has the same columns for them. */
function filters(search: ListingSearch, params: SqlParams): string[] {
  const where = [`l.status = ${params.add(search.upcoming ? 'scheduled' : 'live')}`];
  if (search.categoryIds) {
    // listing_categories holds every category of a listing, the primary one included (is_primary).
    where.push(inCategories(params.add(search.categoryIds)));
  }
  if (search.stage) where.push(`l.stage = ${params.add(search.stage)}`);
  if (search.country) where.push(`l.country = ${params.add(search.country)}`);
  if (search.pricingModel) where.push(`lower(l.pricing_model) = lower(${params.add(search.pricingModel)})`);
  if (search.domain) where.push(`l.domain = ANY(${params.add(domainForms(search.domain))}::text[])`);
  return where;
}

/** ORDER BY of the sorts that follow a column; relevance without words is by votes. */
const COLUMN_ORDERS: Record<Exclude<SearchSort, 'trending'>, (upcoming: boolean) => string> = {
  relevance: () => 'l.votes_count DESC, l.id',
  votes: () => 'l.votes_count DESC, l.id',
  newest: (upcoming) => (upcoming ? 'l.launch_week, l.id' : 'l.launched_at DESC, l.id'),
  most_viewed: () => 'l.views_count DESC, l.id',
  most_followed: () => 'l.follows_count DESC, l.id',
};

/**
 * A page in column or trending order, and the count of matches. `from` is the table the conditions and the
 * order read as `l`: listings, or listing_search for a text search (see SEARCH_TABLE).
 */
async function orderedPage(
  db: Database,
  search: ListingSearch,
  where: string[],
  params: SqlParams,
  from: 'listings' | typeof SEARCH_TABLE = 'listings',
  estimate?: number,
): Promise<SearchResult> {
  const conditions = where.join(' AND ');
  const countParams = [...params.values];
  const limit = estimate === undefined ? search.limit : search.limit + 1;
  const limitOffset = () => `LIMIT ${params.add(limit)} OFFSET ${params.add(search.offset)}`;
  const sql =
    search.sort === 'trending'
      ? `WITH ${trendingCtes(params.add(search.now.toISOString()), conditions, params.add(search.offset + limit), from)},
           page AS (SELECT id, position FROM trending ORDER BY position ${limitOffset()})
         SELECT ${SUMMARY_COLUMNS} FROM ${SUMMARY_FROM} JOIN page ON page.id = l.id
         ORDER BY page.position`
      : from === 'listings'
        ? `SELECT ${SUMMARY_COLUMNS} FROM ${SUMMARY_FROM}
           WHERE ${conditions}
           ORDER BY ${COLUMN_ORDERS[search.sort](search.upcoming)} ${limitOffset()}`
        : `WITH page AS (
             SELECT l.id, row_number() OVER (ORDER BY ${COLUMN_ORDERS[search.sort](search.upcoming)}) AS position
             FROM (SELECT l.* FROM ${from} l WHERE ${conditions} ORDER BY ${COLUMN_ORDERS[search.sort](search.upcoming)} ${limitOffset()}) l
           )
           SELECT ${SUMMARY_COLUMNS} FROM ${SUMMARY_FROM} JOIN page ON page.id = l.id
           ORDER BY page.position`;
  if (estimate !== undefined) return estimatedPage(await db.query<SummaryRow>(sql, params.values), search, estimate);
  const [rows, count] = await Promise.all([
    db.query<SummaryRow>(sql, params.values),
    db.one<{ total: number }>(`SELECT count(*)::int AS total FROM ${from} l WHERE ${conditions}`, countParams),
  ]);
  return { rows, total: count?.total ?? 0, totalIsEstimate: false };
}

/**
 * A page by relevance, in one statement that reads the matches once. The RELEVANCE_POOL most voted matches are
 * ranked and come first; the rest follow by votes, and only as many of them are sorted as the page reaches.
 * The total rides on a row of its own, so that a page past the end still reports it. Matching, counting and
 * ranking read only listing_search; listings is read for the page's rows. Under an estimated total the matches
 * are not all read: the most voted ones are found by walking listing_search in order of votes
 * (listing_search_votes_idx) until the pool is full, and the page is fetched a row long (estimatedPage).
 */
async function rankedPage(
  db: Database,
  search: ListingSearch,
  where: string[],
  params: SqlParams,
  tsquery: string,
  estimate?: number,
): Promise<SearchResult> {
  const reach = Math.max(RELEVANCE_POOL, search.offset + search.limit + 1);
  const matches =
    estimate === undefined
      ? `SELECT l.id, l.votes_count FROM ${SEARCH_TABLE} l WHERE ${where.join(' AND ')}`
      : `SELECT l.id, l.votes_count FROM ${SEARCH_TABLE} l WHERE ${where.join(' AND ')} ORDER BY l.votes_count DESC, l.id LIMIT ${reach}`;
  const total = estimate === undefined ? 'SELECT count(*)::int AS total FROM matches' : `SELECT ${params.add(estimate)}::int AS total`;
  const limit = estimate === undefined ? search.limit : search.limit + 1;
  const rows = await db.query<SummaryRow & { total: number }>(
    `WITH matches AS MATERIALIZED (${matches}),
     by_votes AS MATERIALIZED (
       SELECT id, votes_count, row_number() OVER (ORDER BY votes_count DESC, id) AS n
       FROM (SELECT id, votes_count FROM matches ORDER BY votes_count DESC, id LIMIT ${reach}) top
     ),
     ordered AS (
       SELECT b.id, row_number() OVER (
           ORDER BY ts_rank_cd(s.search_vector, ${tsquery}::tsquery) + ${NAME_BOOST} * similarity(s.name, ${params.add(search.q)}) DESC,
             b.votes_count DESC, b.id
         ) AS position
       FROM by_votes b JOIN ${SEARCH_TABLE} s ON s.id = b.id
       WHERE b.n <= ${RELEVANCE_POOL}
       UNION ALL
       SELECT id, n FROM by_votes WHERE n > ${RELEVANCE_POOL}
     ),
     page AS (
       SELECT id, position FROM ordered ORDER BY position LIMIT ${params.add(limit)} OFFSET ${params.add(search.offset)}
     )
     SELECT t.total, s.*
     FROM (${total}) t
     LEFT JOIN (SELECT ${SUMMARY_COLUMNS}, page.position FROM ${SUMMARY_FROM} JOIN page ON page.id = l.id) s ON true
     ORDER BY s.position`,
    params.values,
  );
  const found = rows.filter((row) => row.id !== null);
  if (estimate !== undefined) return estimatedPage(found, search, estimate);
  return { rows: found, total: rows[0]?.total ?? 0, totalIsEstimate: false };
}

/** The words of a query: runs of letters and digits (any script) after lower-casing, each once, in order. */
export function queryWords(q: string): string[] {
  return [...new Set(q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
}

/**
 * For each query word long enough to correct, the dictionary words that are a typo away from it (see
 * allowedTypos), that its prefix does not already match, and that are far more common than the word as typed
 * (counting the words it begins): a word that is in use as typed is not "corrected" into different ones.
 */
async function corrections(db: Database, words: string[]): Promise<Map<string, string[]>> {
  const correctable = words.filter((w) => allowedTypos(w) > 0).slice(0, MAX_CORRECTED_WORDS);
  if (correctable.length === 0) return new Map();
  // `%` is pg_trgm's similarity operator (threshold pg_trgm.similarity_threshold, 0.3 by default); it lets
  // search_terms_trgm_idx find the candidates, which are then held to the edit distance allowed.
  // Words are letters and digits only (never % or _), so they are safe in a LIKE pattern.
  const rows = await db.query<{ word: string; term: string }>(
    `SELECT w.word, t.term
     FROM unnest($1::text[]) AS w(word)
     CROSS JOIN LATERAL (
       SELECT term FROM search_terms
       WHERE term % w.word AND term NOT LIKE w.word || '%'
         AND documents > ${CORRECTION_ADVANTAGE} * (SELECT coalesce(sum(documents), 0) FROM search_terms typed WHERE typed.term LIKE w.word || '%')
       ORDER BY similarity(term, w.word) DESC, documents DESC, term
       LIMIT ${CORRECTION_CANDIDATES}
     ) t`,
    [correctable],
    { prepare: 'search_corrections' },
  );
  const byWord = new Map<string, string[]>();
  for (const { word, term } of rows) {
    const terms = byWord.get(word) ?? [];
    if (terms.length < CORRECTIONS_PER_WORD && editDistance(word, term) <= allowedTypos(word)) byWord.set(word, [...terms, term]);
  }
  return byWord;
}

/** How many typos a word may have: none below 4 letters, 1 up to 7 letters, 2 from 8. */
function allowedTypos(word: string): number {
  return word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;
}

/** Edits (insert, delete, replace, swap two neighbours) that turn a into b: optimal string alignment distance. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/**
 * The tsquery text of a query, e.g. `('notin':* | 'notion') & ('ai')`. Every lexeme is quoted and
 * escaped here, so neither the query nor a dictionary word can inject tsquery syntax; lexemes are already in
 * the 'simple' configuration's normal form (lower case), so the text is cast to tsquery as it is.
 */
function textQuery(words: string[], corrected: Map<string, string[]>): string {
  const asTyped = (word: string) => lexeme(word) + (word.length >= MIN_PREFIX_LENGTH ? ':*' : '');
  return words.map((w) => `(${[asTyped(w), ...(corrected.get(w) ?? []).map(lexeme)].join(' | ')})`).join(' & ');
}

const lexeme = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** A domain as stored (host name, lower case) with and without a leading "www.". */
function domainForms(domain: string): string[] {
  const bare = domain
    .trim()
    .toLowerCase()
    .replace(/^www\./, '');
  return [bare, `www.${bare}`];
}

/** Numbered query parameters collected while the SQL text is built. */
class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
