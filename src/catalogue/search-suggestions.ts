/**
 * What an empty search should try instead, so that an assistant is not left with nothing: the categories
 * whose names, descriptions or keywords share a word (English word forms) with the query, and the query's
 * words that find listings on their own, with how many.
 */
import { z } from 'zod';
import type { Database } from '../db/database.js';
import { queryWords, searchListings, type ListingSearch } from './search.js';

export const searchSuggestions = z.object({
  message: z.string(),
  categories: z.array(z.object({ slug: z.string(), name: z.string() })).describe('Categories to browse (get_category) or filter by'),
  words: z.array(z.object({ q: z.string(), total: z.number().int() })).describe('Single words of the query that find listings alone'),
  without_filters: z
    .number()
    .int()
    .nullable()
    .describe('How many listings the words match without the filters given; null when none was given'),
});
export type SearchSuggestions = z.infer<typeof searchSuggestions>;

const MAX_WORDS = 5;
const MAX_CATEGORIES = 3;

export async function suggestForEmptySearch(db: Database, search: ListingSearch): Promise<SearchSuggestions> {
  const words = queryWords(search.q ?? '').slice(0, MAX_WORDS);
  const categories =
    words.length === 0
      ? []
      : await db.query<{ slug: string; name: string }>(
          `SELECT c.slug, c.name FROM categories c,
             to_tsvector('english', c.name || ' ' || c.description || ' ' || array_to_string(c.keywords, ' ')) doc,
             to_tsquery('english', $1) query
           WHERE doc @@ query ORDER BY ts_rank(doc, query) DESC, c.name LIMIT ${MAX_CATEGORIES}`,
          [words.map((word) => `'${word}'`).join(' | ')],
        );
  // Only totals are wanted: one row a search.
  const counting = { ...search, limit: 1, offset: 0 };
  const counted: SearchSuggestions['words'] = [];
  if (words.length > 1) {
    for (const word of words) {
      const { total } = await searchListings(db, { ...counting, q: word });
      if (total > 0) counted.push({ q: word, total });
    }
  }
  const unfiltered = { categoryIds: undefined, stage: undefined, country: undefined, pricingModel: undefined, domain: undefined };
  const filtered = search.categoryIds || search.stage || search.country || search.pricingModel || search.domain;
  const withoutFilters = filtered ? (await searchListings(db, { ...counting, ...unfiltered })).total : null;
  const tries = [
    counted.length > 0
      ? `fewer words (${counted.map((w) => `"${w.q}" finds ${w.total}`).join(', ')})`
      : words.length > 0
        ? 'other or broader words'
        : '',
    categories.length > 0 ? `browsing a category (${categories.map((c) => c.slug).join(', ')})` : 'browsing list_categories',
    withoutFilters ? `dropping the filters (${withoutFilters} match without them)` : '',
  ].filter(Boolean);
  return {
    message: `Nothing matched${search.q ? ` "${search.q}"` : ''}. Try ${tries.join('; or ')}.`,
    categories,
    words: counted,
    without_filters: withoutFilters,
  };
}
