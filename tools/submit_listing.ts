import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { insertDraft, setDraftStatus } from '../src/drafting/draft-store.js';
import { checkSubmissionUrl, submissionUrlProblem, viewOfDraft } from '../src/drafting/draft-access.js';
import { draftOutput } from '../src/drafting/draft-view.js';
import { DRAFT_SITE_JOB } from '../src/drafting/pipeline.js';
import { LIMITS } from '../src/drafting/profile-fields.js';
import { webAddress } from '../src/schema.js';

export default defineTool({
  name: 'submit_listing',
  title: 'Submit a product by its website',
  toolset: 'submission',
  description:
    "Starts a listing from the product's website: answers at once with a draft in status crawling, then reads the site (obeying robots.txt) and drafts the profile in the background. Poll get_draft every poll_after_seconds until ready (or failed, with a reason). Every drafted value quotes the site as evidence; what it does not state stays empty (not_found), never invented. Nothing is published or charged. 20 an hour per account. Needs listings:write.",
  http: { method: 'POST', path: '/drafts', status: 201 },
  scopes: ['listings:write'],
  idempotencyKey: true,
  errorStatuses: [401, 403],
  // decisions.md: 20 an hour per account (a site setting once rate limits are configurable).
  accountRateLimit: { setting: 'submit_listing_per_hour', windowSeconds: 3600 },
  input: z.strictObject({
    url: webAddress('http or https', LIMITS.url, (url) => submissionUrlProblem(url, [])).describe(
      'The product website, http:// or https:// and a public host name (an internationalised name in its xn-- form)',
    ),
  }),
  output: draftOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async handler({ url }, { services, caller }) {
    const checked = checkSubmissionUrl(url, services.config.crawlerAllowHosts);
    const draft = await insertDraft(services.db, caller.accountId, checked, services.now());
    try {
      await services.jobs.enqueue(DRAFT_SITE_JOB, { draftId: draft.id });
    } catch (error) {
      await setDraftStatus(
        services.db,
        draft.id,
        'failed',
        services.now(),
        'The service could not start reading the site; submit it again in a minute.',
      );
      throw error;
    }
    return viewOfDraft(services.db, draft);
  },
});
