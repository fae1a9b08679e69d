import type Router from '@koa/router';
import type { Context } from 'koa';
import { html, type SafeHtml } from '../text/html.js';
import { acceptInvite, findPendingInvite } from '../drafting/draft-invites.js';
import { renderSitePage } from '../web/layout.js';
import { type SiteDeps, signedInVisit, type Visit } from './visit.js';

/** The link of a co-founder invite: a signed-in person confirms, and becomes an owner of the draft and its listing. */
export function inviteRoutes(router: Router, site: SiteDeps): void {
  const { services, kit } = site;

  router.get('/invites/accept', async (ctx) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    const seen = await signedInVisit(ctx, site, `/invites/accept?token=${encodeURIComponent(token)}`);
    if (!seen) return;
    const { account } = seen;
    const invite = token ? await findPendingInvite(services.db, token, services.now()) : undefined;
    if (!invite) return inviteNoLongerValid(ctx, seen);
    if (account.email !== invite.email) return wrongAccount(ctx, seen, invite.email);
    invitePage(
      ctx,
      seen,
      'Join as a co-founder?',
      html`<p>You were invited to co-own <strong>${invite.name ?? invite.url}</strong> (${invite.url}) on ${seen.settings.site_name}.</p>
<p>Accepting makes <strong>${account.email}</strong> an owner of its draft and listing.</p>
<form method="post" action="/invites/accept">${kit.csrfField(ctx)}<input type="hidden" name="token" value="${token}"><button type="submit">Accept</button></form>`,
    );
  });

  router.post('/invites/accept', async (ctx) => {
    const form = kit.form(ctx);
    const seen = await signedInVisit(ctx, site, '/account');
    if (!seen) return;
    const { account } = seen;
    const outcome = await acceptInvite(services.db, form.token ?? '', account, services.now());
    if (outcome.kind === 'invalid') return inviteNoLongerValid(ctx, seen);
    if (outcome.kind === 'wrong_account') return wrongAccount(ctx, seen, outcome.invite.email);
    const product = outcome.invite.name ?? outcome.invite.url;
    invitePage(
      ctx,
      seen,
      outcome.kind === 'accepted' ? 'You are a co-founder now' : 'You already own this draft',
      outcome.kind === 'accepted'
        ? html`<p class="notice" role="status">You now co-own <strong>${product}</strong>. Your assistant can see it with list_my_drafts.</p>`
        : html`<p class="notice" role="status">You already own <strong>${product}</strong>; the invite stays unused for the person it was sent to.</p>`,
    );
  });
}

/** A page of the invite link (its address carries the token): not indexed, kept by no cache. */
function invitePage(ctx: Context, seen: Visit, title: string, body: SafeHtml): void {
  renderSitePage(ctx, seen.env, {
    title,
    description: 'An invite to co-own a listing.',
    path: ctx.path,
    account: seen.account,
    noindex: true,
    noStore: true,
    body,
  });
}

function wrongAccount(ctx: Context, seen: Visit & { account: { email: string } }, invited: string): void {
  ctx.status = 403;
  invitePage(
    ctx,
    seen,
    'This invite is for another address',
    html`<p class="error" role="alert">The invite was sent to <strong>${invited}</strong>, and you are signed in as <strong>${seen.account.email}</strong> (or have not confirmed that address yet).</p>
<p>Sign in with the invited address (create the account if needed and confirm it), then open the link again.</p>`,
  );
}

function inviteNoLongerValid(ctx: Context, seen: Visit): void {
  ctx.status = 400;
  invitePage(
    ctx,
    seen,
    'This invite is no longer valid',
    html`<p class="error" role="alert">The invite was already used, has expired, or the link is incomplete. Ask the founder who invited you to send a new one.</p>`,
  );
}
