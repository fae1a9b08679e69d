/**
 * Listing search: full text over name, tagline, keywords, category words and descriptions, filters and sort orders.
 *
 * Full text uses listing_search.search_vector ('english' configuration, so word forms match; weights A name,
 * B tagline, keywords and the primary category's name, keywords and parent, C short description, D description;
 * kept up to date by triggers, migration 0033) through its GIN index. How a query's words are read (stems, stop
 * words, typo corrections, prefixes) is query-reading.ts.
 *
 * Listings with every word come first. When none has every word, those with the most words are the answer (at
 * least half the words, or as many as the best match has), so a need in plain words is never left empty while
 * listings match most of it; the answer says which words matched nothing.
 *
 * Relevance weighs where a word was found (name, then tagline and category, then the descriptions) plus the trigram
 * similarity of a listing's name to the whole query when they are close (a product named in the query); votes only
 * break ties. To keep the cost bounded when a query matches a large part of the catalogue, only the RELEVANCE_POOL
 * most voted matches are ranked; further matches follow them in order of votes.
 *
 * Text searches read listing_search (SEARCH_TABLE), a trigger-maintained narrow copy of the listing columns
 * they filter, sort and rank on with its own GIN index, and listings only for the rows of the page: a common
 * word matches tens of thousands of listings, and visiting each wide listings row was most of the cost.
 */
import type { Database } from '../db/database.js';
import { inCategories } from './categories.js';
import { closeSlugs } from './close-slugs.js';
import { SUMMARY_COLUMNS, SUMMARY_FROM, type SummaryRow } from './listing-summary.js';
import { trendingCtes } from './trending.js';
import type { TermDictionary } from './term-dictionary.js';
import type { IndexedMatches, WordIndex } from './word-index.js';
import {
  allWordsQuery,
  anyWordQuery,
  correctedQuery,
  queryWords,
  readQuery,
  type QueryReading,
  type QueryWord,
  wordAlternatives,
  wordQuery,
} from './query-reading.js';

export const SEARCH_SORTS = ['relevance', 'newest', 'votes', 'rating', 'trending', 'most_viewed', 'most_followed'] as const;
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
  /** The typo dictionary in memory (term-dictionary.ts), when it is current; else the words are read in PostgreSQL. */
  dictionary?: TermDictionary;
}

export interface SearchResult {
  rows: SummaryRow[];
  total: number;
  /** The total is the planner's estimate: counting every match of common words cost more than the page. */
  totalIsEstimate: boolean;
  /** How the words were read; absent without words. */
  reading?: ReadingSummary;
}

/** What a search answer says of how it read the query. */
export interface ReadingSummary {
  /** The query with its misspelt words corrected, when one was ("calender" → "calendar"). */
  corrected: string | null;
  /** true when the listings found hold every word; false when none did and those with the most words are shown. */
  allWords: boolean;
  /** Words no listing (of the filters asked) holds. */
  unmatched: string[];
  /** Stop words left out ("for", "the"). */
  ignored: string[];
}

/** Weight of the trigram similarity between a listing's name and the whole query in the relevance score. */
const NAME_BOOST = 2;
/** Below this trigram similarity a name is not taken for the product the query names ("tidaldesk" is not "help desk"). */
const NAME_LIKENESS = 0.5;
/** Added to the relevance of a listing in a place the query names ("chatbot from germany"): places come first. */
const PLACE_BOOST = 3;
/** ts_rank's weights of D (description), C (short description), B (tagline, keywords, category) and A (name). */
const FIELD_WEIGHTS = '{0.05, 0.15, 0.6, 1.0}';
/** A query of at most this many words that matches nothing may be a product's name typed another way. */
const MAX_NAME_WORDS = 3;
/** How many of the most voted matches are ranked by relevance. */
const RELEVANCE_POOL = 200;
/**
 * A narrow copy of each listing's status, filter and sort columns, name and search_vector, kept in step by
 * triggers (migration 0002): text searches match, count and rank there, which reads a few hundred bytes per
 * match instead of a listings row.
 */
const SEARCH_TABLE = 'listing_search';

export { queryWords };

