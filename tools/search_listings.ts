import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { country, listingSummary, offsetOf, pageOf, pageResult, paging, slug } from '../src/schema.js';
import { ValidationError } from '../src/errors.js';
import { toSummary } from '../src/catalogue/listing-summary.js';
import { searchListings, SEARCH_SORTS } from '../src/catalogue/search.js';
import { categoryWithDescendants } from '../src/catalogue/categories.js';
import { searchSuggestions, suggestForEmptySearch } from '../src/catalogue/search-suggestions.js';

export default defineTool({
  name: 'search_listings',
  title: 'Search listings',
  toolset: 'directory',
  description:
    'A page of listing summaries matching words and filters (get_listing for a full profile); an empty page says what to try instead.',
  http: { method: 'GET', path: '/listings', status: 200 },
  scopes: [],
  idempotencyKey: false,
  crossFieldRules: [{ path: /^\/category$/, message: /No category has this slug/ }],
  input: z.strictObject({
    q: z
      .string()
      .max(200)
      .optional()
      .describe('Typo tolerant ("notin" finds Notion); every word must match; only letters and digits count'),
    category: slug('category').optional().describe('From list_categories; includes its subcategories'),
    stage: slug('stage').optional().describe('As shown on listings'),
    country: country.optional(),
    pricing_model: z.string().max(40).optional().describe('As shown on listings, e.g. "freemium"'),
    domain: z.string().max(253).optional().describe('e.g. "notion.so"; a leading "www." is ignored'),
    status: z.enum(['live', 'upcoming']).default('live').describe('upcoming: scheduled for a future launch week'),
    sort: z.enum(SEARCH_SORTS).default('relevance'),
    ...paging,
  }),
  output: pageOf(listingSummary).extend({
    total_is_estimate: z
      .boolean()
      .describe('true when total is an estimate: common words match too many listings to count them all (has_more is exact)'),
    suggestions: searchSuggestions.optional().describe('Only when nothing matched: what to try instead'),
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
    };
    const { rows, total, totalIsEstimate } = await searchListings(db, search);
    const suggestions = total === 0 ? { suggestions: await suggestForEmptySearch(db, search) } : {};
    return {
      ...pageResult(
        rows.map((row) => toSummary(row, config.publicUrl)),
        total,
        input,
      ),
      total_is_estimate: totalIsEstimate,
      ...suggestions,
    };
  },
});
