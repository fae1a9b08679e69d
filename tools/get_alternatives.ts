import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { listingSummary, offsetOf, pageOf, pageResult, paging, slug } from '../src/schema.js';
import { unknownListing } from '../src/catalogue/close-slugs.js';
import { toSummary } from '../src/catalogue/listing-summary.js';
import { listAlternatives } from '../src/catalogue/alternatives.js';

export default defineTool({
  name: 'get_alternatives',
  title: 'Alternatives to a listing',
  toolset: 'directory',
  description:
    'A page of products to use instead of a listing: first those its owner approved (approved: true), then other live listings of its primary category, each group most voted first. compare_listings puts two side by side. Unknown or unpublished slugs: 404.',
  http: { method: 'GET', path: '/listings/{slug}/alternatives', status: 200 },
  scopes: [],
  idempotencyKey: false,
  errorStatuses: [404],
  input: z.strictObject({ slug: slug('listing'), ...paging }),
  output: pageOf(listingSummary.extend({ approved: z.boolean().describe("Whether the listing's owner approved this alternative") })),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(input, { services }) {
    const found = await listAlternatives(services.db, input.slug, { limit: input.per_page, offset: offsetOf(input) });
    if (!found) throw await unknownListing(services.db, input.slug);
    return pageResult(
      found.rows.map((row) => ({ ...toSummary(row, services.config.publicUrl), approved: row.approved })),
      found.total,
      input,
    );
  },
});
