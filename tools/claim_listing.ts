import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { slug } from '../src/schema.js';
import { CLAIM_METHODS } from '../src/db/entities/claim.js';
import { claimListing } from '../src/claims/claims.js';
import { claimSchema } from '../src/claims/claim-schema.js';
import { claimLinkMail } from '../src/claims/claim-mail.js';
import { loadSiteName } from '../src/catalogue/site-settings.js';
import { findAccount } from '../src/accounts/accounts.js';
import { queueMail } from '../src/jobs/mail-job.js';
import type { RatePolicy } from '../src/rate-limit/counter.js';
import { countOrRefuse } from '../src/rate-limit/count-or-refuse.js';

/** E-mail claims each mail an address the caller does not control: at most this many an hour per account. */
const EMAIL_CLAIMS: RatePolicy = { name: 'claim_listing_email', limit: 10, windowSeconds: 3600 };

export default defineTool({
  name: 'claim_listing',
  title: 'Claim a listing',
  toolset: 'claims',
  description:
    'Takes over a listing someone else added by proving control of its domain. Answers a pending claim with what to publish: dns (a TXT record), meta (a homepage tag) or file (under /.well-known/), then verify_claim; or email (an address at the domain, not free mail; 10 an hour), verified by the mailed link. Claiming again answers your pending claim, switched to the method asked; it expires in 14 days.',
  http: { method: 'POST', path: '/claims', status: 201 },
  scopes: ['listings:write'],
  idempotencyKey: true,
  errorStatuses: [404, 409],
  crossFieldRules: [
    { path: /^\/email$/, message: /must be at|given to anyone|only used with method|needs an address/ },
    { path: /^\/slug$/, message: /cannot be claimed/ },
  ],
  input: z.strictObject({
    slug: slug('listing'),
    method: z.enum(CLAIM_METHODS),
    email: z.email().max(254).optional().describe('For method email'),
  }),
  output: claimSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async handler({ slug, method, email }, { services, caller }) {
    if (method === 'email') {
      const detail = `At most ${EMAIL_CLAIMS.limit} e-mail claims an hour per account.`;
      await countOrRefuse(services.db, `claim_email:${caller.accountId}`, EMAIL_CLAIMS, services.now(), detail);
    }
    const { claim, emailToken } = await claimListing(services.db, {
      accountId: caller.accountId,
      slug,
      method,
      email,
      now: services.now(),
      allowHosts: services.config.outboundAllowHosts,
    });
    if (emailToken) {
      const claimant = await findAccount(services.db, caller.accountId);
      await queueMail(
        services.jobs,
        claimLinkMail(claim, emailToken, claimant?.email ?? 'Someone', {
          publicUrl: services.config.publicUrl,
          siteName: await loadSiteName(services.db),
        }),
      );
    }
    return claim;
  },
});