export async function searchListings(db: Database, search: ListingSearch): Promise<SearchResult> {
  const params = new SqlParams();
  const where = filters(search, params);
  if (search.q === undefined || search.q.trim() === '') return orderedPage(db, search, where, params);
  const words = queryWords(search.q);
  // Text with no letter or digit (e.g. "!!!") has nothing to look for: nothing matches it.
  if (words.length === 0) return { rows: [], total: 0, totalIsEstimate: false };
  const reading = await readQuery(db, words, search.dictionary);
  const summary = (allWords: boolean, unmatched: string[] = []): ReadingSummary => ({
    corrected: correctedQuery(words, reading),
    allWords,
    unmatched,
    ignored: reading.ignored,
  });
  if (reading.words.length === 0) return { rows: [], total: 0, totalIsEstimate: false, reading: summary(false) };
  const unfiltered = { where: [...where], values: [...params.values] };
  const page = await everyWordPage(db, search, reading, where, params);
  if (page.total > 0 || page.totalIsEstimate) return { ...page, reading: summary(true) };
  const partial =
    reading.words.length === 1
      ? { rows: [], total: 0, unmatched: [reading.words[0].word] }
      : await mostWordsPage(db, search, reading, unfiltered);
  if (partial.total > 0 || search.offset > 0 || words.length > MAX_NAME_WORDS) {
    return { rows: partial.rows, total: partial.total, totalIsEstimate: false, reading: summary(false, partial.unmatched) };
  }
  const named = await closeNames(db, search, words, unfiltered);
  return { rows: named, total: named.length, totalIsEstimate: false, reading: summary(false, partial.unmatched) };
}

/**
 * When no listing holds a word of a short query, it may be a product's name typed another way ("focuscal" for
 * "Focus Cal", "rocket maple" for Rocketmaple): the public listings whose slug is close to the words run together
 * (closeSlugs, as an unknown slug's 404 suggests them), within the filters asked for.
 */
