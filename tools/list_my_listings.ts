import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { pageOf, pageResult, paging } from '../src/schema.js';
import { listOwnedListings, ownedListingItem } from '../src/listings/owner-view.js';

export default defineTool({
  name: 'list_my_listings',
  title: 'List my listings',
  toolset: 'listings',
  description:
    'Your listings in any status (draft: saved, not published; awaiting_badge: free listing waiting for its badge; ' +
    'scheduled; live; hidden), most recently changed first, with plan and launch week. get_my_listing gives the owner view.',
  http: { method: 'GET', path: '/me/listings', status: 200 },
  scopes: ['account:read'],
  idempotencyKey: false,
  input: z.strictObject({ ...paging }),
  output: pageOf(ownedListingItem),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler({ page, per_page }, { services, caller }) {
    const { items, total } = await listOwnedListings(services.db, caller.accountId, { page, per_page }, services.config.publicUrl);
    return pageResult(items, total, { page, per_page });
  },
});
