import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { NotFoundError } from '../src/errors.js';
import { inView, listingInView, pageOf, pageResult, paging, slug, summaryView } from '../src/schema.js';
import { categoryDetail, categoryListings, findCategory } from '../src/catalogue/categories.js';

export default defineTool({
  name: 'get_category',
  title: 'Category with its listings',
  toolset: 'directory',
  description:
    "A category by slug (list_categories) with its direct subcategories and their live counts, and `listings`: a page of its and its subcategories' live listings (primary or extra category), most voted first. Unknown slug: 404.",
  http: { method: 'GET', path: '/categories/{slug}', status: 200 },
  scopes: [],
  idempotencyKey: false,
  errorStatuses: [404],
  input: z.strictObject({ slug: slug('category'), view: summaryView, ...paging }),
  output: categoryDetail.extend({
    listings: pageOf(listingInView).describe('Live listings of the category and its subcategories, most voted first'),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(input, { services }) {
    const { db, config } = services;
    const category = await findCategory(db, input.slug, config.publicUrl);
    if (!category) throw new NotFoundError('category', input.slug);
    const { id, ...detail } = category;
    const { items, total } = await categoryListings(db, id, input, config.publicUrl);
    return {
      ...detail,
      listings: pageResult(
        items.map((item) => inView(item, input.view)),
        total,
        input,
      ),
    };
  },
});
