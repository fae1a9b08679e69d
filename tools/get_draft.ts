import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { ownDraft, viewOfDraft } from '../src/drafting/draft-access.js';
import { briefDraftView, DRAFT_VIEWS, draftOutput } from '../src/drafting/draft-view.js';

export default defineTool({
  name: 'get_draft',
  title: 'Get a draft',
  toolset: 'submission',
  description:
    'One of your drafts: status, completeness, what is missing, each profile field with its value, state (pending until drafted; not_found: the site does not say) and supporting website quotes, what submit_draft still needs (needed_to_save), the rest of the profile and the listing made from it. While crawling, drafting or regenerating, call again after poll_after_seconds.',
  http: { method: 'GET', path: '/drafts/{id}', status: 200 },
  scopes: ['account:read'],
  idempotencyKey: false,
  errorStatuses: [404],
  input: z.strictObject({
    id: z.uuid().describe('From submit_listing or list_my_drafts'),
    view: z.enum(DRAFT_VIEWS).default('full').describe('brief: without website quotes and empty fields (for polling)'),
  }),
  output: draftOutput,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler({ id, view }, { services, caller }) {
    const draft = await viewOfDraft(services.db, await ownDraft(services.db, caller, id));
    return view === 'brief' ? briefDraftView(draft) : draft;
  },
});
