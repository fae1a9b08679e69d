import type Router from '@koa/router';
import type { Context } from 'koa';
import { html } from '../../src/text/html.js';
import { acceptInvite, findPendingInvite } from '../../src/drafting/draft-invites.js';
import { csrfFor, submittedForm, type PageEnv } from './env.js';
import { hiddenCsrf, renderPage } from './layout.js';
import { queryValue } from './request-values.js';
import { requireSignedIn } from './require-sign-in.js';

/** The link of a co-founder invite: a signed-in person confirms, and becomes an owner of the draft and its listing. */
export function inviteRoutes(router: Router, env: PageEnv): void {
  router.get('/invites/accept', async (ctx) => {
    const token = queryValue(ctx, 'token') ?? '';
    const account = await requireSignedIn(ctx, env, `/invites/accept?token=${encodeURIComponent(token)}`);
    if (!account) return;
    const invite = token ? await findPendingInvite(env.db, token, env.now()) : undefined;
    if (!invite) return inviteNoLongerValid(ctx);
    if (account.email !== invite.email) return wrongAccount(ctx, invite.email, account.email);
    renderPage(
      ctx,
      'Join as a co-founder?',
      html`<p>You were invited to co-own <strong>${invite.name ?? invite.url}</strong> (${invite.url}) on the launch directory.</p>
<p>Accepting makes <strong>${account.email}</strong> an owner of its draft and listing.</p>
<form method="post" action="/invites/accept">${hiddenCsrf(csrfFor(ctx, env))}<input type="hidden" name="token" value="${token}"><button type="submit">Accept</button></form>`,
      { signedInEmail: account.email },
    );
  });

  router.post('/invites/accept', async (ctx) => {
    const form = submittedForm(ctx);
    const account = await requireSignedIn(ctx, env, '/account');
    if (!account) return;
    const outcome = await acceptInvite(env.db, form.token ?? '', account, env.now());
    if (outcome.kind === 'invalid') return inviteNoLongerValid(ctx);
    if (outcome.kind === 'wrong_account') return wrongAccount(ctx, outcome.invite.email, account.email);
    const product = outcome.invite.name ?? outcome.invite.url;
    renderPage(
      ctx,
      outcome.kind === 'accepted' ? 'You are a co-founder now' : 'You already own this draft',
      outcome.kind === 'accepted'
        ? html`<p class="notice" role="status">You now co-own <strong>${product}</strong>. Your assistant can see it with list_my_drafts.</p>`
        : html`<p class="notice" role="status">You already own <strong>${product}</strong>; the invite stays unused for the person it was sent to.</p>`,
      { signedInEmail: account.email },
    );
  });
}

function wrongAccount(ctx: Context, invited: string, signedIn: string): void {
  ctx.status = 403;
  renderPage(
    ctx,
    'This invite is for another address',
    html`<p class="error" role="alert">The invite was sent to <strong>${invited}</strong>, and you are signed in as <strong>${signedIn}</strong> (or have not confirmed that address yet).</p>
<p>Sign in with the invited address (create the account if needed and confirm it), then open the link again.</p>`,
    { signedInEmail: signedIn },
  );
}

function inviteNoLongerValid(ctx: Context): void {
  ctx.status = 400;
  renderPage(
    ctx,
    'This invite is no longer valid',
    html`<p class="error" role="alert">The invite was already used, has expired, or the link is incomplete. Ask the founder who invited you to send a new one.</p>`,
  );
}
