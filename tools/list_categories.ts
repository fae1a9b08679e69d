import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { categoryNode, categoryTree, countLiveListings } from '../src/catalogue/categories.js';

export default defineTool({
  name: 'list_categories',
  title: 'Category tree',
  description:
    "Lists the whole category tree: top-level categories (ordered by the site's position, then name), each with its " +
    'subcategories nested under `subcategories`. Every node has slug, name, description, the number of live listings in it ' +
    'or any of its subcategories (primary or extra category, each listing counted once) and its page URL. Set include_empty ' +
    'to false to leave out categories without live listings. Use the slugs with get_category or the category filter of ' +
    'search_listings, and the names when choosing categories for a draft.',
  http: { method: 'GET', path: '/categories', status: 200 },
  scopes: [],
  idempotencyKey: false,
  errorStatuses: [],
  input: z.strictObject({
    include_empty: z.boolean().default(true).describe('Include categories without live listings (default true)'),
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
