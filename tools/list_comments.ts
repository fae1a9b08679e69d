import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { isoDateTime, offsetOf, pageOf, pageResult, paging, slug } from '../src/schema.js';
import { unknownListing } from '../src/catalogue/close-slugs.js';
import { listComments } from '../src/community/comments.js';

const comment = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable().describe('The top comment a reply answers; null for a top comment'),
  body: z.string().nullable().describe('Null when deleted or hidden'),
  author: z.string().nullable().describe("The author's display name; null when deleted"),
  maker: z.boolean().describe("Written by the listing's maker (an owner)"),
  created_at: isoDateTime,
  state: z.enum(['visible', 'deleted', 'hidden']),
});

export default defineTool({
  name: 'list_comments',
  title: "A listing's discussion",
  toolset: 'directory',
  description:
    "Top comments oldest first, each with its replies; maker marks the maker's. People comment themselves on the listing's page (profile_url), not through tools (a maker may answer: reply_to_comment). A deleted or hidden comment shows only when it has replies. Unknown or unpublished slugs: 404.",
  http: { method: 'GET', path: '/listings/{slug}/comments', status: 200 },
  scopes: [],
  idempotencyKey: false,
  errorStatuses: [404],
  input: z.strictObject({ slug: slug('listing'), ...paging }),
  output: pageOf(comment.extend({ replies: z.array(comment) })),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(input, { services }) {
    const found = await listComments(services.db, input.slug, { limit: input.per_page, offset: offsetOf(input) });
    if (!found) throw await unknownListing(services.db, input.slug);
    return pageResult(found.items, found.total, input);
  },
});
