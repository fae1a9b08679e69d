import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { isoDateTime, recordId, someText } from '../src/schema.js';
import { postListingUpdate } from '../src/listings/listing-news.js';

export default defineTool({
  name: 'post_listing_update',
  title: 'Post news of my listing',
  toolset: 'listings',
  description: "Shown in the listing's latest_updates from the next read on and e-mailed once to each follower (in the background).",
  http: { method: 'POST', path: '/me/listings/{listing_id}/updates', status: 201 },
  scopes: ['listings:write'],
  idempotencyKey: true,
  errorStatuses: [404],
  input: z.strictObject({
    listing_id: recordId('The listing id'),
    title: someText(200),
    body: someText(5000).describe('Plain text'),
  }),
  output: z.object({
    id: z.number().int(),
    listing_id: z.number().int(),
    title: z.string(),
    body: z.string(),
    published_at: isoDateTime,
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async handler({ listing_id, title, body }, { services, caller }) {
    const posted = await postListingUpdate(services.db, services.jobs, caller.accountId, listing_id, { title, body }, services.now());
    return { ...posted, listing_id };
  },
});
