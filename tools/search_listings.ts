import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { country, listingSummary, offsetOf, pageOf, pageResult, paging, slug } from '../src/schema.js';
import { ValidationError } from '../src/errors.js';
import { toSummary } from '../src/catalogue/listing-summary.js';
import { searchListings, SEARCH_SORTS } from '../src/catalogue/search.js';
import { categoryWithDescendants } from '../src/catalogue/categories.js';

export default defineTool({
  name: 'search_listings',
  title: 'Search listings',
  description:
    'Finds products in the directory by words and filters; returns a page of listing summaries. q is typo tolerant ' +
    '("notin" finds Notion) and matches name, tagline, keywords and descriptions; every word must match. Filters: ' +
    'category (includes its subcategories; a slug from list_categories, an unknown one is a 400), stage, country, ' +
    "pricing_model, domain (the product's website, e.g. notion.so). status: live (default) or upcoming (scheduled " +
    'launches). sort: relevance (default; most voted first when there is no q), newest (for upcoming: soonest launch ' +
    'week first), votes, trending (votes of the last 14 days, recent ones count most), most_viewed, most_followed. ' +
    'With very common words the total is estimated (total_is_estimate). Use get_listing for a full profile.',
  http: { method: 'GET', path: '/listings', status: 200 },
  scopes: [],
  idempotencyKey: false,
  errorStatuses: [],
  input: z.strictObject({
    q: z.string().max(200).optional().describe('Words to look for (typo tolerant; letters and digits count, every word must match)'),
    category: slug('category').optional().describe('Category slug; listings of its subcategories are included'),
    stage: slug('stage').optional().describe('Company stage slug, as shown on listings'),
    country: country.optional(),
    pricing_model: z.string().max(40).optional().describe('Pricing model as shown on listings, e.g. "freemium" (any letter case)'),
    domain: z.string().max(253).optional().describe('Website domain, e.g. "notion.so"; a leading "www." is ignored'),
    status: z.enum(['live', 'upcoming']).default('live').describe('live (default) or upcoming: scheduled for a future launch week'),
    sort: z.enum(SEARCH_SORTS).default('relevance').describe('Order of the results (default relevance)'),
    ...paging,
  }),
  output: pageOf(listingSummary).extend({
    total_is_estimate: z
      .boolean()
      .describe('true when total is an estimate: common words match too many listings to count them all (has_more is exact)'),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(input, { services }) {
    const { db, config, now } = services;
    const categoryIds = input.category === undefined ? undefined : await categoryWithDescendants(db, input.category);
    if (categoryIds === null) {
      throw new ValidationError([{ path: '/category', message: 'No category has this slug; list_categories names them all' }]);
    }
    const { rows, total, totalIsEstimate } = await searchListings(db, {
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
      index: services.searchIndex?.usable(),
    });
    return {
      ...pageResult(
        rows.map((row) => toSummary(row, config.publicUrl)),
        total,
        input,
      ),
      total_is_estimate: totalIsEstimate,
    };
  },
});
