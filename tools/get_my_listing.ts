import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { recordId } from '../src/schema.js';
import { ownerListingView, ownerListingWithModeration } from '../src/listings/owner-view.js';

export default defineTool({
  name: 'get_my_listing',
  title: 'Get my listing',
  toolset: 'listings',
  description:
    'The owner view of one of your listings, in any status: plan (free or paid), launch week, which paid sections the ' +
    "public sees, a free listing's badge check (what is looked for, last and next check, what was found where), private " +
    "fields, what to do next, the site team's decisions (hidden with reason, featured) and the whole profile with story, " +
    "milestones and media. Another account's listing: 404.",
  http: { method: 'GET', path: '/me/listings/{listing_id}', status: 200 },
  scopes: ['account:read'],
  idempotencyKey: false,
  errorStatuses: [404],
  input: z.strictObject({ listing_id: recordId('From submit_draft or list_my_listings') }),
  output: ownerListingWithModeration,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler({ listing_id }, { services, caller }) {
    return ownerListingView(services.db, caller.accountId, listing_id, services.config.publicUrl, services.now());
  },
});