async function closeNames(
  db: Database,
  search: ListingSearch,
  words: string[],
  unfiltered: { where: string[]; values: unknown[] },
): Promise<SummaryRow[]> {
  const slugs = await closeSlugs(db, words.join('-'));
  if (slugs.length === 0) return [];
  const params = new SqlParams();
  params.values.push(...unfiltered.values);
  const named = params.add(slugs);
  return db.query<SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM ${SUMMARY_FROM}
     WHERE ${[...unfiltered.where, `l.slug = ANY(${named}::text[])`].join(' AND ')}
     ORDER BY array_position(${named}::text[], l.slug::text) LIMIT ${params.add(search.limit)}`,
    params.values,
  );
}

/**
 * The words every match must hold, and the places the query names that a search by relevance prefers rather than
 * requires ("chatbot from germany": chatbots, German ones first). A query of places alone requires them.
 */
function splitPlaces(reading: QueryReading, byRelevance: boolean): { required: QueryReading; preferred: QueryWord[] } {
  const places = byRelevance ? reading.words.filter((w) => w.place) : [];
  if (places.length === 0 || places.length === reading.words.length) return { required: reading, preferred: [] };
  return { required: { ...reading, words: reading.words.filter((w) => !w.place) }, preferred: places };
}

/** The listings holding every word of the query. */
async function everyWordPage(
  db: Database,
  search: ListingSearch,
  reading: QueryReading,
  where: string[],
  params: SqlParams,
): Promise<SearchResult> {
  const { required, preferred } = splitPlaces(reading, search.sort === 'relevance');
  const ranking: Ranking = {
    tsquery: allWordsQuery(required),
    preferred: preferred.length > 0 ? anyWordQuery({ words: preferred, ignored: [] }) : null,
  };
  const indexed = indexedMatches(search, required);
  if (indexed) return indexedPage(db, search, indexed, where, params, ranking);
  const tsquery = params.add(ranking.tsquery);
  where.push(`l.search_vector @@ ${tsquery}::tsquery`);
  const matchParams = [...params.values]; // the pages add their own
  const expected = await expectedMatches(db, where, matchParams);
  const { matches, share } = search.estimateAbove;
  const estimate = expected > matches && expected >= share * (await searchedRows(db)) ? expected : undefined;
  const page =
    search.sort === 'relevance'
      ? await rankedPage(db, search, where, params, ranking, estimate)
      : await orderedPage(db, search, where, params, SEARCH_TABLE, estimate);
  // Past the last match of an estimated search nothing tells how many there are: count them after all.
  if (page.totalIsEstimate && page.rows.length === 0 && search.offset > 0)
    return { ...page, total: await countMatches(db, where, matchParams), totalIsEstimate: false };
  return page;
}

/**
 * When no listing holds every word: the listings holding the most of them (at least half, or as many as the best
 * one holds), those with more words first, then those whose words are rarer among the matches (a rare word says
 * more of the need than a common one: inverse document frequency), then by relevance (or the sort asked for);
 * and the words none holds.
 */
async function mostWordsPage(
  db: Database,
  search: ListingSearch,
  reading: QueryReading,
  unfiltered: { where: string[]; values: unknown[] },
): Promise<{ rows: SummaryRow[]; total: number; unmatched: string[] }> {
  const params = new SqlParams();
  params.values.push(...unfiltered.values);
  const any = params.add(anyWordQuery(reading));
  const eachWord = reading.words.map((w) => `(l.search_vector @@ ${params.add(wordQuery(w))}::tsquery)`);
  const needed = Math.ceil(reading.words.length / 2);
  const ranking: Ranking = { tsquery: anyWordQuery(reading), preferred: null };
  const order =
    search.sort === 'relevance'
      ? `${relevance('m.search_vector', 'm.name', ranking, search.q, params)} DESC, m.votes_count DESC, m.id`
      : COLUMN_ORDERS[search.sort === 'trending' ? 'votes' : search.sort](search.upcoming).replaceAll('l.', 'm.');
  const rows = await db.query<SummaryRow & { total: number; word_hits: number[] }>(
    `WITH matches AS MATERIALIZED (
       SELECT l.*, ARRAY[${eachWord.join(', ')}] AS found FROM ${SEARCH_TABLE} l
       WHERE ${[...unfiltered.where, `l.search_vector @@ ${any}::tsquery`].join(' AND ')}
     ),
     word_counts AS (
       SELECT ARRAY(SELECT (SELECT count(*) FROM matches WHERE found[i])::int FROM generate_series(1, ${eachWord.length}) i ORDER BY i) AS n
     ),
     counted AS (
       SELECT m.*, (SELECT count(*) FROM unnest(m.found) f WHERE f)::int AS hits,
              (SELECT sum(1.0 / w.n[i]) FROM generate_series(1, ${eachWord.length}) i WHERE m.found[i]) AS rarity
       FROM matches m, word_counts w
     ),
     kept AS (SELECT * FROM counted WHERE hits >= least(${needed}, (SELECT max(hits) FROM counted))),
     page AS (
       SELECT m.id, row_number() OVER (ORDER BY m.hits DESC, m.rarity DESC, ${order}) AS position FROM kept m
       ORDER BY position LIMIT ${params.add(search.limit)} OFFSET ${params.add(search.offset)}
     )
     SELECT t.total, t.word_hits, s.*
     FROM (SELECT (SELECT count(*) FROM kept)::int AS total, (SELECT n FROM word_counts) AS word_hits) t
     LEFT JOIN (SELECT ${SUMMARY_COLUMNS}, page.position FROM ${SUMMARY_FROM} JOIN page ON page.id = l.id) s ON true
     ORDER BY s.position`,
    params.values,
  );
  const hits = rows[0]?.word_hits ?? [];
  const unmatched = reading.words.filter((_, i) => !(hits[i] > 0)).map((w) => w.word);
  const found = rows.filter((row) => row.id !== null).map(({ word_hits: _hits, total: _total, ...row }) => row as SummaryRow);
  return { rows: found, total: rows[0]?.total ?? 0, unmatched };
}

/** What a page ranks by: the tsquery of the words that must match, and the query's places (preferred), as SQL text. */
interface Ranking {
  tsquery: string;
  /** The tsquery text of the place words the query prefers (null without any): see splitPlaces. */
  preferred: string | null;
}

/**
 * The relevance of a listing, as SQL over `vector` and `name`: where its words were found (FIELD_WEIGHTS), plus the
 * name's trigram similarity to the whole query when the name is that close to it, plus PLACE_BOOST when it is in a
 * place the query names. Parameters are added to `params` (tsquery and preferred are tsquery texts).
 */
function relevance(vector: string, name: string, ranking: Ranking, q: string | undefined, params: SqlParams): string {
  const query = params.add(q);
  return `(ts_rank('${FIELD_WEIGHTS}', ${vector}, ${params.add(ranking.tsquery)}::tsquery)
    + CASE WHEN similarity(${name}, ${query}) >= ${NAME_LIKENESS} THEN ${NAME_BOOST} * similarity(${name}, ${query}) ELSE 0 END
    + ${PLACE_BOOST} * coalesce((${vector} @@ ${params.add(ranking.preferred)}::tsquery)::int, 0))`;
}

/**
 * The matches of a text search found in the word index, when it applies (see ListingSearch.index): the total and
 * the most voted ones, as many as the relevance pool or the page needs.
 */
function indexedMatches(search: ListingSearch, reading: QueryReading): IndexedMatches | undefined {
  const onlyStatus = !search.categoryIds && !search.stage && !search.country && !search.pricingModel && !search.domain;
  if (!search.index || !onlyStatus || (search.sort !== 'relevance' && search.sort !== 'votes')) return undefined;
  const alternatives = reading.words.map(wordAlternatives);
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
  ranking: Ranking,
): Promise<SearchResult> {
  const ids = params.add(found.mostVoted);
  const ordered =
    search.sort === 'votes'
      ? `SELECT id, n AS position FROM by_votes`
      : `SELECT b.id, row_number() OVER (
             ORDER BY ${relevance('s.search_vector', 's.name', ranking, search.q, params)} DESC, b.n
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
  // Best rated first; among equal averages the most reviewed; unrated listings last.
  rating: () => 'l.rating_average DESC NULLS LAST, l.rating_count DESC, l.votes_count DESC, l.id',
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
  ranking: Ranking,
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
           ORDER BY ${relevance('s.search_vector', 's.name', ranking, search.q, params)} DESC,
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
