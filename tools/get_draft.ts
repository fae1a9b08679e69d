import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { ownDraft, viewOfDraft } from '../src/drafting/draft-access.js';
import { draftOutput } from '../src/drafting/draft-view.js';

export default defineTool({
  name: 'get_draft',
  title: 'Get a draft',
  toolset: 'submission',
  description:
    'One of your drafts: status (crawling, drafting, ready, failed with a reason, submitted), completeness and what is missing, every profile field with its value, state (ai, not_found, edited, manual, override, deleted) and the website quotes that support it, FAQs, founders, socials, story, milestones, SEO and the listing made from it. While crawling, drafting or regenerating, call again after poll_after_seconds. Needs account:read.',
  http: { method: 'GET', path: '/drafts/{id}', status: 200 },
  scopes: ['account:read'],
  idempotencyKey: false,
  errorStatuses: [401, 403, 404],
  input: z.strictObject({ id: z.uuid().describe('The draft id from submit_listing or list_my_drafts') }),
  output: draftOutput,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler({ id }, { services, caller }) {
    return viewOfDraft(services.db, await ownDraft(services.db, caller, id));
  },
});
