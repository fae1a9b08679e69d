import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { recordId } from '../src/schema.js';
import { InvalidStateError } from '../src/errors.js';
import { expireClaims, failClaim, ownClaim, ownClaimAndListing, recordCheck } from '../src/claims/claims.js';
import { claimSchema } from '../src/claims/claim-schema.js';
import { ownerAddedMails } from '../src/claims/claim-mail.js';
import { loadSiteName } from '../src/catalogue/site-settings.js';
import { checkProof } from '../src/claims/proofs.js';
import type { RatePolicy } from '../src/rate-limit/counter.js';
import { countOrRefuse } from '../src/rate-limit/count-or-refuse.js';
import { crawlerUserAgent } from '../src/crawler/crawl-site.js';
import { queueMail } from '../src/jobs/mail-job.js';

/** Checks of one claim: each looks up DNS or fetches a page of someone else's site. */
const CHECKS: RatePolicy = { name: 'verify_claim', limit: 5, windowSeconds: 60 };

export default defineTool({
  name: 'verify_claim',
  title: 'Verify a claim',
  toolset: 'claims',
  description:
    'Checks now for the proof of a pending dns, meta or file claim. Found: verified, and you become an owner of the listing (other owners are e-mailed). Not found: still pending; last_check says what was found. At most 5 checks a minute per claim. E-mail claims are verified by the mailed link.',
  http: { method: 'POST', path: '/claims/{claim_id}/verify', status: 200 },
  scopes: ['listings:write'],
  idempotencyKey: false,
  errorStatuses: [404, 409],
  input: z.strictObject({ claim_id: recordId('From claim_listing or list_my_claims') }),
  output: claimSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async handler({ claim_id }, { services, caller }) {
    const { db, config } = services;
    const now = services.now();
    const { claim, listing } = await ownClaimAndListing(db, caller.accountId, claim_id);
    if (claim.status === 'verified') return claim;
    if (claim.status === 'pending' && Date.parse(claim.expires_at) <= now.getTime()) await expireClaims(db, now);
    if (claim.status !== 'pending' || Date.parse(claim.expires_at) <= now.getTime())
      throw new InvalidStateError(
        `This claim is ${claim.status === 'pending' ? 'expired' : claim.status}; claim_listing starts a new one.`,
      );
    if (claim.method === 'email')
      throw new InvalidStateError(`E-mail claims are verified by opening the link mailed to ${claim.email} and pressing its button.`);
    await countOrRefuse(db, `verify_claim:${claim.id}`, CHECKS, now, `At most ${CHECKS.limit} checks a minute per claim.`);
    if (listing.domain !== claim.domain) {
      await failClaim(db, claim.id, `The listing's domain changed from ${claim.domain} to ${listing.domain}: claim it again.`, now);
      return ownClaim(db, caller.accountId, claim.id);
    }
    const check = await checkProof({ method: claim.method, domain: claim.domain, token: claim.token ?? '' }, listing.url, {
      dnsServers: config.dnsServers,
      allowHosts: config.outboundAllowHosts,
      userAgent: crawlerUserAgent(config.publicUrl),
    });
    const verified = await recordCheck(db, claim.id, check, now);
    const answer = await ownClaim(db, caller.accountId, claim.id);
    if (verified) {
      const site = { publicUrl: config.publicUrl, siteName: await loadSiteName(db) };
      for (const mail of ownerAddedMails(answer, verified, site)) await queueMail(services.jobs, mail);
    }
    return answer;
  },
});
