import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { country, inView, listingInView, offsetOf, pageOf, pageResult, paging, slug, summaryView } from '../src/schema.js';
import { ValidationError } from '../src/errors.js';
import { toSummary } from '../src/catalogue/listing-summary.js';
import { searchListings, SEARCH_SORTS } from '../src/catalogue/search.js';
import { categoryWithDescendants } from '../src/catalogue/categories.js';
import { searchSuggestions, suggestForEmptySearch } from '../src/catalogue/search-suggestions.js';

const queryReading = z.object({
  corrected_q: z.string().nullable().describe('q with its misspelt words corrected ("calender" → "calendar"); null when none was'),
  all_words_matched: z.boolean().describe('false: no listing holds every word; those holding the most are shown'),
  unmatched_words: z.array(z.string()).describe('Words no listing holds'),
  ignored_words: z.array(z.string()).describe('Words too common to search for ("for", "the")'),
});

export default defineTool({
  name: 'search_listings',
  title: 'Search listings',
  toolset: 'directory',
  description:
    'A page of listings matching a need or a name in plain words and filters (get_listing for a full profile). Words match in any order and form ("tracking" finds "track"), typos are corrected, and a category\'s name and synonyms count; listings with every word come first, else those with the most (query_reading says which words matched nothing). An empty page says what to try instead.',
  http: { method: 'GET', path: '/listings', status: 200 },
  scopes: [],
  idempotencyKey: false,
  crossFieldRules: [{ path: /^\/category$/, message: /No category has this slug/ }],
  input: z.strictObject({
    q: z
      .string()
      .max(200)
      .optional()
      .describe(
        'A need, a name, a founder or a country in plain words; typo tolerant ("notin" finds Notion); only letters and digits count',
      ),
    category: slug('category').optional().describe('From list_categories; includes its subcategories'),
    stage: slug('stage').optional().describe('As shown on listings'),
    country: country.optional(),
    pricing_model: z.string().max(40).optional().describe('As shown on listings, e.g. "freemium"'),
    domain: z.string().max(253).optional().describe('e.g. "notion.so"; a leading "www." is ignored'),
    status: z.enum(['live', 'upcoming']).default('live').describe('upcoming: scheduled for a future launch week'),
    sort: z.enum(SEARCH_SORTS).default('relevance').describe('rating: best community_rating first, ties by number of reviews'),
    view: summaryView,
    ...paging,
  }),
  output: pageOf(listingInView).extend({
    total_is_estimate: z
      .boolean()
      .describe('true when total is an estimate: common words match too many listings to count them all (has_more is exact)'),
    suggestions: searchSuggestions.optional().describe('Only when nothing matched: what to try instead'),
    query_reading: queryReading.optional().describe('How q was read; only with q'),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(input, { services }) {
    const { db, config, now } = services;
    const categoryIds = input.category === undefined ? undefined : await categoryWithDescendants(db, input.category);
    if (categoryIds === null) {
      throw new ValidationError([{ path: '/category', message: 'No category has this slug; list_categories names them all' }]);
    }
    const search = {
      q: input.q,
      categoryIds,
      stage: input.stage,
      country: input.country,
      pricingModel: input.pricing_model,
      domain: input.domain,
      upcoming: input.status === 'upcoming',
      sort: input.sort,
      limit: input.per_page,
      offset: offsetOf(input),
      now: now(),
      estimateAbove: { matches: config.searchExactTotalUpTo, share: config.searchWalkShare },
      index: await services.searchIndex?.current(),
      dictionary: await services.termDictionary?.current(),
    };
    const { rows, total, totalIsEstimate, reading } = await searchListings(db, search);
    const suggestions = total === 0 ? { suggestions: await suggestForEmptySearch(db, search) } : {};
    return {
      ...pageResult(
        rows.map((row) => inView(toSummary(row, config.publicUrl), input.view)),
        total,
        input,
      ),
      total_is_estimate: totalIsEstimate,
      ...suggestions,
      ...(reading && {
        query_reading: {
          corrected_q: reading.corrected,
          all_words_matched: reading.allWords,
          unmatched_words: reading.unmatched,
          ignored_words: reading.ignored,
        },
      }),
    };
  },
});
