import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { isoDateTime, offsetOf, pageOf, pageResult, paging, slug } from '../src/schema.js';
import { unknownListing } from '../src/catalogue/close-slugs.js';
import { listReviews } from '../src/community/reviews.js';

const review = z.object({
  id: z.number().int(),
  rating: z.number().int().describe('1 to 5'),
  body: z.string(),
  created_at: isoDateTime,
  updated_at: isoDateTime.nullable().describe('Null if never edited'),
  reviewer: z.string().describe("The reviewer's display name"),
  counted: z.boolean().describe('Counts in community_rating (genuine)'),
});

export default defineTool({
  name: 'list_reviews',
  title: "A listing's reviews",
  toolset: 'directory',
  description:
    "Reviews by people on the site, newest or best rated first; counted: in get_listing's community_rating. People write reviews themselves on the listing's page (profile_url); no tool writes one. Unknown or unpublished slugs: 404.",
  http: { method: 'GET', path: '/listings/{slug}/reviews', status: 200 },
  scopes: [],
  idempotencyKey: false,
  errorStatuses: [404],
  input: z.strictObject({
    slug: slug('listing'),
    order: z.enum(['newest', 'highest']).default('newest'),
    ...paging,
  }),
  output: pageOf(review),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(input, { services }) {
    const found = await listReviews(services.db, input.slug, { order: input.order, limit: input.per_page, offset: offsetOf(input) });
    if (!found) throw await unknownListing(services.db, input.slug);
    return pageResult(found.items, found.total, input);
  },
});
