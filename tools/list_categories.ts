import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { categoryNode, categoryTree, countLiveListings } from '../src/catalogue/categories.js';

export default defineTool({
  name: 'list_categories',
  title: 'Category tree',
  toolset: 'directory',
  description:
    "The whole category tree: top-level categories with their `subcategories`; live_count includes the subcategories' listings. Use slugs with get_category or search_listings, names when choosing a draft's categories.",
  http: { method: 'GET', path: '/categories', status: 200 },
  scopes: [],
  idempotencyKey: false,
  input: z.strictObject({
    include_empty: z.boolean().default(true).describe('Include categories without live listings'),
  }),
  output: z.object({
    items: z.array(categoryNode).describe('Top-level categories'),
    total_live_listings: z.number().int().describe('Live listings in the directory, each counted once'),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(input, { services }) {
    const [items, total] = await Promise.all([
      categoryTree(services.db, services.config.publicUrl, input.include_empty),
      countLiveListings(services.db),
    ]);
    return { items, total_live_listings: total };
  },
});
