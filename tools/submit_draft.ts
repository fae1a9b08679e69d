import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { ownDraft } from '../src/drafting/draft-access.js';
import { writeSubmission } from '../src/drafting/draft-submission.js';
import { changeDraft } from '../src/drafting/draft-store.js';
import { LISTING_STATUSES } from '../src/db/entities/listing.js';
import { AFTER_PUBLISHING } from '../src/listings/listing-edits.js';

export default defineTool({
  name: 'submit_draft',
  title: 'Turn a draft into a listing',
  toolset: 'submission',
  description:
    "Saves a ready draft as an unpublished listing (status draft) and answers its listing_id; again after edits, updates that listing. 409 naming each path while get_draft's needed_to_save is not empty, or while crawling. The first category is the listing's; the others are kept for a paid launch. To publish: choose_free_listing, or quote_order then create_checkout.",
  http: { method: 'POST', path: '/drafts/{id}/submit', status: 200 },
  scopes: ['listings:write'],
  idempotencyKey: true,
  errorStatuses: [404, 409],
  input: z.strictObject({ id: z.uuid() }),
  output: z.object({
    listing_id: z.number().int(),
    status: z.enum(LISTING_STATUSES).describe('draft: saved, not published (a listing already published keeps its status)'),
    draft_id: z.string(),
    extra_categories: z
      .array(z.string())
      .describe("The draft's other categories (slugs), kept for a paid launch, which adds up to three; a free listing has one"),
    next_step: z.string(),
  }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ id }, { services, caller }) {
    const draft = await ownDraft(services.db, caller, id);
    const { result } = (await changeDraft(services.db, draft.id, services.now, (locked, tx) =>
      writeSubmission(tx, locked, services.now()),
    ))!;
    const extra = result.extraCategories;
    const kept =
      extra.length > 0
        ? ` The categories ${extra.join(', ')} are kept for a paid launch (quote_order takes them as items[].categories); a free listing shows only its first.`
        : '';
    // writeSubmission refuses a published listing (409), so what it saved is a listing in status draft.
    return {
      listing_id: result.listingId,
      status: 'draft' as const,
      draft_id: draft.id,
      extra_categories: extra,
      next_step: `Saved, not published.${kept} ${AFTER_PUBLISHING}`,
    };
  },
});
