import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { pageOf, pageResult, paging } from '../src/schema.js';
import { listOwnDrafts } from '../src/drafting/draft-store.js';
import { completeness, missingParts } from '../src/drafting/draft-view.js';
import { DRAFT_STATUSES } from '../src/db/entities/draft.js';

export default defineTool({
  name: 'list_my_drafts',
  title: 'List my drafts',
  toolset: 'submission',
  description:
    'Your drafts, newest first: status, completeness (percentage), parts still missing, the name so far and, once submitted, its listing. get_draft gives the whole draft.',
  http: { method: 'GET', path: '/drafts', status: 200 },
  scopes: ['account:read'],
  idempotencyKey: false,
  input: z.strictObject({ ...paging }),
  output: pageOf(
    z.object({
      id: z.string(),
      url: z.string(),
      name: z.string().nullable(),
      status: z.enum(DRAFT_STATUSES),
      completeness: z.number().int(),
      missing: z.array(z.string()),
      listing_id: z.number().int().nullable(),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  ),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler({ page, per_page }, { services, caller }) {
    const { items, total } = await listOwnDrafts(services.db, caller.accountId, page, per_page);
    return pageResult(
      items.map((draft) => {
        const missing = missingParts(draft);
        const name = draft.fields.name?.value;
        return {
          id: draft.id,
          url: draft.url,
          name: typeof name === 'string' ? name : null,
          status: draft.status,
          completeness: completeness(missing),
          missing,
          listing_id: draft.listingId,
          created_at: draft.createdAt,
          updated_at: draft.updatedAt,
        };
      }),
      total,
      { page, per_page },
    );
  },
});
