import type Router from '@koa/router';
import type { Context } from 'koa';
import { html } from '../../src/text/html.js';
import { confirmEmailClaim, emailClaimOfToken } from '../../src/claims/claims.js';
import { ownerAddedMails } from '../../src/claims/claim-mail.js';
import { csrfFor, submittedForm, type PageEnv } from './env.js';
import { hiddenCsrf, renderPage } from './layout.js';
import { queryValue } from './request-values.js';

/**
 * The link of an e-mail claim. GET only asks "Confirm?": mail scanners open every link, so opening it must not
 * verify anything. The button POSTs the token, which verifies the claim: the claimant becomes an owner of the
 * listing and its other owners are told. Whoever reads the mailbox at the listing's domain may press it; no
 * sign-in is needed, since the account that claimed is fixed by the claim.
 */
export function claimConfirmRoutes(router: Router, env: PageEnv): void {
  router.get('/claims/confirm', async (ctx) => {
    const token = queryValue(ctx, 'token') ?? '';
    const claim = token ? await emailClaimOfToken(env.db, token, env.now()) : undefined;
    if (!claim) return linkNoLongerValid(ctx);
    renderPage(
      ctx,
      'Confirm the claim?',
      html`<p><strong>${claim.claimantEmail}</strong> asked to become an owner of the listing of <strong>${claim.listingName}</strong>
and named <strong>${claim.email}</strong> at ${claim.domain} as proof.</p>
<p>Confirm only if you know about this: they will be able to edit the listing.</p>
<form method="post" action="/claims/confirm">${hiddenCsrf(csrfFor(ctx, env))}<input type="hidden" name="token" value="${token}"><button type="submit">Confirm the claim</button></form>`,
    );
  });

  router.post('/claims/confirm', async (ctx) => {
    const form = submittedForm(ctx);
    const outcome = form.token ? await confirmEmailClaim(env.db, form.token, env.now()) : undefined;
    if (!outcome?.verified) return linkNoLongerValid(ctx);
    for (const mail of ownerAddedMails(outcome.claim, outcome.verified, env.publicUrl)) await env.mailer.send(mail);
    renderPage(
      ctx,
      'Claim confirmed',
      html`<p class="notice" role="status">Thank you: <strong>${outcome.verified.claimantEmail}</strong> is now an owner of
<strong>${outcome.claim.listing_name}</strong>.</p>`,
    );
  });
}

function linkNoLongerValid(ctx: Context): void {
  ctx.status = 400;
  renderPage(
    ctx,
    'This link is no longer valid',
    html`<p class="error" role="alert">The claim was already confirmed, has expired or was replaced, or the link is incomplete. Whoever made the claim can start a new one.</p>`,
  );
}
