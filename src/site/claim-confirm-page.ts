import type Router from '@koa/router';
import type { Context } from 'koa';
import { html, type SafeHtml } from '../text/html.js';
import { confirmEmailClaim, emailClaimOfToken } from '../claims/claims.js';
import { ownerAddedMails } from '../claims/claim-mail.js';
import { queuedMailer } from '../jobs/mail-job.js';
import { renderSitePage } from '../web/layout.js';
import { type SiteDeps, type Visit, visit } from './visit.js';

/**
 * The link of an e-mail claim. GET only asks "Confirm?": mail scanners open every link, so opening it must not
 * verify anything. The button POSTs the token, which verifies the claim: the claimant becomes an owner of the
 * listing and its other owners are told. Whoever reads the mailbox at the listing's domain may press it; no
 * sign-in is needed, since the account that claimed is fixed by the claim.
 */
export function claimConfirmRoutes(router: Router, site: SiteDeps): void {
  const { services, kit } = site;
  // The owners' mail goes out through the job queue, like all the pages' mail.
  const mailer = queuedMailer(services.jobs);

  router.get('/claims/confirm', async (ctx) => {
    const seen = await visit(ctx, site);
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    const claim = token ? await emailClaimOfToken(services.db, token, services.now()) : undefined;
    if (!claim) return linkNoLongerValid(ctx, seen);
    claimPage(
      ctx,
      seen,
      'Confirm the claim?',
      html`<p><strong>${claim.claimantEmail}</strong> asked to become an owner of the listing of <strong>${claim.listingName}</strong>
and named <strong>${claim.email}</strong> at ${claim.domain} as proof.</p>
<p>Confirm only if you know about this: they will be able to edit the listing.</p>
<form method="post" action="/claims/confirm">${kit.csrfField(ctx)}<input type="hidden" name="token" value="${token}"><button type="submit">Confirm the claim</button></form>`,
    );
  });

  router.post('/claims/confirm', async (ctx) => {
    const form = kit.form(ctx);
    const seen = await visit(ctx, site);
    const outcome = form.token ? await confirmEmailClaim(services.db, form.token, services.now()) : undefined;
    if (!outcome?.verified) return linkNoLongerValid(ctx, seen);
    const mailSite = { publicUrl: services.config.publicUrl, siteName: seen.settings.site_name };
    for (const mail of ownerAddedMails(outcome.claim, outcome.verified, mailSite)) await mailer.send(mail);
    claimPage(
      ctx,
      seen,
      'Claim confirmed',
      html`<p class="notice" role="status">Thank you: <strong>${outcome.verified.claimantEmail}</strong> is now an owner of
<strong>${outcome.claim.listing_name}</strong>.</p>`,
    );
  });
}

/** A page of the claim link (its address carries the token): not indexed, kept by no cache. */
function claimPage(ctx: Context, seen: Visit, title: string, body: SafeHtml): void {
  renderSitePage(ctx, seen.env, {
    title,
    description: 'The confirmation of a claim to a listing.',
    path: ctx.path,
    account: seen.account,
    noindex: true,
    noStore: true,
    body,
  });
}

function linkNoLongerValid(ctx: Context, seen: Visit): void {
  ctx.status = 400;
  claimPage(
    ctx,
    seen,
    'This link is no longer valid',
    html`<p class="error" role="alert">The claim was already confirmed, has expired or was replaced, or the link is incomplete. Whoever made the claim can start a new one.</p>`,
  );
}
