/**
 * The relevance measurement of search_listings (README.md in this folder): a judged query set, the directory it was
 * judged on, and the metrics. Nothing here knows how the search works; it is given a function that answers a query
 * with the ordered listing slugs.
 *
 * - grade of a listing for a query: 2 when the query names it (relevant_listings), 1 when its primary category is
 *   one of relevant_categories, else 0; only live listings count.
 * - precision@5: relevant listings (grade > 0) among the first 5 answered, over min(5, relevant live listings).
 * - NDCG@10: DCG of the first 10 answered, gain 2^grade - 1 discounted by log2(rank + 1), over the DCG of the ideal
 *   order of every relevant live listing.
 */

export type QueryKind = 'need' | 'name' | 'typo' | 'category' | 'founder' | 'country';

export interface JudgedQuery {
  id: string;
  q: string;
  kind: QueryKind;
  /** Subcategory slugs: every live listing whose primary category is one of them is relevant (grade 1). */
  relevant_categories?: string[];
  /** Listing slugs, relevant with grade 2 (the product named, the founder's products, the country's listings). */
  relevant_listings?: string[];
  note?: string;
}

export interface QuerySet {
  /** The `now` the demo directory was built at when the set was judged. */
  now: string;
  queries: JudgedQuery[];
}

/** A live listing of the directory, as judging needs it. */
export interface JudgedListing {
  slug: string;
  primary_category: string;
}

/** Answers a query with the ordered slugs of the listings found (only the first 10 are read). */
export type Search = (q: string) => Promise<string[]>;

interface QueryResult {
  id: string;
  q: string;
  kind: QueryKind;
  relevant: number;
  p_at_5: number;
  ndcg_at_10: number;
  empty: boolean;
  top: string[];
}

export interface Summary {
  queries: number;
  p_at_5: number;
  ndcg_at_10: number;
  /** Queries with relevant live listings whose answer was empty. */
  empty: number;
}

export interface Report {
  overall: Summary;
  by_kind: Partial<Record<QueryKind, Summary>>;
  results: QueryResult[];
}

export const KINDS: readonly QueryKind[] = ['need', 'name', 'typo', 'category', 'founder', 'country'];

/** The grade of every relevant live listing for the query; throws on a slug or category the directory lacks. */
export function gradesOf(query: JudgedQuery, directory: readonly JudgedListing[]): Map<string, number> {
  const slugs = new Set(directory.map((l) => l.slug));
  const categories = new Set(directory.map((l) => l.primary_category));
  const grades = new Map<string, number>();
  for (const category of query.relevant_categories ?? []) {
    if (!categories.has(category)) throw new Error(`${query.id}: no live listing is filed under ${category}`);
    for (const listing of directory) if (listing.primary_category === category) grades.set(listing.slug, 1);
  }
  for (const slug of query.relevant_listings ?? []) {
    if (!slugs.has(slug)) throw new Error(`${query.id}: ${slug} is not a live listing`);
    grades.set(slug, 2);
  }
  if (grades.size === 0) throw new Error(`${query.id}: nothing is relevant`);
  return grades;
}

export function precisionAt5(answer: readonly string[], grades: ReadonlyMap<string, number>): number {
  const found = answer.slice(0, 5).filter((slug) => (grades.get(slug) ?? 0) > 0).length;
  return found / Math.min(5, grades.size);
}

const dcg = (gains: readonly number[]) => gains.slice(0, 10).reduce((sum, grade, i) => sum + (2 ** grade - 1) / Math.log2(i + 2), 0);

export function ndcgAt10(answer: readonly string[], grades: ReadonlyMap<string, number>): number {
  const ideal = dcg([...grades.values()].sort((a, b) => b - a));
  return dcg(answer.map((slug) => grades.get(slug) ?? 0)) / ideal;
}

const mean = (values: readonly number[]) => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);

function summarize(results: readonly QueryResult[]): Summary {
  return {
    queries: results.length,
    p_at_5: mean(results.map((r) => r.p_at_5)),
    ndcg_at_10: mean(results.map((r) => r.ndcg_at_10)),
    empty: results.filter((r) => r.empty).length,
  };
}

/** Runs every query of the set through `search`, one after the other, and measures the answers. */
export async function evaluate(set: QuerySet, directory: readonly JudgedListing[], search: Search): Promise<Report> {
  const results: QueryResult[] = [];
  for (const query of set.queries) {
    const grades = gradesOf(query, directory);
    const answer = [...new Set(await search(query.q))].slice(0, 10);
    results.push({
      id: query.id,
      q: query.q,
      kind: query.kind,
      relevant: grades.size,
      p_at_5: precisionAt5(answer, grades),
      ndcg_at_10: ndcgAt10(answer, grades),
      empty: answer.length === 0,
      top: answer,
    });
  }
  const by_kind: Report['by_kind'] = {};
  for (const kind of KINDS) {
    const ofKind = results.filter((r) => r.kind === kind);
    if (ofKind.length > 0) by_kind[kind] = summarize(ofKind);
  }
  return { overall: summarize(results), by_kind, results };
}
