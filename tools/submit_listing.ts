import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { setDraftStatus } from '../src/drafting/draft-store.js';
import { draftForSite, viewOfDraft } from '../src/drafting/draft-access.js';
import { checkSubmissionUrl, submissionUrlProblem } from '../src/security/url-policy.js';
import { briefDraftView, DRAFT_VIEWS, draftOutput } from '../src/drafting/draft-view.js';
import { DRAFT_SITE_JOB } from '../src/drafting/pipeline.js';
import { LIMITS } from '../src/drafting/profile-fields.js';
import { webAddress } from '../src/schema.js';

export default defineTool({
  name: 'submit_listing',
  title: 'Submit a product by its website',
  toolset: 'submission',
  description:
    "Drafts a listing from the product's website in the background (obeying robots.txt), answering at once with a draft in status crawling. Poll get_draft every poll_after_seconds until ready (or failed, with a reason). Drafted values quote the site; what it does not state stays empty (not_found), never invented. Same site again (any subdomain): your open draft. Already listed: 409 (claim_listing). Nothing is published or charged. 20 an hour per account.",
  http: { method: 'POST', path: '/drafts', status: 201, existing: { status: 200, when: (result) => !result.created } },
  scopes: ['listings:write'],
  idempotencyKey: true,
  errorStatuses: [409],
  // decisions.md: 20 an hour per account (a site setting once rate limits are configurable).
  accountRateLimit: { setting: 'submit_listing_per_hour', windowSeconds: 3600 },
  crossFieldRules: [{ path: /^\/url$/, message: /public website|private or reserved/ }],
  input: z.strictObject({
    url: webAddress('http or https', LIMITS.url, (url) => submissionUrlProblem(url, [])).describe(
      'http(s) and a public host name (an internationalised one in its xn-- form)',
    ),
    view: z.enum(DRAFT_VIEWS).default('full').describe("brief: as get_draft's brief view"),
  }),
  output: draftOutput.extend({ created: z.boolean().describe('false: your open draft of the same site, answered again (REST 200)') }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async handler({ url, view }, { services, caller }) {
    const checked = checkSubmissionUrl(url, services.config.outboundAllowHosts);
    const { draft, created } = await draftForSite(services.db, caller.accountId, checked, services.now());
    const answer = async () => {
      const full = await viewOfDraft(services.db, draft);
      return { ...(view === 'brief' ? briefDraftView(full) : full), created };
    };
    if (!created) return answer();
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
    return answer();
  },
});
