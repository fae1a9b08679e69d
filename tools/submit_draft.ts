import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { ownDraft } from '../src/drafting/draft-access.js';
import { writeSubmission } from '../src/drafting/draft-submission.js';
import { changeDraft } from '../src/drafting/draft-store.js';
import { LISTING_STATUSES } from '../src/db/entities/listing.js';

export default defineTool({
  name: 'submit_draft',
  title: 'Turn a draft into a listing',
  toolset: 'submission',
  description:
    'Saves a ready draft as an unpublished listing (status draft) and answers its listing_id; running it again after edits updates that listing. It must have a name and a category (update_draft). To publish: choose_free_listing or buy a launch (create_checkout); once published, edit with update_my_listing. 409 while the draft is still crawling or drafting. Needs listings:write.',
  http: { method: 'POST', path: '/drafts/{id}/submit', status: 200 },
  scopes: ['listings:write'],
  idempotencyKey: true,
  errorStatuses: [401, 403, 404, 409],
  input: z.strictObject({ id: z.uuid().describe('The draft id') }),
  output: z.object({
    listing_id: z.number().int(),
    status: z.enum(LISTING_STATUSES).describe('draft: saved, not published (a listing already published keeps its status)'),
    draft_id: z.string(),
  }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ id }, { services, caller }) {
    const draft = await ownDraft(services.db, caller, id);
    const { result: listingId } = (await changeDraft(services.db, draft.id, services.now, (locked, tx) =>
      writeSubmission(tx, locked, services.now()),
    ))!;
    // writeSubmission refuses a published listing (409), so what it saved is a listing in status draft.
    return { listing_id: listingId, status: 'draft' as const, draft_id: draft.id };
  },
});
